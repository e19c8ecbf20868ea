import { z } from 'zod';
import type { RoomStats } from './rooms.ts';

/**
 * Statistics and employee performance (docs/product.md "Statistics" and "Employee performance"):
 * the answers of GET /api/stats/cleaning, /api/employee-performance and /api/kpi-metrics, and the
 * constants of their formulas, which the screens explain to the manager.
 */

/** The longest period the statistics look back over, in local days. */
export const MAX_STATS_DAYS = 90;
/** The spec's session estimate: minutes per task per unit. */
export const SESSION_MINUTES_PER_TASK = 8;
/** A change within ±5% of the previous equal period is "stable". */
export const TREND_STABLE_BAND = 0.05;
/**
 * A worker's rating is shrunk toward the project's average as if they had this many more stages at
 * the average: one lucky stage does not earn five stars.
 */
export const RATING_PRIOR_STAGES = 5;
/** A gap between two stages of a worker longer than this is a break: the stage counts its estimate. */
export const BREAK_MINUTES = 120;
/** Efficiency colours (spec §9): at least 90 green, at least 70 yellow, else red. */
export const EFFICIENCY_GOOD = 90;
export const EFFICIENCY_FAIR = 70;

export const PERFORMANCE_RANGES = ['today', 'week', 'month'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];
/** Local days in each range: today, the last 7 and the last 30 (today included). */
export const RANGE_DAYS: Record<PerformanceRange, number> = { today: 1, week: 7, month: 30 };

export const TRENDS = ['up', 'down', 'stable'] as const;
export type Trend = (typeof TRENDS)[number];

export const cleaningStatsQuery = z.object({
  days: z.coerce.number().int().min(1).max(MAX_STATS_DAYS).default(1),
});

const periodTotals = z.object({
  /** Stages open during the period: once-stages not done before it, and each day's daily routines. */
  totalTasks: z.number().int(),
  /** Stages done during the period. */
  completedTasks: z.number().int(),
});

export const cleaningStatsSchema = periodTotals.extend({
  /** The period, in the project's local dates (both included). */
  from: z.string(),
  to: z.string(),
  /** totalTasks ÷ units that have tasks in the period. */
  averageTasksPerRoom: z.number(),
  topCleaners: z.array(
    z.object({
      cleanerName: z.string(),
      /** Percent of the stages open in the units the worker worked in that the worker completed. */
      completionRate: z.number().int(),
      taskCount: z.number().int(),
    }),
  ),
  /** The equal period just before, for the change. */
  previous: periodTotals,
  /** Stages done per local day of the period, oldest first, every day present. */
  perDay: z.array(z.object({ date: z.string(), completed: z.number().int() })),
  /**
   * Percent, one decimal, of the stages (task and period) whose last review falls in the period that
   * were accepted at their first review; null when no stage's last review falls in it.
   */
  firstTimeQuality: z.number().nullable(),
  /** The stages firstTimeQuality is the share of. */
  reviewedStages: z.number().int(),
  /** Rejections given in the period per stage name (its template), most first; none are absent. */
  sentBack: z.array(z.object({ taskName: z.string(), sentBack: z.number().int() })),
  /** Construction progress per floor, all time: once-stages done of scheduled, units with all done. */
  floors: z.array(
    z.object({
      floor: z.number().int().nullable(),
      units: z.number().int(),
      doneUnits: z.number().int(),
      stages: z.number().int(),
      doneStages: z.number().int(),
    }),
  ),
});
export type CleaningStats = z.infer<typeof cleaningStatsSchema>;

export const performanceQuery = z.object({ range: z.enum(PERFORMANCE_RANGES).default('today') });

export const employeeSchema = z.object({
  /** The worker's name as a key: names that differ only in case or spacing are one worker. */
  id: z.string(),
  rank: z.number().int(),
  /** The spelling used last. */
  name: z.string(),
  tasksCompleted: z.number().int(),
  /** Units the worker completed stages in (the spec's roomsCleaned). */
  roomsCleaned: z.number().int(),
  /** 0–5, one decimal. */
  rating: z.number(),
  /** Percent, 0–100. */
  efficiency: z.number().int(),
  trend: z.enum(TRENDS),
});
export type Employee = z.infer<typeof employeeSchema>;

export const employeePerformanceSchema = z.object({ employees: z.array(employeeSchema) });
export type EmployeePerformance = z.infer<typeof employeePerformanceSchema>;

export const kpiMetricsSchema = z.object({
  totalCompleted: z.number().int(),
  totalTasks: z.number().int(),
  /** Percent. */
  completionRate: z.number().int(),
  /** Minutes on site per stage done, one decimal; 0 with nothing done. */
  avgTime: z.number(),
  avgRating: z.number(),
  efficiency: z.number().int(),
  trend: z.enum(TRENDS),
});
export type KpiMetrics = z.infer<typeof kpiMetricsSchema>;

/** Up, down or stable against the previous equal period (±TREND_STABLE_BAND). */
export function trendOf(current: number, previous: number): Trend {
  if (previous === 0) return current > 0 ? 'up' : 'stable';
  const change = (current - previous) / previous;
  return change > TREND_STABLE_BAND ? 'up' : change < -TREND_STABLE_BAND ? 'down' : 'stable';
}

/** Percent, rounded; 0 of 0 is 0. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);

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
