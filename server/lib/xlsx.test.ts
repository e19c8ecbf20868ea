import { describe, expect, it } from 'vitest';
import { columnName, toXlsx } from './xlsx.ts';
import { unzip } from './xlsx-test-support.ts';

describe('xlsx writer', () => {
  it('writes a valid zip with the parts a spreadsheet needs', () => {
    const parts = unzip(toXlsx({ sheetName: 'Sheet', header: ['a'], rows: [] }));
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

  it('keeps numbers as numbers, strings inline and escaped, the header bold, and the view right to left', () => {
    const sheet = unzip(
      toXlsx({
        sheetName: 'גיליון',
        header: ['שם', 'מחיר'],
        rows: [
          ['A & <B>', 1399.5],
          [null, 7],
        ],
        rightToLeft: true,
      }),
    ).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">שם</t></is></c>');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">A &amp; &lt;B&gt;</t></is></c>');
    expect(sheet).toContain('<c r="B2"><v>1399.5</v></c>');
    expect(sheet).toContain('<row r="3"><c r="B3"><v>7</v></c></row>');
    expect(sheet).toContain('rightToLeft="1"');
  });

  it('drops control characters XML cannot hold', () => {
    const sheet = unzip(toXlsx({ sheetName: 's', header: ['a\u0001b'], rows: [] })).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('>ab</t>');
  });

  it('names columns past Z', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
