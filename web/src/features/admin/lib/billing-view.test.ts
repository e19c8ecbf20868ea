import { describe, expect, it } from 'vitest';
import { billingBadge, formatDate } from './billing-view.ts';

describe('billing view', () => {
  it('reads dates as dd/MM/yyyy without shifting the day', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
    expect(formatDate('2026-01-31T23:30:00.000Z')).toBe('31/01/2026');
  });

  it('badges billing time: overdue below 0, due soon to 7, this month to 30, later beyond', () => {
    expect([-1, 0, 7, 8, 30, 31].map(billingBadge)).toEqual(['overdue', 'dueSoon', 'dueSoon', 'thisMonth', 'thisMonth', 'future']);
  });
});
