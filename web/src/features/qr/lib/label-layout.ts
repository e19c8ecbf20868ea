import { compareUnitLabels } from '#contract/rooms.ts';

/** A4 in millimetres. */
export const A4 = { width: 210, height: 297 } as const;

/**
 * Avery L7160 (and compatible 21-up sheets): 3 columns × 7 rows of 63.5 × 38.1 mm labels, top and
 * bottom margins 15.15 mm, side margins 7.25 mm, 2.5 mm between columns and none between rows.
 * 7.25·2 + 63.5·3 + 2.5·2 = 210 and 15.15·2 + 38.1·7 = 297: the grid fills the page exactly.
 */
export const AVERY_L7160 = {
  columns: 3,
  rows: 7,
  labelWidth: 63.5,
  labelHeight: 38.1,
  marginTop: 15.15,
  marginSide: 7.25,
  columnGap: 2.5,
  rowGap: 0,
} as const;
export const LABELS_PER_SHEET = AVERY_L7160.columns * AVERY_L7160.rows;

export type LabelLayout = 'avery' | 'single';
export const labelsPerPage = (layout: LabelLayout) => (layout === 'avery' ? LABELS_PER_SHEET : 1);

/** Split the labels into printed pages, in order. */
export function paginate<T>(items: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}

export type LabelSelection = { mode: 'all' } | { mode: 'prefix'; prefix: string } | { mode: 'picked'; ids: ReadonlySet<string> };

interface Labelled {
  id: string;
  number: string;
}

/**
 * The units a selection prints, in the map's order. A prefix matches the start of the unit number,
 * ignoring case and surrounding spaces ("b" → B201…B250); an empty prefix matches nothing, so a
 * half-typed choice never prints the whole project.
 */
export function selectUnits<T extends Labelled>(units: readonly T[], selection: LabelSelection): T[] {
  const sorted = [...units].sort((a, b) => compareUnitLabels(a.number, b.number));
  switch (selection.mode) {
    case 'all':
      return sorted;
    case 'prefix': {
      const prefix = selection.prefix.trim().toLocaleLowerCase();
      if (!prefix) return [];
      return sorted.filter((u) => u.number.trim().toLocaleLowerCase().startsWith(prefix));
    }
    case 'picked':
      return sorted.filter((u) => selection.ids.has(u.id));
  }
}

/**
 * Prefixes offered as one-tap choices: the letters before the digits (A101 → "A"), or, for purely
 * numeric units of three or more digits, the floor digits (1203 → "12"). Sorted, each once.
 */
export function floorPrefixes(units: readonly Labelled[]): string[] {
  const found = new Set<string>();
  for (const { number } of units) {
    const label = number.trim();
    const letters = label.match(/^[^\d\s]+/u);
    if (letters) found.add(letters[0].replace(/[-_.]+$/, '').toLocaleUpperCase() || letters[0]);
    else if (/^\d{3,5}$/.test(label)) found.add(label.slice(0, -2));
  }
  return [...found].filter(Boolean).sort((a, b) => compareUnitLabels(a, b));
}
