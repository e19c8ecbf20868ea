import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excelSerial, localText, type ExportColumn, type ExportValue, type RowSource } from './export-columns.ts';
import { bufferOf, columnName, xlsxStream } from './xlsx.ts';
import { unzip } from './xlsx-test-support.ts';

describe('xlsx writer', () => {
  /** A whole file from the writer every export uses. */
  const fileOf = async (sheetName: string, columns: ExportColumn[], rows: ExportValue[][], rightToLeft = false) =>
    unzip(await bufferOf(xlsxStream({ sheetName, columns, rows, timeZone: 'Asia/Jerusalem', rightToLeft })));

  it('writes a valid zip with the parts a spreadsheet needs', async () => {
    const parts = await fileOf('Sheet', [{ header: 'a', type: 'text' }], []);
    expect([...parts.keys()].sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(parts.get('[Content_Types].xml')).toContain('/xl/worksheets/sheet1.xml');
  });

  it('keeps numbers as numbers, strings inline and escaped, the header bold, and the view right to left', async () => {
    const columns: ExportColumn[] = [
      { header: 'שם', type: 'text' },
      { header: 'מחיר', type: 'number' },
    ];
    const rows = [
      ['A & <B>', 1399.5],
      [null, 7],
    ];
    const sheet = (await fileOf('גיליון', columns, rows, true)).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">שם</t></is></c>');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">A &amp; &lt;B&gt;</t></is></c>');
    expect(sheet).toContain('<c r="B2"><v>1399.5</v></c>');
    expect(sheet).toContain('<row r="3"><c r="B3"><v>7</v></c></row>');
    expect(sheet).toContain('rightToLeft="1"');
  });

  it('drops control characters XML cannot hold', async () => {
    const sheet = (await fileOf('s', [{ header: 'a\u0001b', type: 'text' }], [])).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('>ab</t>');
  });

  it('names columns past Z', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

describe('typed, streamed xlsx', () => {
  const columns: ExportColumn[] = [
    { header: 'פריט', type: 'text' },
    { header: 'כמות', type: 'number' },
    { header: 'יום', type: 'date' },
    { header: 'תאריך דיווח', type: 'datetime' },
  ];

  async function sheetOf(rows: RowSource, rightToLeft = true) {
    const parts = unzip(await bufferOf(xlsxStream({ sheetName: 'חוסרים', columns, rows, timeZone: 'Asia/Jerusalem', rightToLeft })));
    return { sheet: parts.get('xl/worksheets/sheet1.xml')!, styles: parts.get('xl/styles.xml')!, workbook: parts.get('xl/workbook.xml')! };
  }

  it('writes text inline, numbers and dates as numbers with a date format, in local time', async () => {
    // 2026-03-10T10:30:00Z is 12:30 in Jerusalem (winter time, UTC+2).
    const { sheet, styles, workbook } = await sheetOf([['ברגים & דיבלים', 12, '2026-03-10', '2026-03-10T10:30:00.000Z']]);
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">ברגים &amp; דיבלים</t></is></c>');
    expect(sheet).toContain('<c r="B2"><v>12</v></c>');
    // 2026-03-10 is day 46091 after 1899-12-30.
    expect(sheet).toContain('<c r="C2" s="2"><v>46091</v></c>');
    const serial = Number(/<c r="D2" s="3"><v>([\d.]+)<\/v>/.exec(sheet)![1]);
    expect(serial).toBeCloseTo(46091 + 12.5 / 24, 6);
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/>');
    expect(styles).toMatch(/<cellXfs count="5">.*<xf numFmtId="164"[^>]*applyNumberFormat="1"\/><xf numFmtId="165"/);
    expect(workbook).toContain('name="חוסרים"');
  });

  it('freezes a bold header, sizes the columns and reads right to left when asked', async () => {
    const { sheet } = await sheetOf([['x'.repeat(200), 1, null, null]]);
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toContain('rightToLeft="1"');
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">פריט</t></is></c>');
    expect(sheet).toContain(
      '<cols><col min="1" max="1" width="60" customWidth="1"/><col min="2" max="2" width="8" customWidth="1"/><col min="3" max="3" width="8" customWidth="1"/><col min="4" max="4" width="13" customWidth="1"/></cols>',
    );
    expect((await sheetOf([], false)).sheet).not.toContain('rightToLeft');
  });

  it('streams many rows from an async source into a valid zip', async () => {
    async function* rows() {
      for (let i = 0; i < 20_000; i++) yield [`שורה ${i}`, i, '2026-01-01', null];
    }
    const { sheet } = await sheetOf(rows());
    expect(sheet).toContain(
      '<row r="20001"><c r="A20001" t="inlineStr"><is><t xml:space="preserve">שורה 19999</t></is></c><c r="B20001"><v>19999</v></c>',
    );
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });

  // Our own reader above could share a misreading with our writer; Info-ZIP's `unzip` and Python's
  // zipfile are independent readers of the container (docs/decisions/035-xlsx-writer.md).
  it('is a zip that independent readers accept, CRCs included', async () => {
    async function* rows() {
      for (let i = 0; i < 5_000; i++) yield [`שורה ${i} — "ok" & <fine>`, i * 1.5, '2026-01-01', null];
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-xlsx-'));
    try {
      const file = path.join(dir, 'export.xlsx');
      const columns: ExportColumn[] = [
        { header: 'שם', type: 'text' },
        { header: 'n', type: 'number' },
        { header: 'day', type: 'date' },
        { header: 'empty', type: 'text' },
      ];
      fs.writeFileSync(
        file,
        await bufferOf(xlsxStream({ sheetName: 'גיליון', columns, rows: rows(), timeZone: 'UTC', rightToLeft: true })),
      );
      expect(execFileSync('unzip', ['-tq', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
      const check = [
        'import sys, zipfile',
        'z = zipfile.ZipFile(sys.argv[1])',
        'assert z.testzip() is None',
        "sheet = z.read('xl/worksheets/sheet1.xml').decode('utf-8')",
        "print(len(z.namelist()), sheet.count('<row '))",
      ].join('\n');
      expect(execFileSync('python3', ['-c', check, file], { encoding: 'utf8' }).trim()).toBe('6 5001');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the stream when the source fails', async () => {
    async function* rows(): AsyncGenerator<ExportValue[]> {
      yield ['a', 1, null, null];
      throw new Error('database went away');
    }
    await expect(sheetOf(rows())).rejects.toThrow('database went away');
  });
});

describe('local dates', () => {
  it('converts an instant to the zone before the serial, across summer time', () => {
    // 2026-07-01T21:30Z is 00:30 on 2 July in Jerusalem (summer time, UTC+3).
    expect(excelSerial('2026-07-01T21:30:00Z', 'date', 'Asia/Jerusalem')).toBe(excelSerial('2026-07-02', 'date', 'UTC'));
    expect(localText('2026-07-01T21:30:00Z', 'datetime', 'Asia/Jerusalem')).toBe('2026-07-02 00:30');
    expect(localText(new Date('2026-01-05T08:04:00Z'), 'datetime', 'America/New_York')).toBe('2026-01-05 03:04');
  });
});
