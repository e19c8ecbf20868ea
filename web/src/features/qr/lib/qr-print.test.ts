import { describe, expect, it } from 'vitest';
import { parseCopies } from './qr-print.ts';

describe('parseCopies', () => {
  it('keeps whole numbers from 1 to 20', () => {
    expect(parseCopies('1')).toBe(1);
    expect(parseCopies('7')).toBe(7);
    expect(parseCopies(' 20 ')).toBe(20);
  });

  it('falls back to 1 on empty, unreadable, zero or negative input', () => {
    for (const raw of ['', '   ', 'abc', '0', '-3', 'NaN', 'Infinity']) expect(parseCopies(raw), raw).toBe(1);
  });

  it('caps at 20', () => {
    expect(parseCopies('21')).toBe(20);
    expect(parseCopies('500')).toBe(20);
  });

  it('drops a fraction', () => {
    expect(parseCopies('3.9')).toBe(3);
  });
});
