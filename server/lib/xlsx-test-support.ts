import { crc32, inflateRawSync } from 'node:zlib';

/** Reads a zip by its central directory, checking each entry's CRC: a broken container throws. */
export function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < entries; i++) {
    if (file.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central header');
    const crc = file.readUInt32LE(at + 16);
    const packedSize = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extra = file.readUInt16LE(at + 30);
    const comment = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (file.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const dataAt = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = inflateRawSync(file.subarray(dataAt, dataAt + packedSize));
    if (crc32(data) !== crc) throw new Error(`bad CRC for ${name}`);
    out.set(name, data.toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

export interface SheetCell {
  /** `s` for an inline string, `n` for a number (dates included). */
  type: 's' | 'n';
  /** The cell's style index (2 date, 3 date and time, 1 the bold header). */
  style: number;
  value: string | number;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** A sheet's rows as typed cells, by column letter (empty cells absent). */
export function sheetRows(sheetXml: string): Record<string, SheetCell>[] {
  const rows: Record<string, SheetCell>[] = [];
  for (const [, body] of sheetXml.matchAll(/<row r="\d+">(.*?)<\/row>/gs)) {
    const row: Record<string, SheetCell> = {};
    for (const [, ref, s, t, inner] of body.matchAll(/<c r="([A-Z]+)\d+"(?: s="(\d+)")?(?: t="(\w+)")?>(.*?)<\/c>/gs)) {
      const style = s ? Number(s) : 0;
      row[ref] =
        t === 'inlineStr'
          ? { type: 's', style, value: unescape(/<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? '') }
          : { type: 'n', style, value: Number(/<v>(.*?)<\/v>/.exec(inner)?.[1]) };
    }
    rows.push(row);
  }
  return rows;
}

/** Excel's serial number of a local wall-clock time (for expected values). */
export const serialOf = (localIso: string) => (Date.parse(`${localIso}Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

/**
 * A CSV file's records split into fields, as a spreadsheet reads them: a quoted field may hold
 * commas, doubled quotes and line breaks; outside quotes a line break (CRLF or LF) ends a record.
 */
export function csvLines(body: string): string[][] {
  const text = body.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let fields: string[] = [];
  let at = 0;
  while (at < text.length) {
    let value: string;
    if (text[at] === '"') {
      let end = at + 1;
      while (end < text.length && !(text[end] === '"' && text[end + 1] !== '"')) end += text[end] === '"' ? 2 : 1;
      value = text.slice(at + 1, end).replace(/""/g, '"');
      at = end + 1;
    } else {
      const stop = text.slice(at).search(/,|\r?\n/);
      value = text.slice(at, stop < 0 ? undefined : at + stop);
      at = stop < 0 ? text.length : at + stop;
    }
    fields.push(value);
    if (text[at] === ',') {
      at += 1;
      continue;
    }
    records.push(fields);
    fields = [];
    at += text[at] === '\r' ? 2 : 1; // CRLF, or a bare LF, which spreadsheets also take for a record's end
  }
  return records.filter((r) => !(r.length === 1 && r[0] === ''));
}
