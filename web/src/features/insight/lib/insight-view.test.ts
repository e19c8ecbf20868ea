import { describe, expect, it } from 'vitest';
import type { CleaningStats } from '#contract/insight.ts';
import { changeOf, efficiencyTone, readPeriod, readRange, statisticsFigures } from './insight-view.ts';

describe('statistics figures', () => {
  it('computes the spec formulas from the counters and the period', () => {
    const units = { totalRooms: 40, clean: 10, inProgress: 5, needsCleaning: 23, inactive: 2, total: 40 };
    const stats = { totalTasks: 120, completedTasks: 90, averageTasksPerRoom: 3.5, previous: { totalTasks: 100, completedTasks: 60 } };
    expect(statisticsFigures(units, stats as CleaningStats)).toEqual({
      completionRate: 75,
      doneUnitsRate: 25,
      efficiencyScore: 50,
      sessionMinutes: 28,
      activeUnits: 38,
      completedChange: 50,
    });
  });

  it('has no change against an empty period, and colours efficiency at 90 and 70', () => {
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(45, 50)).toBe(-10);
    expect([90, 89, 70, 69].map(efficiencyTone)).toEqual(['good', 'fair', 'fair', 'poor']);
  });

  it('reads only the offered periods from the address', () => {
    expect(readPeriod(new URLSearchParams('days=7'))).toBe(7);
    expect(readPeriod(new URLSearchParams('days=8'))).toBe(1);
    expect(readRange(new URLSearchParams('range=month'))).toBe('month');
    expect(readRange(new URLSearchParams('range=year'))).toBe('today');
  });
});
