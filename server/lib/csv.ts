/** CSV for spreadsheets: RFC 4180 quoting, UTF-8 with a byte-order mark so Excel reads Hebrew. */
import { Readable } from 'node:stream';
import { localText, type ExportColumn, type ExportValue, type RowSource } from './export-columns.ts';

export type Cell = string | number | null;

/**
 * A cell that starts with = + - @ (or a tab or carriage return) would run as a formula when the file
 * is opened: it gets a leading apostrophe (OWASP "CSV injection"). Numbers stay numbers.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = neutralise(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A typed cell as CSV text: numbers as they are, dates in the project's local time (docs/product.md "Exports"). */
function typedField(column: ExportColumn, value: ExportValue, timeZone: string): string {
  if (value === null || value === '') return '';
  if ((column.type === 'date' || column.type === 'datetime') && typeof value !== 'number')
    return field(localText(value, column.type, timeZone));
  if (value instanceof Date) return field(value.toISOString());
  return field(column.type === 'number' && typeof value === 'number' ? value : String(value));
}

/** Lines gathered into pieces of about this many characters before they are sent. */
const CHUNK_CHARS = 64 * 1024;

async function* csvPieces(opts: { columns: ExportColumn[]; rows: RowSource; timeZone: string }): AsyncGenerator<Buffer> {
  let lines = ['\uFEFF' + opts.columns.map((c) => field(c.header)).join(',')];
  let length = lines[0].length;
  for await (const row of opts.rows) {
    const line = opts.columns.map((column, c) => typedField(column, row[c] ?? null, opts.timeZone)).join(',');
    lines.push(line);
    length += line.length;
    if (length >= CHUNK_CHARS) {
      yield Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
      lines = [];
      length = 0;
    }
  }
  if (lines.length > 0) yield Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}

/** The CSV of typed rows as a stream: BOM, header, CRLF lines, written as the rows come. */
export function csvStream(opts: { columns: ExportColumn[]; rows: RowSource; timeZone: string }): Readable {
  return Readable.from(csvPieces(opts), { objectMode: false });
}
