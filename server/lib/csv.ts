/** CSV for spreadsheets: RFC 4180 quoting, UTF-8 with a byte-order mark so Excel reads Hebrew. */

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

/** The whole file: a header row, then the rows, CRLF line ends, BOM first. */
export function toCsv(header: string[], rows: Cell[][]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
