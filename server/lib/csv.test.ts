import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('csv', () => {
  it('starts with a byte-order mark and ends rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(toCsv(['h'], [['a,b'], ['say "hi"'], ['two\nlines'], [null]])).toBe('\uFEFFh\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n\r\n');
  });

  it('neutralises cells that a spreadsheet would run as a formula, but not numbers', () => {
    const csv = toCsv(['h'], [['=1+1'], ['+972'], ['-x'], ['@SUM(A1)'], [-5], ['=cmd|" /C calc"!A0']]);
    expect(csv.split('\r\n').slice(1, 7)).toEqual(["'=1+1", "'+972", "'-x", "'@SUM(A1)", '-5', `"'=cmd|"" /C calc""!A0"`]);
  });
});
