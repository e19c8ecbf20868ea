/**
 * Sending an export (docs/product.md "Exports"): the list's rows as .xlsx or CSV, streamed, as an
 * attachment named after the list and the project's local date. One export at a time per project,
 * read a keyset chunk at a time (docs/decisions/034-no-tenant-stalls.md).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { csvStream } from './csv.ts';
import { takeTurn, takesTurns } from './fairness.ts';
import { AppError } from './errors.ts';
import type { ExportColumn, RowSource } from './export-columns.ts';
import { STREAM_LEASE_MS } from '../plugins/shared-limits.ts';
import { localDate } from './calendar.ts';
import { xlsxStream } from './xlsx.ts';

/**
 * Rows read per statement by an export: a project's 20,000 tasks never sit in memory at once. Each
 * chunk starts at the previous one's last sort key (docs/decisions/034-no-tenant-stalls.md), so no
 * statement sorts and skips the rows before it.
 */
export const EXPORT_CHUNK_ROWS = 5_000;
/**
 * On the embedded database, whose statements run on the server's thread, a chunk holds every other
 * tenant until it is read and written: 2,000 rows of work tracking took 140-190 ms there, 5,000 rows
 * 250-540 ms (the machine shared, load average 5; docs/embedded-database.md).
 */
const EMBEDDED_EXPORT_CHUNK_ROWS = 2_000;

/** Rows per chunk of an export on this server's database. */
export const exportChunkRows = (app: FastifyInstance) => (takesTurns(app) ? EMBEDDED_EXPORT_CHUNK_ROWS : EXPORT_CHUNK_ROWS);

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

export interface ExportSheet {
  /** The file name's stem, e.g. `shortages` → `shortages-2026-03-10.xlsx`. */
  name: string;
  sheetName: string;
  columns: ExportColumn[];
  rows: RowSource;
  rightToLeft: boolean;
}

export interface ExportFileStream {
  filename: string;
  contentType: string;
  body: Readable;
}

export function exportFile(sheet: ExportSheet, opts: { format: 'xlsx' | 'csv'; timeZone: string; now: Date }): ExportFileStream {
  const filename = `${sheet.name}-${localDate(opts.timeZone, opts.now)}.${opts.format}`;
  if (opts.format === 'csv') return { filename, contentType: CSV_TYPE, body: csvStream({ ...sheet, timeZone: opts.timeZone }) };
  return { filename, contentType: XLSX_TYPE, body: xlsxStream({ ...sheet, timeZone: opts.timeZone }) };
}

/** What a refused second export is told to wait (Retry-After). */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A heavy read (docs/decisions/034-no-tenant-stalls.md): it reads from the reports pool and may
     * time out (503 `report_timed_out`); an export also holds the project's export lease (429
     * `export_in_progress`). The API description lists both.
     */
    heavy?: 'export' | 'report';
  }
}

/** The lease key of a project's exports: one at a time per project. */
export const projectExportKey = (projectId: string) => `export:project:${projectId}`;

export const exportInProgress = () =>
  new AppError(429, 'export_in_progress', 'Another export of this project is under way; try again when it has finished.');

/**
 * Sends the file `make` builds while holding the export lease `key` (e.g. `project:<id>`): a second
 * export of the same key meanwhile is refused 429 `export_in_progress` with Retry-After. The lease
 * is released when the file has been sent, when building or sending it fails, and when the client
 * goes away.
 */
export async function sendExport(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  make: () => ExportFileStream | Promise<ExportFileStream>,
) {
  // The project's export slot, shared by every instance on PostgreSQL (the live streams' leases).
  const lease = await app.streamSlots.take(key, 1);
  if (!lease) {
    reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
    throw exportInProgress();
  }
  const renewal = setInterval(() => lease.renew(), STREAM_LEASE_MS / 3);
  renewal.unref();
  const release = () => {
    clearInterval(renewal);
    return lease.release();
  };
  // The response's 'close' follows the last byte sent and a client gone, even while the first
  // chunk is still being read.
  reply.raw.once('close', () => void release());
  let file: ExportFileStream;
  try {
    file = await make();
  } catch (err) {
    await release();
    throw err;
  }
  if (reply.raw.destroyed) {
    // The client went while the first chunk was read: stop here, nothing more is read.
    file.body.destroy();
    return reply;
  }
  // The lease is let go before the response's last byte, so the next export, asked as soon as this
  // one has arrived, finds it free; on an error or a destroy as well.
  const source = file.body;
  const body = Readable.from(
    (async function* () {
      try {
        for await (const piece of source) yield piece as Buffer;
      } finally {
        source.destroy();
        await release();
      }
    })(),
    { objectMode: false },
  );
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Rows read a chunk at a time (docs/decisions/034-no-tenant-stalls.md): `read` answers the rows
 * after `after` (undefined: from the start) in the export's order, and where the next chunk starts
 * (undefined: this was the last). A chunk may be empty and still not the last (a filter took all
 * its rows). The first chunk is read before this resolves, so a failure there (a timed-out
 * statement) is answered as an error rather than as a cut-off file. Between chunks, `takeTurn`;
 * `embedded`: the database takes turns (`takesTurns`).
 */
export async function chunkedRows<Row, Cursor, Out>(opts: {
  read: (after: Cursor | undefined) => Promise<{ rows: Row[]; next: Cursor | undefined }>;
  map: (row: Row) => Out;
  embedded?: boolean;
}): Promise<AsyncGenerator<Out>> {
  let started = performance.now();
  const first = await opts.read(undefined);
  async function* rows(): AsyncGenerator<Out> {
    let chunk = first;
    for (;;) {
      for (const r of chunk.rows) yield opts.map(r);
      if (chunk.next === undefined) return;
      // From the chunk's read to its last row written (the consumer writes each row as it is yielded).
      await takeTurn(performance.now() - started, opts.embedded ?? false);
      started = performance.now();
      chunk = await opts.read(chunk.next);
    }
  }
  return rows();
}

/**
 * Rows read by a keyset cursor: `read` answers up to `chunkRows` rows after `after` in the
 * export's order, whose last key, a unique tie-breaker included, starts the next chunk.
 */
export function keysetRows<Row, Cursor, Out>(opts: {
  read: (after: Cursor | undefined, limit: number) => Promise<Row[]>;
  cursorOf: (row: Row) => Cursor;
  chunkRows: number;
  map: (row: Row) => Out;
  embedded?: boolean;
}): Promise<AsyncGenerator<Out>> {
  return chunkedRows({
    read: async (after: Cursor | undefined) => {
      const rows = await opts.read(after, opts.chunkRows);
      return { rows, next: rows.length < opts.chunkRows ? undefined : opts.cursorOf(rows[rows.length - 1]!) };
    },
    map: opts.map,
    embedded: opts.embedded,
  });
}
