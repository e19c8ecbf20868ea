import { UNIT_TYPES, type UnitType } from '#contract/project-types.ts';
import { MAX_BULK_UNITS, MAX_PREFIX, expandTemplates, parseRangeNumber, planBulkUnits, type RoomTemplate } from '#contract/generator.ts';
import { deriveFloor } from '#contract/rooms.ts';
import type { NewRoom } from '../api/generator.ts';

/** One range as typed: numbers stay text so invalid input can be shown and fall back to 1. */
export interface RangeRow {
  id: number;
  prefix: string;
  start: string;
  end: string;
  facilityType: string;
  roomType: UnitType;
}

export type RowProblem = 'prefixTooLong' | 'endBeforeStart';

let nextRowId = 1;
export const newRowId = () => nextRowId++;

export function rowFromTemplate(t: RoomTemplate): RangeRow {
  const roomType = (UNIT_TYPES as readonly string[]).includes(t.roomType) ? (t.roomType as UnitType) : 'apartment';
  return {
    id: newRowId(),
    prefix: t.prefix,
    start: String(t.startNumber),
    end: String(t.endNumber),
    facilityType: t.facilityType,
    roomType,
  };
}

export function toTemplate(row: RangeRow): RoomTemplate {
  return {
    prefix: row.prefix.trim(),
    startNumber: parseRangeNumber(row.start),
    endNumber: parseRangeNumber(row.end),
    facilityType: row.facilityType,
    roomType: row.roomType,
  };
}

/** Whether the typed number is used as is, or replaced by 1 (docs/product.md "Validation rules"). */
export const fallsBackToOne = (v: string) => {
  const n = parseInt(v, 10);
  return !(Number.isInteger(n) && n >= 1 && String(n) === v.trim());
};

export function rowProblem(row: RangeRow): RowProblem | null {
  if (row.prefix.trim().length > MAX_PREFIX) return 'prefixTooLong';
  const t = toTemplate(row);
  if (t.endNumber < t.startNumber) return 'endBeforeStart';
  return null;
}

export const rowSize = (row: RangeRow) => {
  const t = toTemplate(row);
  return Math.max(0, t.endNumber - t.startNumber + 1);
};

export const rowLabels = (row: RangeRow) => expandTemplates([toTemplate(row)]).map((u) => u.number);

export interface GenerationPlan {
  validRows: number;
  /** Distinct labels of all valid rows, in order (at most MAX_BULK_UNITS). */
  units: NewRoom[];
  /** More labels than one run may create. */
  tooMany: boolean;
  /** What is sent: new labels only, in the project's case (planBulkUnits, as the server does). */
  fresh: NewRoom[];
  existing: number;
}

/** What a press on "create" would do, given the project's labels as written. */
export function planGeneration(rows: RangeRow[], existingLabels: Iterable<string>): GenerationPlan {
  const valid = rows.filter((r) => rowProblem(r) === null);
  const expanded = expandTemplates(valid.map(toTemplate));
  const requested = valid.reduce((sum, r) => sum + rowSize(r), 0);
  const units: NewRoom[] = expanded.map((u) => ({
    number: u.number,
    facilityType: u.facilityType,
    type: u.type as UnitType,
    floor: deriveFloor(u.number),
    status: 'needs_cleaning',
  }));
  const { fresh, skipped } = planBulkUnits(units, existingLabels);
  return {
    validRows: valid.length,
    units,
    tooMany: expanded.length >= MAX_BULK_UNITS && requested > MAX_BULK_UNITS,
    fresh,
    existing: skipped,
  };
}
