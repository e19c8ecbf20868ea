import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { CLEANING_FACILITY_TYPES } from '../../../../../contract/project-types.ts';
import { useAuthUser } from '../../auth/api/auth.ts';

/**
 * `t` for the scheduling namespace in the project's wording (DESIGN.md "Words follow the facility
 * type"): hotel, school and office projects read "rooms" (keys with a `_cleaning` variant),
 * everything else the construction default ("apartments").
 */
export function useSchedulingT() {
  const { t, i18n } = useTranslation('scheduling');
  const facilityType = useAuthUser().data?.facilityType ?? '';
  const context = CLEANING_FACILITY_TYPES.includes(facilityType) ? 'cleaning' : undefined;
  const wt = useCallback((key: string, options?: Record<string, unknown>): string => t(key, { context, ...options }), [t, context]);
  return { t: wt, i18n };
}
