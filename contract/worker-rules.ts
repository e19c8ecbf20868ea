import { MAX_UNIT_SUGGESTIONS } from './constants.ts';

/* Worker-page rules shared by server and web. No zod here: the worker pages' bundle must stay small. */

/** The automatic notes of a worker report: the unit number and, when known, the floor. */
export const locationNote = (number: string, floor: number | null | undefined) =>
  floor === null || floor === undefined ? `דירה ${number}` : `דירה ${number}, קומה ${floor}`;

/** Unit suggestions on the QR page (spec §5): case-insensitive substring of name or number, or digits only; at most 10. */
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
