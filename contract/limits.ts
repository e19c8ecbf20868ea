/**
 * What one tenant may ask of the server at once, so that no project can hold the shared database
 * (one connection on the embedded database) long enough to stall the others. Why these numbers:
 * docs/decisions/014-tenant-limits.md.
 */
export const LIMITS = {
  /** Units (apartments, rooms) one project may have. */
  unitsPerProject: 5000,
  /** Units created by one generator request. */
  unitsPerBulkRequest: 5000,
  /** Units one scheduling request may name. */
  unitsPerSchedule: 5000,
  /** Tasks (stages) one scheduling request may carry. */
  tasksPerSchedule: 100,
  /** Tasks written by one scheduling request: units × tasks. */
  taskRowsPerSchedule: 100_000,
  /** Tasks (stages) one unit may carry. */
  tasksPerUnit: 100,
} as const;

/** Rows per statement when a request writes many: each statement holds the database for ≲ 200 ms. */
export const WRITE_CHUNK_ROWS = 500;

/** `list` cut into consecutive pieces of at most `size`. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
