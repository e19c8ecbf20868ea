import { describe, expect, it } from 'vitest';
import { csvStream } from './csv.ts';
import { bufferOf } from './xlsx.ts';

/** CSV text from the writer every export uses; each header a text column unless its index is in `numbers`. */
async function toCsv(header: string[], rows: (string | number | null)[][], numbers: number[] = []) {
  const columns = header.map((h, i) => ({ header: h, type: numbers.includes(i) ? ('number' as const) : ('text' as const) }));
  return (await bufferOf(csvStream({ columns, rows, timeZone: 'Asia/Jerusalem' }))).toString('utf8');
}

describe('csv', () => {
  it('starts with a byte-order mark and ends rows with CRLF', async () => {
    expect(await toCsv(['a', 'b'], [[1, 'x']], [0])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', async () => {
    expect(await toCsv(['h'], [['a,b'], ['say "hi"'], ['two\nlines'], [null]])).toBe(
      '\uFEFFh\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n\r\n',
    );
  });

  it('neutralises cells that a spreadsheet would run as a formula, but not numbers', async () => {
    const csv = await toCsv(['h'], [['=1+1'], ['+972'], ['-x'], ['@SUM(A1)'], [-5], ['=cmd|" /C calc"!A0']], [0]);
    expect(csv.split('\r\n').slice(1, 7)).toEqual(["'=1+1", "'+972", "'-x", "'@SUM(A1)", '-5', `"'=cmd|"" /C calc""!A0"`]);
  });
});

describe('typed csv stream', () => {
  it('starts with a BOM, quotes, neutralises formulas and writes local dates', async () => {
    const body = await bufferOf(
      csvStream({
        columns: [
          { header: 'פריט', type: 'text' },
          { header: 'כמות', type: 'number' },
          { header: 'תאריך', type: 'datetime' },
          { header: 'יום', type: 'date' },
        ],
        rows: [
          ['a, "b"', 3, '2026-03-10T10:30:00.000Z', '2026-03-10'],
          ['=HYPERLINK("x")', -2, null, null],
        ],
        timeZone: 'Asia/Jerusalem',
      }),
    );
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.toString('utf8')).toBe(
      '\uFEFFפריט,כמות,תאריך,יום\r\n"a, ""b""",3,2026-03-10 12:30,2026-03-10\r\n"\'=HYPERLINK(""x"")",-2,,\r\n',
    );
  });
});
