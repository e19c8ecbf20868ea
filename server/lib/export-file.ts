/**
 * Sending an export (docs/product.md "Exports"): the list's rows as .xlsx or CSV, streamed, as an
 * attachment named after the list and the project's local date. One export at a time per project,
 * read a keyset chunk at a time (docs/decisions/034-no-tenant-stalls.md).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { csvStream } from './csv.ts';
import { AppError } from './errors.ts';
import { loggableError } from '../plugins/errors.ts';
import type { ExportColumn, RowSource } from './export-columns.ts';
import { releaseExportLease, renewExportLease, takeExportLease } from './export-leases.queries.ts';
import { localDate } from './calendar.ts';
import { xlsxStream } from './xlsx.ts';

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

/** How long an export lease lasts unless renewed: three renewals, so one late renewal does not free it. */
export const EXPORT_LEASE_MS = 60_000;
const EXPORT_RENEW_MS = EXPORT_LEASE_MS / 3;
/** What a refused second export is told to wait (Retry-After). */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** The export under way per key (a project), shared by every instance on PostgreSQL. */
export interface ExportLeases {
  /** Takes the lease; undefined when another export holds it. */
  take(key: string): Promise<ExportLease | undefined>;
}
export interface ExportLease {
  renew(): void;
  /** Lets go of the lease (once; later calls answer the same promise). Never rejects. */
  release(): Promise<void>;
}

/** The embedded database serves one process (decision 030): the leases live in its memory. */
function memoryLeases(): ExportLeases {
  const held = new Set<string>();
  return {
    take(key) {
      // Checked and taken with no await in between, so two requests cannot both take it.
      if (held.has(key)) return Promise.resolve(undefined);
      held.add(key);
      return Promise.resolve({
        renew: () => {},
        release: () => {
          held.delete(key);
          return Promise.resolve();
        },
      });
    },
  };
}

/** On PostgreSQL a lease row every instance sees, renewed while the file streams; a dead instance's lapses. */
function databaseLeases(app: FastifyInstance): ExportLeases {
  const warn = (what: string) => (err: unknown) => app.log.warn({ err: loggableError(err) }, what);
  return {
    async take(key) {
      const holder = randomUUID();
      if (!(await takeExportLease(app.db, { key, holder, leaseMs: EXPORT_LEASE_MS }))) return undefined;
      let released: Promise<void> | undefined;
      return {
        renew: () => {
          if (!released) renewExportLease(app.db, { key, holder, leaseMs: EXPORT_LEASE_MS }).catch(warn('export lease not renewed'));
        },
        release: () =>
          (released ??= releaseExportLease(app.db, { key, holder }).catch(warn('export lease not released; it lapses by itself'))),
      };
    },
  };
}

export function exportLeasesFor(app: FastifyInstance): ExportLeases {
  return app.database.kind === 'postgres' ? databaseLeases(app) : memoryLeases();
}

declare module 'fastify' {
  interface FastifyInstance {
    exportLeases: ExportLeases;
  }
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
export const projectExportKey = (projectId: string) => `project:${projectId}`;

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
  const lease = await app.exportLeases.take(key);
  if (!lease) {
    reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
    throw exportInProgress();
  }
  const renewal = setInterval(() => lease.renew(), EXPORT_RENEW_MS);
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

/** Lets other requests run between two chunk reads (the embedded database answers one statement at a time). */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rows read a chunk at a time by a keyset cursor (docs/decisions/034-no-tenant-stalls.md): `read`
 * answers up to `chunkRows` rows after `after` (undefined: from the start) in the export's order,
 * whose last key, a unique tie-breaker included, starts the next chunk. The first chunk is read
 * before this resolves, so a failure there (a timed-out statement) is answered as an error rather
 * than as a cut-off file.
 */
export async function keysetRows<Row, Cursor, Out>(opts: {
  read: (after: Cursor | undefined, limit: number) => Promise<Row[]>;
  cursorOf: (row: Row) => Cursor;
  chunkRows: number;
  map: (row: Row) => Out;
}): Promise<AsyncGenerator<Out>> {
  const first = await opts.read(undefined, opts.chunkRows);
  async function* rows(): AsyncGenerator<Out> {
    let chunk = first;
    for (;;) {
      for (const r of chunk) yield opts.map(r);
      if (chunk.length < opts.chunkRows) return;
      await yieldToOthers();
      chunk = await opts.read(opts.cursorOf(chunk[chunk.length - 1]!), opts.chunkRows);
    }
  }
  return rows();
}
