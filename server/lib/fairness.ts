import { setImmediate, setTimeout } from 'node:timers/promises';

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
