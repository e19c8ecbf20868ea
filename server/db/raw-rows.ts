/**
 * Reading the rows of a raw `db.execute(sql…)` (docs/decisions/019-data-access.md). The drivers
 * answer untyped rows and disagree on some types: `count(*)` (bigint) is a number in PGlite and a
 * string in pg, a timestamp may come as a Date or as text. Each raw query turns its rows into a
 * typed object with ONE row mapper built from these readers; a reader that meets a value of
 * another kind throws, so a query and its mapper cannot drift apart silently.
 */
export type RawRow = Record<string, unknown>;

function mismatch(kind: string, value: unknown): never {
  throw new TypeError(`raw row: expected ${kind}, got ${value === null ? 'null' : typeof value}`);
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : mismatch('text', value);
}

export function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : text(value);
}

/** A number, whether the driver sent it as a number, a numeric string or a bigint. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))))
    return Number(value);
  return mismatch('number', value);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

export function bool(value: unknown): boolean {
  return typeof value === 'boolean' ? value : mismatch('boolean', value);
}

/** A timestamp, whether the driver sent it as a Date or as text. */
export function dateOrNull(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  return typeof value === 'string' ? new Date(value) : mismatch('timestamp', value);
}

/** One of a closed list of values (a status column), or a mismatch. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T {
  const found = values.find((v) => v === value);
  return found ?? mismatch(values.join(' | '), value);
}

/** The `n` of a one-row `select count(*) as n …`. */
export const countOf = (rows: RawRow[]): number => num(rows[0]?.n);
