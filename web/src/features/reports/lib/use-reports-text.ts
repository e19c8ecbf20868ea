import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { CLEANING_FACILITY_TYPES } from '../../../../../contract/project-types.ts';
import { useAuthUser } from '../../auth/api/auth.ts';

/**
 * `t` for the reports namespace in the project's wording (DESIGN.md "Words follow the facility
 * type"): hotel, school and office projects say "room" (keys with a `_cleaning` variant), every
 * other project "apartment". Also the project's time zone, for report dates.
 */
export function useReportsText() {
  const { t, i18n } = useTranslation('reports');
  const user = useAuthUser().data;
  const context = CLEANING_FACILITY_TYPES.includes(user?.facilityType ?? '') ? 'cleaning' : undefined;
  const tw = useCallback((key: string, options?: Record<string, unknown>): string => t(key, { context, ...options }), [t, context]);
  return { t: tw, lng: i18n.language, timeZone: user?.timezone };
}
