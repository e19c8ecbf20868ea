/**
 * Sending an export (docs/product.md "Exports"): the list's rows as .xlsx or CSV, streamed, as an
 * attachment named after the list and the project's local date.
 */
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { csvStream } from './csv.ts';
import type { ExportColumn, RowSource } from './export-columns.ts';
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

export function sendExport(reply: FastifyReply, file: ExportFileStream) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
