import { setImmediate, setTimeout } from 'node:timers/promises';
import { takeTurn } from './export-file.ts';

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
