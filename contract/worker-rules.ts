import { MAX_UNIT_SUGGESTIONS } from './constants.ts';

/* Worker-page rules shared by server and web. No zod here: the worker pages' bundle must stay small. */

/**
 * How far a completion's own time may be from the server's clock (docs/product.md "Working without
 * signal"): a phone's clock a few minutes fast is taken as "now"; further ahead is refused, and so
 * is a completion older than a week (iOS forgets a site's storage after seven days unused anyway).
 */
export const COMPLETED_AT_CLOCK_SKEW_MS = 5 * 60_000;
export const COMPLETED_AT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/**
 * A completion that reached the server this long after its own time was kept on a phone without
 * signal: the manager's work tracking says when it arrived (its time came from the phone).
 */
export const RECEIVED_LATE_AFTER_MS = 10 * 60_000;

/** The automatic notes of a worker report: the unit number and, when known, the floor. */
export const locationNote = (number: string, floor: number | null | undefined) =>
  floor === null || floor === undefined ? `דירה ${number}` : `דירה ${number}, קומה ${floor}`;

/** Unit suggestions on the QR page (docs/product.md "Validation rules"): case-insensitive substring of name or number, or digits only; at most 10. */
export function suggestUnits<T extends { number: string; name: string | null }>(units: T[], typed: string): T[] {
  const q = typed.trim().toLowerCase();
  if (!q) return units.slice(0, MAX_UNIT_SUGGESTIONS);
  const digits = q.replace(/\D/g, '');
  return units
    .filter((u) => {
      const number = u.number.toLowerCase();
      const name = (u.name ?? '').toLowerCase();
      return number.includes(q) || name.includes(q) || (digits !== '' && number.replace(/\D/g, '').includes(digits));
    })
    .slice(0, MAX_UNIT_SUGGESTIONS);
}

/**
 * The worker pages' per-device id (docs/decisions/012-worker-rate-limits.md): random, made on the
 * phone's first visit and kept there, sent on every worker API request so the server's limits count
 * each phone, not the crew's one shared address.
 */
export const DEVICE_HEADER = 'X-Shalav-Device';
/** What a device id may look like: a UUID or another 16–64 letters, digits and dashes. */
export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9-]{16,64}$/.test(value);

/**
 * Minutes during which the phone that completed a stage may undo it (docs/decisions/029-quality-loop.md);
 * counted from when the server received the completion. Later only a manager's rejection reopens it.
 */
export const UNDO_WINDOW_MINUTES = 10;
