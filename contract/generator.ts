import { z } from 'zod';
import { UNIT_TYPES } from './project-types.ts';
import { LIMITS } from './limits.ts';

export interface RoomTemplate {
  prefix: string;
  startNumber: number;
  endNumber: number;
  facilityType: string;
  roomType: string;
}

/** Quick templates (docs/product.md "Worker pages"). */
export const QUICK_TEMPLATES: Record<'medium' | 'large' | 'mixed', RoomTemplate[]> = {
  medium: [
    { prefix: 'A', startNumber: 101, endNumber: 150, facilityType: 'construction', roomType: 'apartment' },
    { prefix: 'B', startNumber: 201, endNumber: 250, facilityType: 'construction', roomType: 'apartment' },
    { prefix: 'C', startNumber: 301, endNumber: 320, facilityType: 'construction', roomType: 'penthouse' },
  ],
  large: [
    { prefix: '', startNumber: 101, endNumber: 199, facilityType: 'construction', roomType: 'apartment' },
    { prefix: '', startNumber: 201, endNumber: 299, facilityType: 'construction', roomType: 'apartment' },
    { prefix: '', startNumber: 301, endNumber: 350, facilityType: 'construction', roomType: 'penthouse' },
  ],
  mixed: [
    { prefix: 'A', startNumber: 1, endNumber: 30, facilityType: 'commercial', roomType: 'commercial_space' },
    { prefix: 'B', startNumber: 1, endNumber: 25, facilityType: 'construction', roomType: 'studio' },
    { prefix: 'P', startNumber: 1, endNumber: 20, facilityType: 'construction', roomType: 'parking' },
  ],
};

export const MAX_PREFIX = 3;
export const MAX_BULK_UNITS = LIMITS.unitsPerBulkRequest;
export const TOO_MANY_BULK_UNITS = `One request can create at most ${MAX_BULK_UNITS} units`;
export const TOO_MANY_PROJECT_UNITS = `A project can have at most ${LIMITS.unitsPerProject} units`;

/** Start and end fall back to 1 on invalid input (docs/product.md "Validation rules"). */
export const parseRangeNumber = (v: unknown): number => {
  const n = typeof v === 'number' ? v : parseInt(String(v ?? ''), 10);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** The labels a set of templates produces, in order, without duplicates. Invalid templates are ignored. */
export function expandTemplates(templates: RoomTemplate[]): { number: string; facilityType: string; type: string }[] {
  const seen = new Set<string>();
  const out: { number: string; facilityType: string; type: string }[] = [];
  for (const t of templates) {
    if (t.prefix.length > MAX_PREFIX) continue;
    const start = parseRangeNumber(t.startNumber);
    const end = parseRangeNumber(t.endNumber);
    if (end < start) continue;
    for (let n = start; n <= end && out.length < MAX_BULK_UNITS; n++) {
      const number = `${t.prefix}${n}`;
      if (seen.has(number)) continue;
      seen.add(number);
      out.push({ number, facilityType: t.facilityType, type: t.roomType });
    }
  }
  return out;
}

/**
 * How labels compare (docs/product.md "One unit per label"): "a101" and "A101" are one unit. The
 * same lower-casing as the database's `lower()` for the letters labels use.
 */
export const unitLabelKey = (label: string) => label.toLowerCase();

/** The text of a label before its first digit: "B" of "B220", "" of "101". */
const labelPrefix = (label: string) => /^\D*/.exec(label)?.[0] ?? '';

/**
 * What a bulk create does with its labels against the project's (docs/product.md "Validation
 * rules", Generator): a label the project has in any case, or that repeats one before it, is
 * skipped; a new label whose prefix the project already writes in another case takes the project's
 * case ("b226" beside "B220" is created as "B226"), so the generator never makes look-alike units
 * that differ only by case. The web's preview and the server both answer with this one function,
 * so the preview counts what the server creates.
 */
export function planBulkUnits<T extends { number: string }>(
  rooms: readonly T[],
  existingLabels: Iterable<string>,
): { fresh: T[]; skipped: number } {
  const labels = [...existingLabels];
  const have = new Set(labels.map(unitLabelKey));
  const inProjectCase = projectCaseOf(labels);
  const fresh: T[] = [];
  for (const room of rooms) {
    if (have.has(unitLabelKey(room.number))) continue;
    have.add(unitLabelKey(room.number));
    const number = inProjectCase(room.number);
    fresh.push(number === room.number ? room : { ...room, number });
  }
  return { fresh, skipped: rooms.length - fresh.length };
}

/** A label with its prefix written as the project already writes it ("b226" → "B226" beside "B220"); see planBulkUnits. */
export function projectCaseOf(existingLabels: Iterable<string>): (label: string) => string {
  const prefixCase = new Map<string, string>();
  for (const label of existingLabels) {
    const prefix = labelPrefix(label);
    const known = prefixCase.get(unitLabelKey(prefix));
    // A project with both "b1" and "B2" (from before labels were compared so): the same choice
    // whatever order the labels come in, so the web and the server agree.
    if (prefix && (known === undefined || prefix < known)) prefixCase.set(unitLabelKey(prefix), prefix);
  }
  return (label) => {
    const prefix = labelPrefix(label);
    const projectCase = prefixCase.get(unitLabelKey(prefix)) ?? prefix;
    return projectCase + label.slice(prefix.length);
  };
}

export const bulkRoomsInput = z.object({
  rooms: z
    .array(
      z.object({
        number: z.string().trim().min(1).max(30),
        facilityType: z.string().trim().max(40).optional(),
        type: z.enum(UNIT_TYPES).default('apartment'),
        floor: z.number().int().min(-20).max(300).nullable().optional(),
        status: z.string().optional(),
      }),
    )
    .min(1, 'No rooms to create')
    .max(MAX_BULK_UNITS, TOO_MANY_BULK_UNITS),
});
export type BulkRoomsInput = z.output<typeof bulkRoomsInput>;
export const bulkRoomsResult = z.object({ created: z.number().int(), skipped: z.number().int(), message: z.string() });
