/**
 * The typed columns of an export (docs/product.md "Exports"): what the .xlsx and the CSV writers
 * share. A date column holds a local calendar date (YYYY-MM-DD) or an instant; a date-time column an
 * instant (ISO text or a Date), shown in the project's local time.
 */

export type ExportColumnType = 'text' | 'number' | 'date' | 'datetime';

export interface ExportColumn {
  header: string;
  type: ExportColumnType;
}

export type ExportValue = string | number | Date | null;

/** Rows of any iterable, sync or async, one at a time. */
export type RowSource = Iterable<ExportValue[]> | AsyncIterable<ExportValue[]>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The wall-clock parts of a value in the zone: a plain YYYY-MM-DD stays that day at midnight, an
 * instant is converted. Null when the value is no date.
 */
export function localParts(value: string | Date, timeZone: string): LocalParts | null {
  if (typeof value === 'string') {
    const plain = PLAIN_DATE.exec(value);
    if (plain) return { year: Number(plain[1]), month: Number(plain[2]), day: Number(plain[3]), hour: 0, minute: 0, second: 0 };
  }
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const parts = formatterOf(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** The Excel serial number of a date (whole days) or a date-time (days and the fraction of the day). */
export function excelSerial(value: ExportValue, type: 'date' | 'datetime', timeZone: string): number | null {
  if (value === null || typeof value === 'number') return value;
  const p = localParts(value, timeZone);
  if (!p) return null;
  const wall = type === 'date' ? Date.UTC(p.year, p.month - 1, p.day) : Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  // Whole seconds: no floating-point tail beyond what a minute needs.
  return Math.round(((wall - EXCEL_EPOCH) / DAY_MS) * 86_400) / 86_400;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm` in the zone; the value as text when it is no date. */
export function localText(value: string | Date, type: 'date' | 'datetime', timeZone: string): string {
  const p = localParts(value, timeZone);
  if (!p) return String(value);
  const day = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  return type === 'date' ? day : `${day} ${pad(p.hour)}:${pad(p.minute)}`;
}
