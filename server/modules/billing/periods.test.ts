import { describe, expect, it } from 'vitest';
import { addDays } from '../../lib/calendar.ts';
import { billingDate, nextBillingDate } from './periods.ts';

/** The next billing date as the spec defines it: the first of the anchor's dates after the day. */
function firstDateAfter(anchor: string, today: string, lastPaidStart: string | null): string {
  const after = lastPaidStart !== null && lastPaidStart > today ? lastPaidStart : today;
  let n = 0;
  while (billingDate(anchor, n) <= after) n++;
  return billingDate(anchor, n);
}

describe('nextBillingDate', () => {
  it('is the first billing date after the day, for anchors on every kind of month end', () => {
    const anchors = ['2024-01-31', '2024-02-29', '2025-03-30', '2025-06-15', '2025-12-01', '2026-01-28'];
    for (const anchor of anchors) {
      for (let d = -40; d < 800; d += 3) {
        const today = addDays(anchor, d);
        for (const lastPaidStart of [null, addDays(today, -20), addDays(today, 45)]) {
          expect(nextBillingDate(anchor, today, lastPaidStart), `${anchor} ${today} ${lastPaidStart}`).toBe(
            firstDateAfter(anchor, today, lastPaidStart),
          );
        }
      }
    }
  });

  it('names the anchor month by month, clamped to short months', () => {
    expect(nextBillingDate('2024-01-31', '2024-02-01')).toBe('2024-02-29');
    expect(nextBillingDate('2024-01-31', '2024-02-29')).toBe('2024-03-31');
    expect(nextBillingDate('2025-06-15', '2026-12-07')).toBe('2026-12-15');
    expect(nextBillingDate('2025-06-15', '2026-12-15')).toBe('2027-01-15');
  });
});
