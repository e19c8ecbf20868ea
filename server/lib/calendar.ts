/**
 * The calendar: every "today" and every billing date comes from here, each in the one zone its
 * purpose follows (docs/decisions/036-calendar.md):
 * - work (tasks, sessions, the map, quotas, statistics, the daily e-mail): the project's own zone,
 *   `projects.timezone` — a site in Kyiv starts its day at midnight in Kyiv;
 * - billing (registration anchors, invoice and period dates, the VAT in force, next billing date,
 *   paid-until on cancel): Israel's calendar, `BILLING_TIME_ZONE` — the seller issues Israeli tax
 *   invoices, and the engine, the profile and the platform admin must name the same day.
 */
import { BILLING_TIME_ZONE } from '#contract/billing.ts';

export { BILLING_TIME_ZONE };

/** The zone of a project created without one (the column's default). */
export const DEFAULT_PROJECT_TIME_ZONE = 'Asia/Jerusalem';

/**
 * One formatter per purpose and zone, made once: building an `Intl.DateTimeFormat` costs about
 * 0.3 ms, formatting with one about 0.02 ms, and a list of 2,000 projects asks for a date per row
 * (docs/cost-of-growth.md). The zones are the projects' own and the billing one: a handful of names.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'hour' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : kind === 'hour'
          ? new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' })
          : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(key, f);
  }
  return f;
}

/** The project's local calendar date (YYYY-MM-DD) for an instant: "today" is never UTC. */
export function localDate(timeZone: string, at: Date): string {
  const parts = formatter('date', timeZone).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Add whole months to a YYYY-MM-DD date, clamping to the month's last day. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date plus whole days (negative: earlier). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The hour (0–23) of an instant on the clock of a time zone. */
export function localHour(timeZone: string, at: Date): number {
  const hour = formatter('hour', timeZone).format(at);
  return Number(hour);
}

/** The project's working day at `now`. */
export const projectToday = (project: { timezone: string }, now: Date): string => localDate(project.timezone, now);

/** The billing calendar's day at `now`, whatever the project's own zone. */
export const billingToday = (now: Date): string => localDate(BILLING_TIME_ZONE, now);

/** Whole seconds until the next midnight in a time zone (at least one minute). */
export function secondsToLocalMidnight(timeZone: string, at: Date) {
  const parts = formatter('clock', timeZone).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Math.max(60, 86_400 - (get('hour') * 3600 + get('minute') * 60 + get('second')));
}
