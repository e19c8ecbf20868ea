import { suggestUnits } from '../../../../../contract/worker-rules.ts';

interface UnitLike {
  id: string;
  number: string;
  name: string | null;
}

/**
 * What typing in the unit field means (docs/product.md "QR page"): the suggestions, and the unit chosen without a
 * tap — the only match, or a unit whose number is exactly what was typed (so "12" picks unit 12
 * even though 112 and 120 match too; the others stay in the list to pick instead).
 */
export function resolveUnit<T extends UnitLike>(units: readonly T[], typed: string): { matches: T[]; chosen: T | null } {
  const matches = suggestUnits([...units], typed);
  const q = typed.trim().toLowerCase();
  if (!q) return { matches, chosen: null };
  const exact = units.find((u) => u.number.toLowerCase() === q);
  return { matches, chosen: exact ?? (matches.length === 1 ? matches[0] : null) };
}
