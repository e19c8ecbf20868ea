/**
 * A minimal .xlsx writer without dependencies: one sheet, inline strings, numbers as numbers, dates
 * as Excel serial numbers with a date format, a bold frozen header row, column widths, optionally
 * right to left (docs/product.md "Exports"). The container is a zip written here (deflate from
 * node:zlib); why it is not a library: docs/decisions/035-xlsx-writer.md.
 *
 * `xlsxStream` writes the sheet from an (async) iterable of rows in chunks, deflating as it goes, so
 * memory does not grow with the row count; every export goes through it (server/lib/export-file.ts).
 */
import { Readable, pipeline } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { excelSerial, type ExportColumn, type ExportValue, type RowSource } from './export-columns.ts';

export type XlsxCell = string | number | null;

/** XML text: escaped, without the control characters XML 1.0 forbids. */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Cell styles of styles.xml's cellXfs, by index. */
const STYLE = { plain: 0, header: 1, date: 2, dateTime: 3, wrapped: 4 } as const;

/**
 * Text of several lines (a note) gets the wrapped style: without it a spreadsheet shows the lines
 * run together, or only the last one in a row of one line's height. Line ends are written as LF,
 * the one line break a cell knows.
 */
const inline = (ref: string, s: string, value: string) => {
  const text = value.replace(/\r\n?/g, '\n');
  const style = s === '' && text.includes('\n') ? ` s="${STYLE.wrapped}"` : s;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
};

function cellXml(cell: XlsxCell, ref: string, style: number): string {
  const s = style ? ` s="${style}"` : '';
  if (cell === null) return '';
  if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"${s}><v>${cell}</v></c>`;
  return inline(ref, s, String(cell));
}

/** A typed cell: numbers and dates as numbers (dates with their format), text inline. */
function typedCellXml(column: ExportColumn, value: ExportValue, ref: string, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : inline(ref, '', String(value));
    case 'date':
    case 'datetime': {
      const serial = excelSerial(value, column.type, timeZone);
      if (serial === null) return inline(ref, '', String(value));
      return `<c r="${ref}" s="${column.type === 'date' ? STYLE.date : STYLE.dateTime}"><v>${serial}</v></c>`;
    }
    case 'text':
      return inline(ref, '', value instanceof Date ? value.toISOString() : String(value));
  }
}

/** Rows read to size the columns before the first row is written. */
const WIDTH_SAMPLE_ROWS = 100;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Characters a date or a date-time shows ("2026-03-10", "2026-03-10 14:05"). */
const DATE_CHARS = { date: 10, datetime: 16 } as const;

function displayLength(column: ExportColumn, value: ExportValue): number {
  if (value === null || value === undefined) return 0;
  if (column.type === 'date' || column.type === 'datetime') return DATE_CHARS[column.type];
  const text = value instanceof Date ? value.toISOString() : String(value);
  return Math.max(...text.split('\n').map((line) => [...line].length));
}

/** Width per column from the header and the sample's longest content, clamped to MIN_WIDTH..MAX_WIDTH. */
export function columnWidths(columns: ExportColumn[], sample: ExportValue[][]): number[] {
  return columns.map((column, c) => {
    const longest = sample.reduce((max, row) => Math.max(max, displayLength(column, row[c] ?? null)), [...column.header].length);
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
  });
}

function colsXml(widths: number[]): string {
  if (widths.length === 0) return '';
  return `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`;
}

function sheetStart(opts: { rightToLeft: boolean; widths: number[]; frozenHeader: boolean }): string {
  const pane = opts.frozenHeader ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' : '';
  const view = `<sheetViews><sheetView workbookViewId="0"${opts.rightToLeft ? ' rightToLeft="1"' : ''}>${pane}</sheetView></sheetViews>`;
  return `${XML}<worksheet xmlns="${MAIN}">${view}${colsXml(opts.widths)}<sheetData>`;
}
const SHEET_END = '</sheetData></worksheet>';

function headerRowXml(header: string[]): string {
  return `<row r="1">${header.map((cell, c) => cellXml(cell, `${columnName(c)}1`, STYLE.header)).join('')}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * Fonts: 0 plain, 1 bold. cellXfs: 0 plain, 1 bold header, 2 date (yyyy-mm-dd), 3 date and time
 * (yyyy-mm-dd hh:mm), the custom formats 164 and 165, 4 text of several lines (wrapped, top-aligned).
 */
const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd\\ hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Arial"/></font><font><b/><sz val="11"/><name val="Arial"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf></cellXfs></styleSheet>`;

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
const sheetNameOf = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** Every part but the sheet itself. */
function packageParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}

const SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** DOS date of 1980-01-01 (zip entries need one; the content has no meaningful time). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/** General purpose flags: names are UTF-8 (bit 11); sizes and CRC follow the data (bit 3). */
const UTF8 = 0x0800;
const DESCRIPTOR = 0x0008;

interface EntrySums {
  crc: number;
  size: number;
  packed: number;
}

function localHeader(nameBytes: Buffer, flags: number, sums: EntrySums): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(0, 10);
  local.writeUInt16LE(DOS_DATE, 12);
  local.writeUInt32LE(sums.crc, 14);
  local.writeUInt32LE(sums.packed, 18);
  local.writeUInt32LE(sums.size, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  local.writeUInt16LE(0, 28);
  return local;
}

function centralHeader(nameBytes: Buffer, flags: number, sums: EntrySums, offset: number): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(flags, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(0, 12);
  central.writeUInt16LE(DOS_DATE, 14);
  central.writeUInt32LE(sums.crc, 16);
  central.writeUInt32LE(sums.packed, 20);
  central.writeUInt32LE(sums.size, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(offset, 42);
  return central;
}

function endRecord(entries: number, directoryLength: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directoryLength, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** Text pieces gathered into buffers of about this many bytes before they go to the deflater. */
const CHUNK_BYTES = 64 * 1024;

async function* inChunks(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let parts: string[] = [];
  let length = 0;
  for await (const piece of pieces) {
    parts.push(piece);
    length += piece.length;
    if (length >= CHUNK_BYTES) {
      yield Buffer.from(parts.join(''), 'utf8');
      parts = [];
      length = 0;
    }
  }
  if (parts.length > 0) yield Buffer.from(parts.join(''), 'utf8');
}

/** The sheet's XML, a row at a time; the first rows are held back only to size the columns. */
async function* sheetPieces(opts: XlsxStreamOptions): AsyncGenerator<string> {
  const { columns, timeZone } = opts;
  const iterator = (Symbol.asyncIterator in opts.rows ? opts.rows[Symbol.asyncIterator]() : opts.rows[Symbol.iterator]()) as
    AsyncIterator<ExportValue[]> | Iterator<ExportValue[]>;
  const sample: ExportValue[][] = [];
  let done = false;
  while (sample.length < WIDTH_SAMPLE_ROWS) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    sample.push(next.value);
  }
  yield sheetStart({ rightToLeft: opts.rightToLeft ?? false, widths: columnWidths(columns, sample), frozenHeader: true });
  yield headerRowXml(columns.map((c) => c.header));
  let r = 2;
  const rowXml = (row: ExportValue[]) => {
    const ref = r++;
    return `<row r="${ref}">${columns.map((column, c) => typedCellXml(column, row[c] ?? null, `${columnName(c)}${ref}`, timeZone)).join('')}</row>`;
  };
  for (const row of sample) yield rowXml(row);
  while (!done) {
    const next = await iterator.next();
    if (next.done) break;
    yield rowXml(next.value);
  }
  yield SHEET_END;
}

async function* once(text: string): AsyncGenerator<Buffer> {
  yield Buffer.from(text, 'utf8');
}

/**
 * A zip written as it goes: each entry's local header carries the data-descriptor flag, the
 * deflated data follows as the deflater produces it, then its CRC and sizes (counted on the way).
 */
async function* zipStream(entries: [string, () => AsyncIterable<Buffer>][]): AsyncGenerator<Buffer> {
  const centrals: Buffer[] = [];
  let offset = 0;
  const flags = UTF8 | DESCRIPTOR;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const sums: EntrySums = { crc: 0, size: 0, packed: 0 };
    const local = localHeader(nameBytes, flags, sums);
    yield local;
    yield nameBytes;
    const counted = async function* () {
      for await (const chunk of content()) {
        sums.crc = crc32(chunk, sums.crc);
        sums.size += chunk.length;
        yield chunk;
      }
    };
    // Errors reach the loop below through the deflater, which the pipeline destroys with them.
    const deflated = pipeline(Readable.from(counted()), createDeflateRaw(), () => {});
    for await (const out of deflated as AsyncIterable<Buffer>) {
      sums.packed += out.length;
      yield out;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(sums.crc, 4);
    descriptor.writeUInt32LE(sums.packed, 8);
    descriptor.writeUInt32LE(sums.size, 12);
    yield descriptor;
    centrals.push(centralHeader(nameBytes, flags, sums, offset), nameBytes);
    offset += local.length + nameBytes.length + sums.packed + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  yield directory;
  yield endRecord(entries.length, directory.length, offset);
}

export interface XlsxStreamOptions {
  sheetName: string;
  columns: ExportColumn[];
  rows: RowSource;
  /** IANA zone: instants are written as the project's local date and time. */
  timeZone: string;
  rightToLeft?: boolean;
}

/** The .xlsx as a stream of its bytes, the sheet written from `rows` as they come. */
export function xlsxStream(opts: XlsxStreamOptions): Readable {
  const entries: [string, () => AsyncIterable<Buffer>][] = [
    ...packageParts(opts.sheetName).map(([name, text]): [string, () => AsyncIterable<Buffer>] => [name, () => once(text)]),
    [SHEET_PATH, () => inChunks(sheetPieces(opts))],
  ];
  return Readable.from(zipStream(entries), { objectMode: false });
}

/** The whole stream in one buffer (tests, small files). */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}
