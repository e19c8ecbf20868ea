import { useCallback } from 'react';
import { CLEANING_FACILITY_TYPES } from '#contract/cleaning-types.ts';
import { useAuthUser } from './queries/session.ts';
import { useTranslation } from './i18n-react.tsx';

/**
 * Words follow the project type (docs/product.md, "Words follow the project type"): hotel, school
 * and office projects read as rooms and cleaning; every other project type reads as construction
 * (apartments, stages). Cleaning texts are the `_cleaning` i18next context of the construction key.
 */
export type Wording = 'construction' | 'cleaning';
export const wordingFor = (facilityType: string | null | undefined): Wording =>
  facilityType && CLEANING_FACILITY_TYPES.includes(facilityType) ? 'cleaning' : 'construction';

/**
 * A namespace's texts in the signed-in project's wording: `tw` picks the `_cleaning` variant of a
 * key on a cleaning project (extra options, such as placeholders, are merged in), `t` is the plain
 * namespace `t`. Also the reader's language and the project's time zone, for dates.
 */
export function useWording(ns: string) {
  const { t, i18n } = useTranslation(ns);
  const user = useAuthUser().data;
  const wording = wordingFor(user?.facilityType);
  const context = wording === 'cleaning' ? 'cleaning' : undefined;
  const tw = useCallback((key: string, options?: Record<string, unknown>): string => t(key, { context, ...options }), [t, context]);
  return { t, tw, wording, i18n, lng: i18n.language, timeZone: user?.timezone };
}
