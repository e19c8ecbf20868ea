import { EFFICIENCY_FAIR, EFFICIENCY_GOOD, PERFORMANCE_RANGES, type PerformanceRange } from '#contract/insight.ts';

export { changeOf, statisticsFigures } from '#contract/insight.ts';

/** The periods the statistics screen offers, in local days: today, the last 7, the last 30. */
export const STATS_PERIODS = [1, 7, 30] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export const readPeriod = (params: URLSearchParams): StatsPeriod => STATS_PERIODS.find((d) => String(d) === params.get('days')) ?? 1;

export const readRange = (params: URLSearchParams): PerformanceRange =>
  PERFORMANCE_RANGES.find((r) => r === params.get('range')) ?? 'today';

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
