import { describe, expect, it } from 'vitest';
import { bool, countOf, dateOrNull, num, numOrNull, oneOf, text, textOrNull } from './raw-rows.ts';

describe('raw row readers', () => {
  it('read count(*) the same from PGlite (a number) and pg (a string or a bigint)', () => {
    expect(num(3)).toBe(3);
    expect(num('3')).toBe(3);
    expect(num(3n)).toBe(3);
    expect(countOf([{ n: '12' }])).toBe(12);
  });

  it('read a timestamp sent as a Date or as text', () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    expect(dateOrNull(at)).toBe(at);
    expect(dateOrNull('2026-11-23T10:00:00.000Z')?.getTime()).toBe(at.getTime());
    expect(dateOrNull(null)).toBeNull();
  });

  it('turn a missing or null column into null only where the column may be null', () => {
    expect(textOrNull(undefined)).toBeNull();
    expect(numOrNull(null)).toBeNull();
    expect(() => text(null)).toThrow(TypeError);
    expect(() => num(undefined)).toThrow(TypeError);
  });

  it('refuse a value of another kind instead of passing it on', () => {
    expect(() => text(5)).toThrow(TypeError);
    expect(() => num('five')).toThrow(TypeError);
    expect(() => num('')).toThrow(TypeError);
    expect(() => bool('t')).toThrow(TypeError);
    expect(oneOf(['pending', 'completed'] as const, 'completed')).toBe('completed');
    expect(() => oneOf(['pending', 'completed'] as const, 'lost')).toThrow(TypeError);
  });
});
