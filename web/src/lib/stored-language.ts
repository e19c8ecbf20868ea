import { DEFAULT_LOCALE, LOCALES, type Locale } from '#contract/constants.ts';

/**
 * The language this phone or browser chose, as kept in localStorage. A module of its own, without
 * i18next: the unit page's first script reads it too (docs/decisions/025-first-requests.md).
 */
export const LANGUAGE_STORAGE_KEY = 'shalav.language';

/** A language name as one of the app's locales; anything else is the default (Hebrew). */
export const localeOf = (lng: string | null | undefined): Locale =>
  lng && (LOCALES as readonly string[]).includes(lng) ? (lng as Locale) : DEFAULT_LOCALE;

export function storedLanguage(): Locale {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (v) return localeOf(v);
  } catch {
    /* storage unavailable */
  }
  return DEFAULT_LOCALE;
}
