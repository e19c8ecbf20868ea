import { describe, expect, it } from 'vitest';
import { billingToday, localDate, localHour, secondsToLocalMidnight } from './calendar.ts';

/**
 * The calendar keeps one formatter per purpose and zone (server/lib/calendar.ts): whatever order
 * the zones are asked in, each answer is its own zone's, as if the formatter were made afresh.
 */
describe('calendar', () => {
  // 2026-12-06 23:30 UTC: already the 7th in Jerusalem (UTC+2), still the 6th in Los Angeles (UTC−8).
  const at = new Date('2026-12-06T23:30:00Z');

  it('names each zone its own day and hour, in any order and again', () => {
    for (let round = 0; round < 2; round++) {
      expect(localDate('Asia/Jerusalem', at)).toBe('2026-12-07');
      expect(localDate('America/Los_Angeles', at)).toBe('2026-12-06');
      expect(localDate('Pacific/Kiritimati', at)).toBe('2026-12-07');
      expect(localHour('America/Los_Angeles', at)).toBe(15);
      expect(localHour('Asia/Jerusalem', at)).toBe(1);
      expect(secondsToLocalMidnight('Asia/Jerusalem', at)).toBe(86_400 - 90 * 60);
      expect(secondsToLocalMidnight('America/Los_Angeles', at)).toBe(8 * 3600 + 30 * 60);
      expect(billingToday(at)).toBe('2026-12-07');
    }
  });

  it('gives every instant its own answer from the same formatter', () => {
    expect(localDate('Asia/Jerusalem', new Date('2026-12-06T21:59:59Z'))).toBe('2026-12-06');
    expect(localDate('Asia/Jerusalem', new Date('2026-12-06T22:00:00Z'))).toBe('2026-12-07');
  });

  it('refuses a zone that does not exist, every time', () => {
    expect(() => localDate('Mars/Olympus', at)).toThrow(RangeError);
    expect(() => localDate('Mars/Olympus', at)).toThrow(RangeError);
  });
});
