import { suggestUnits } from '#contract/worker-rules.ts';

interface UnitLike {
  id: string;
  number: string;
  name: string | null;
}

/**
 * The one unit whose number is what was typed, without regard to case ("a101" is A101; docs/product.md
 * "Working without signal", "One unit per label"). Legacy projects may hold two units differing only
 * in case: then neither is taken silently, both stay suggestions to tap.
 */
export function exactUnit<T extends UnitLike>(units: readonly T[], typed: string): T | null {
  const q = typed.trim().toLowerCase();
  if (!q) return null;
  const exact = units.filter((u) => u.number.toLowerCase() === q);
  return exact.length === 1 ? exact[0] : null;
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
  const sameNumber = units.filter((u) => u.number.toLowerCase() === q).length;
  if (sameNumber > 1) return { matches, chosen: null };
  return { matches, chosen: exactUnit(units, typed) ?? (matches.length === 1 ? matches[0] : null) };
}
