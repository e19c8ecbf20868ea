import type { FastifyInstance } from 'fastify';
import { setImmediate, setTimeout } from 'node:timers/promises';

/**
 * The server's database runs its statements on this thread (the embedded one), so long reads take
 * turns with other requests (docs/decisions/034-no-tenant-stalls.md); PostgreSQL runs them elsewhere.
 */
export const takesTurns = (app: FastifyInstance) => app.database.kind === 'pglite';

/** The longest pause after a chunk on the embedded database (`takeTurn`). */
const EMBEDDED_TURN_MAX_MS = 250;

/**
 * Runs `write` on each chunk in turn and lets other requests use the database between chunks: the
 * embedded database runs each statement on this thread, so a request writing chunk after chunk
 * would otherwise go on before any other request has been read. After each chunk it waits half as
 * long as the chunk took (and at least until the waiting I/O has been handled), so a big write gets
 * at most two thirds of the database and everyone else waits for one chunk at most
 * (docs/decisions/014-tenant-limits.md).
 */
export async function writeInTurns<T>(parts: readonly T[], write: (part: T) => Promise<number>): Promise<number> {
  let written = 0;
  for (const [i, part] of parts.entries()) {
    const started = performance.now();
    written += await write(part);
    if (i < parts.length - 1) {
      await setImmediate();
      await setTimeout(Math.min(100, (performance.now() - started) / 2));
    }
  }
  return written;
}

/**
 * A report's independent reads: side by side on PostgreSQL's pool; on the embedded database, which
 * runs them back to back on this thread anyway, one after another with a turn for other requests
 * after each (`takeTurn`, docs/decisions/034-no-tenant-stalls.md), so others wait for the longest
 * read rather than for all of them.
 */
export async function readInTurns<T extends unknown[]>(embedded: boolean, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!embedded) return (await Promise.all(reads.map((read) => read()))) as T;
  const out: unknown[] = [];
  for (const read of reads) {
    const started = performance.now();
    out.push(await read());
    if (out.length < reads.length) await takeTurn(performance.now() - started, true);
  }
  return out as T;
}

/**
 * Lets other requests run between two chunks (docs/decisions/034-no-tenant-stalls.md): the waiting
 * I/O is read first (one turn of the event loop). On the embedded database, which answers one
 * statement at a time on this thread, the export then waits as long as the chunk took it to read
 * and write (at most EMBEDDED_TURN_MAX_MS), so others get half the thread: with one turn alone the
 * next chunk started at once, and another tenant's request waited for about two chunks (its median
 * 641 ms beside a CSV of 42,000 rows, 13 ms with these pauses and smaller chunks).
 */
export async function takeTurn(chunkMs: number, embedded: boolean): Promise<void> {
  await setImmediate();
  if (embedded) await setTimeout(Math.min(EMBEDDED_TURN_MAX_MS, chunkMs));
}
