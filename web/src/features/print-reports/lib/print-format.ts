/**
 * Dates and times on the printed reports, in the project's time zone (the reader's own zone only
 * while the user is still loading); an invalid zone falls back to UTC rather than throwing.
 */
function formatter(lng: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  try {
    return new Intl.DateTimeFormat(lng, { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat(lng, { ...options, timeZone: 'UTC' });
  }
}

/** A moment (ISO text or Date) as date and time, e.g. 10/03/2026, 14:05. */
export function dateTimeFormat(lng: string, timeZone: string | undefined) {
  const fmt = formatter(lng, timeZone, { dateStyle: 'short', timeStyle: 'short' });
  return (at: string | Date | null | undefined) => (at ? fmt.format(typeof at === 'string' ? new Date(at) : at) : '');
}

/** A moment as a date only, e.g. 10 March 2026. */
export function dateFormat(lng: string, timeZone: string | undefined, style: 'short' | 'long' = 'long') {
  const fmt = formatter(lng, timeZone, { dateStyle: style });
  return (at: string | Date | null | undefined) => (at ? fmt.format(typeof at === 'string' ? new Date(at) : at) : '');
}
