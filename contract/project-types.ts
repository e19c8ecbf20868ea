/**
 * Every project type and every unit type, written once: the values, the order screens list them
 * in, and the i18n key of each label (common.json `projectTypes.<value>` and `unitTypes.<value>`).
 * Every screen that lists them and every server check that validates them reads these lists.
 */

/** The types a project can have, in the order every screen lists them. */
export const PROJECT_TYPES = [
  'construction',
  'residential',
  'commercial',
  'public',
  'infrastructure',
  'renovation',
  'hotel',
  'school',
  'office',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** The types with a task-template list of their own; every other type uses construction's. */
export const TEMPLATE_PROJECT_TYPES = ['construction', 'hotel', 'school', 'office'] as const satisfies readonly ProjectType[];
export type TemplateProjectType = (typeof TEMPLATE_PROJECT_TYPES)[number];

/** The types a unit can have, in the order every screen lists them: a building's first, then rooms. */
export const UNIT_TYPES = [
  'apartment',
  'studio',
  'penthouse',
  'commercial_space',
  'office',
  'corridor',
  'kitchen',
  'bathroom',
  'storage',
  'parking',
  'balcony',
  'lobby',
  'stairwell',
  'elevator',
  'roof',
  'basement',
  'standard',
  'deluxe',
  'luxury',
  'suite',
  'presidential',
  'family',
  'classroom',
  'laboratory',
  'library',
  'cafeteria',
  'meeting_room',
  'workspace',
  'reception',
  'break_room',
  'public_area',
  'laundry',
  'gym',
  'pool',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** The i18n key of a project type's label; any `t` can read it (the `common` namespace is always loaded). */
export const projectTypeLabelKey = (type: string) => `common:projectTypes.${type}`;
/** The i18n key of a unit type's label. */
export const unitTypeLabelKey = (type: string) => `common:unitTypes.${type}`;

/** The distinct `values`, in the order of `list` (values outside it last, sorted): a filter's options. */
export function inListOrder(list: readonly string[], values: Iterable<string>): string[] {
  const present = new Set([...values].filter(Boolean));
  return [...list.filter((v) => present.has(v)), ...[...present].filter((v) => !list.includes(v)).sort()];
}
