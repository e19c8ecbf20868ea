import {
  EFFICIENCY_FAIR,
  EFFICIENCY_GOOD,
  PERFORMANCE_RANGES,
  SESSION_MINUTES_PER_TASK,
  percent,
  type CleaningStats,
  type PerformanceRange,
} from '../../../../../contract/insight.ts';
import type { RoomStats } from '../../../../../contract/rooms.ts';

/** The periods the statistics screen offers, in local days: today, the last 7, the last 30. */
export const STATS_PERIODS = [1, 7, 30] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export const readPeriod = (params: URLSearchParams): StatsPeriod => STATS_PERIODS.find((d) => String(d) === params.get('days')) ?? 1;

export const readRange = (params: URLSearchParams): PerformanceRange =>
  PERFORMANCE_RANGES.find((r) => r === params.get('range')) ?? 'today';

/**
 * The figures of the statistics screen (docs/product.md "Statistics"), from the unit counters and
 * the period's stages: the spec's formulas, in one place.
 */
export function statisticsFigures(units: RoomStats, stats: CleaningStats) {
  const completionRate = percent(stats.completedTasks, stats.totalTasks);
  const doneUnitsRate = percent(units.clean, units.totalRooms);
  return {
    completionRate,
    doneUnitsRate,
    /** The average of the two percentages. */
    efficiencyScore: Math.round((completionRate + doneUnitsRate) / 2),
    /** Average tasks per unit × 8 minutes. */
    sessionMinutes: Math.round(stats.averageTasksPerRoom * SESSION_MINUTES_PER_TASK),
    activeUnits: units.totalRooms - units.inactive,
    /** Against the equal period before; null when there was nothing to compare with. */
    completedChange: changeOf(stats.completedTasks, stats.previous.completedTasks),
  };
}

/** Percent change, rounded; null when the previous value is 0. */
export const changeOf = (current: number, previous: number): number | null =>
  previous > 0 ? Math.round((100 * (current - previous)) / previous) : null;

export type Tone = 'good' | 'fair' | 'poor';
/** Efficiency colours (spec): at least 90 green, at least 70 yellow, else red. */
export const efficiencyTone = (efficiency: number): Tone =>
  efficiency >= EFFICIENCY_GOOD ? 'good' : efficiency >= EFFICIENCY_FAIR ? 'fair' : 'poor';

export const MEDALS: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };

/** A project's local date (YYYY-MM-DD) in the reader's language: it is already local, so it is read as UTC. */
export function dayFormat(lng: string, options: Intl.DateTimeFormatOptions) {
  const fmt = new Intl.DateTimeFormat(lng, { ...options, timeZone: 'UTC' });
  return (date: string) => (date ? fmt.format(new Date(`${date}T00:00:00Z`)) : '');
}
