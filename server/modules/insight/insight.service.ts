import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BREAK_MINUTES,
  RANGE_DAYS,
  RATING_PRIOR_STAGES,
  percent,
  statisticsFigures,
  trendOf,
  type CleaningStats,
  type Employee,
  type EmployeePerformance,
  type KpiMetrics,
  type PerformanceRange,
} from '#contract/insight.ts';
import {
  exportWords,
  isRightToLeft,
  statisticsExportWords,
  type performanceExportQuery,
  type statisticsExportQuery,
} from '#contract/export-words.ts';
import { chunks } from '#contract/limits.ts';
import type { Db } from '../../db/client.ts';
import { exportFile, type ExportFileStream } from '../../lib/export-file.ts';
import { readInTurns, takesTurns } from '../../lib/fairness.ts';
import { addDays, daysBetween, projectToday } from '../../lib/calendar.ts';
import { listRooms, summarize } from '../rooms/rooms.service.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { sharedAnswer } from '../../plugins/project-cache.ts';
import * as q from './insight.queries.ts';

/** The last `days` local days of the project (today included), and the equal period before them. */
function periods(app: FastifyInstance, auth: UserAuth, days: number): { current: q.Period; previous: q.Period } {
  const to = projectToday(auth, app.now());
  const from = addDays(to, 1 - days);
  return {
    current: { projectId: auth.projectId, from, to },
    previous: { projectId: auth.projectId, from: addDays(from, -days), to: addDays(from, -1) },
  };
}

type StatisticsExportQuery = z.output<typeof statisticsExportQuery>;
type PerformanceExportQuery = z.output<typeof performanceExportQuery>;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** GET /api/stats/cleaning (docs/product.md "Statistics"). */
export function cleaningStats(app: FastifyInstance, auth: UserAuth, days: number): Promise<CleaningStats> {
  return sharedAnswer(app, auth, `statistics:${days}`, () => computeStatistics(app, auth, days));
}

async function computeStatistics(app: FastifyInstance, auth: UserAuth, days: number): Promise<CleaningStats> {
  const { current, previous } = periods(app, auth, days);
  const reviewPeriod = { ...current, timezone: auth.timezone };
  const [units, perDay, workers, firstTime, sentBack] = await readInTurns(takesTurns(app), [
    () => q.listUnitStages(app.reportsDb, auth.projectId, [current.from, previous.from]),
    () => q.completionsPerDay(app.reportsDb, { ...current, from: previous.from }),
    () => (takesTurns(app) ? topWorkersInTurns(app.reportsDb, current, EMBEDDED_TOP_WORKER_UNITS) : q.topWorkers(app.reportsDb, current)),
    () => q.firstTimeQuality(app.reportsDb, reviewPeriod),
    () => q.sentBackPerStage(app.reportsDb, reviewPeriod),
  ]);
  const totals = periodTotals(units, current, 0, doneIn(perDay, current));
  const before = periodTotals(units, previous, 1, doneIn(perDay, previous));
  // A worker's share: stages done of those open in the units they worked in.
  const slots = new Map(units.map((u) => [u.unitId, openSlots(u, current, 0)]));
  return {
    from: current.from,
    to: current.to,
    totalTasks: totals.totalTasks,
    completedTasks: totals.completedTasks,
    averageTasksPerRoom: totals.unitsWithTasks > 0 ? oneDecimal(totals.totalTasks / totals.unitsWithTasks) : 0,
    topCleaners: workers.map((w) => ({
      cleanerName: w.name,
      completionRate: Math.min(
        100,
        percent(
          w.completed,
          sum(w.unitIds, (id) => slots.get(id) ?? 0),
        ),
      ),
      taskCount: w.completed,
    })),
    previous: { totalTasks: before.totalTasks, completedTasks: before.completedTasks },
    perDay: Array.from({ length: days }, (_, i) => {
      const date = addDays(current.from, i);
      return { date, completed: perDay.get(date) ?? 0 };
    }),
    floors: progressPerFloor(units),
    firstTimeQuality: firstTime.reviewed > 0 ? oneDecimal((100 * firstTime.firstTime) / firstTime.reviewed) : null,
    reviewedStages: firstTime.reviewed,
    sentBack,
  };
}

/** Stages done in the period, of per-day counts (ISO dates compare as text). */
function doneIn(perDay: Map<string, number>, p: q.Period): number {
  let n = 0;
  for (const [day, count] of perDay) if (day >= p.from && day <= p.to) n += count;
  return n;
}

interface Totals {
  totalTasks: number;
  completedTasks: number;
  unitsWithTasks: number;
}

/**
 * The stages open during a period in a unit (`doneBefore[i]` is of the period's start), as "slots": a
 * once-stage not done before the period counts once, a daily routine once per day.
 */
const openSlots = (u: q.UnitStages, p: q.Period, i: number) =>
  u.onceStages - u.doneBefore[i] + u.dailyTasks * (daysBetween(p.from, p.to) + 1);
const sum = <T>(items: T[], value: (item: T) => number) => items.reduce((s, item) => s + value(item), 0);

/** The stages open in a period across the units, the units with at least one open, and the stages done in it. */
function periodTotals(units: q.UnitStages[], p: q.Period, i: number, completedTasks: number): Totals {
  let totalTasks = 0;
  let unitsWithTasks = 0;
  for (const u of units) {
    const slots = openSlots(u, p, i);
    totalTasks += slots;
    if (slots > 0) unitsWithTasks += 1;
  }
  return { totalTasks, completedTasks, unitsWithTasks };
}

/** Construction progress per floor, all time: once-stages done of those scheduled; floors in order, no floor last. */
function progressPerFloor(units: q.UnitStages[]): CleaningStats['floors'] {
  const floors = new Map<number | null, CleaningStats['floors'][number]>();
  for (const u of units) {
    const f = floors.get(u.floor) ?? { floor: u.floor, units: 0, doneUnits: 0, stages: 0, doneStages: 0 };
    floors.set(u.floor, f);
    f.units += 1;
    if (u.onceStages > 0 && u.onceDone === u.onceStages) f.doneUnits += 1;
    f.stages += u.onceStages;
    f.doneStages += u.onceDone;
  }
  return [...floors.values()].sort((a, b) => (a.floor ?? Infinity) - (b.floor ?? Infinity));
}

/**
 * Units per statement of the workers' reads on the embedded database: as one statement, statistics'
 * top workers and performance's workers held every other tenant for 0.65–0.8 and 1.0–1.4 s at 5,000
 * units; a slice takes at most ~120 ms (top workers, 90 days) and ~140 ms (a month's stages and
 * sign-ins, ~95,000 rows) there (docs/decisions/034-no-tenant-stalls.md).
 */
const EMBEDDED_TOP_WORKER_UNITS = 500;
const EMBEDDED_WORK_EVENT_UNITS = 250;

/**
 * `read` over every unit of the project, `chunkUnits` units per statement in id order (q.listUnitIds),
 * with a turn for other requests after each (`readInTurns`); the rows of all slices together.
 */
async function readUnitSlices<T>(
  db: Db,
  p: q.Period,
  chunkUnits: number,
  read: (db: Db, p: q.Period & { unitIds: string[] }) => Promise<T[]>,
): Promise<T[]> {
  const ids = await q.listUnitIds(db, p.projectId);
  const parts = await readInTurns(
    true,
    chunks(ids, chunkUnits).map((unitIds) => () => read(db, { ...p, unitIds })),
  );
  return parts.flat();
}

/**
 * q.topWorkers read `chunkUnits` units at a time (q.listUnitIds), with a turn for others after
 * each (`readInTurns`): the slices are disjoint, so their figures add up per worker key, and the name
 * is the one written last.
 */
export async function topWorkersInTurns(db: Db, p: q.Period, chunkUnits: number): Promise<q.TopWorkerRow[]> {
  const parts = await readUnitSlices(db, p, chunkUnits, q.topWorkersOfUnits);
  const workers = new Map<string, q.TopWorkerPart>();
  for (const part of parts) {
    const w = workers.get(part.key);
    if (!w) workers.set(part.key, { ...part });
    else {
      w.completed += part.completed;
      w.unitIds = w.unitIds.concat(part.unitIds);
      if (part.lastAtUs !== null && (w.lastAtUs === null || part.lastAtUs > w.lastAtUs)) {
        w.name = part.name;
        w.lastAtUs = part.lastAtUs;
      }
    }
  }
  const rows = [...workers.values()].flatMap((w) =>
    w.name !== null && w.completed > 0 ? [{ name: w.name, completed: w.completed, unitIds: w.unitIds.sort() }] : [],
  );
  return q.sortTopWorkers(db, rows);
}

const MICROS_PER_MINUTE = 60_000_000;

/**
 * q.workersInPeriod read `chunkUnits` units at a time (q.listUnitIds), with a turn for others
 * after each (`readInTurns`), and summed here as the statement sums: events per worker key and work
 * date by time, a sign-in before a stage at the same instant, then the smaller estimate first; a
 * stage took the time since the previous event, or its estimate when it is the first or comes after
 * a gap over BREAK_MINUTES; days with only sign-ins count nowhere. Times are whole microseconds, so
 * the minutes are the statement's.
 */
export async function workersInTurns(db: Db, p: q.Period, chunkUnits: number): Promise<q.WorkerDayRow[]> {
  return workersOfEvents(await readUnitSlices(db, p, chunkUnits, q.listWorkEventsOfUnits));
}

function workersOfEvents(events: q.WorkEventRow[]): q.WorkerDayRow[] {
  const days = new Map<string, q.WorkEventRow[]>();
  const dayOf = (e: q.WorkEventRow) => `${e.key}\u0000${e.day}`;
  for (const e of events) {
    if (!e.stage) continue;
    const list = days.get(dayOf(e));
    if (list) list.push(e);
    else days.set(dayOf(e), [e]);
  }
  for (const e of events) if (!e.stage) days.get(dayOf(e))?.push(e);
  const byTime = (a: q.WorkEventRow, b: q.WorkEventRow) =>
    a.atUs - b.atUs || (a.stage ? 1 : 0) - (b.stage ? 1 : 0) || (a.stage?.est ?? 0) - (b.stage?.est ?? 0);
  const workerDays: q.WorkerDayRow[] = [];
  for (const list of days.values()) {
    let previous: number | null = null;
    let micros = 0;
    let w: q.WorkerDayRow | undefined;
    for (const e of list.sort(byTime)) {
      const gap = previous === null ? null : e.atUs - previous;
      previous = e.atUs;
      if (!e.stage) continue;
      const { name, est, photo, inOrder } = e.stage;
      w ??= { key: e.key, day: e.day, name, lastAtUs: e.atUs, completed: 0, unitIds: [], quality: 0, estimated: 0, minutes: 0 };
      w.completed += 1;
      w.unitIds.push(e.unitId);
      w.estimated += est;
      w.quality += (photo ? 0.5 : 0) + (inOrder ? 0.5 : 0);
      micros += gap === null || gap > BREAK_MINUTES * MICROS_PER_MINUTE ? est * MICROS_PER_MINUTE : gap;
      if (e.atUs > w.lastAtUs) {
        w.name = name;
        w.lastAtUs = e.atUs;
      }
    }
    if (w) workerDays.push({ ...w, unitIds: [...new Set(w.unitIds)], minutes: micros / MICROS_PER_MINUTE });
  }
  return workerDays;
}

/**
 * The ranked workers of a period with the formulas of docs/product.md "Employee performance":
 * rating from what the worker controls (a photo attached, stages done in order), each stage sent
 * back counting as a stage that scored 0, shrunk toward the project's average by
 * RATING_PRIOR_STAGES; efficiency the estimated minutes of the stages done against the time on site,
 * at most 100; trend against the previous equal period. A worker whose every stage of the period
 * was sent back is ranked too, with nothing done and no efficiency.
 */
function rankedWorkers(app: FastifyInstance, auth: UserAuth, range: PerformanceRange) {
  return sharedAnswer(app, auth, `ranked:${range}`, () => rankWorkers(app, auth, range));
}

async function rankWorkers(app: FastifyInstance, auth: UserAuth, range: PerformanceRange) {
  const { current, previous } = periods(app, auth, RANGE_DAYS[range]);
  const [rows, before, sentBackRows] = await readInTurns(takesTurns(app), [
    () => workersOfPeriod(app, current),
    // The period before is over but for a day at most: read from the stored days too.
    async () => new Map((await workersOfPeriod(app, previous)).map((r) => [r.key, r.completed])),
    () => q.sentBackPerWorker(app.reportsDb, current),
  ]);
  const sentBack = new Map(sentBackRows.map((r) => [r.key, r.sentBack]));
  const ranked = new Set(rows.map((r) => r.key));
  const onlySentBack = sentBackRows
    .filter((r) => !ranked.has(r.key))
    .map((r): q.WorkerPeriodRow => ({ key: r.key, name: r.name, completed: 0, units: 0, quality: 0, estimated: 0, minutes: 0 }));
  const judged = (r: q.WorkerPeriodRow) => r.completed + (sentBack.get(r.key) ?? 0);
  const all = [...rows, ...onlySentBack];
  const stages = all.reduce((s, r) => s + judged(r), 0);
  const average = stages > 0 ? all.reduce((s, r) => s + r.quality, 0) / stages : 0;
  const employees: Employee[] = all
    .map((r) => ({
      id: r.key,
      rank: 0,
      name: r.name,
      tasksCompleted: r.completed,
      roomsCleaned: r.units,
      rating: oneDecimal((5 * (r.quality + RATING_PRIOR_STAGES * average)) / (judged(r) + RATING_PRIOR_STAGES)),
      efficiency: r.completed > 0 ? efficiencyOf(r.estimated, r.minutes) : 0,
      trend: trendOf(r.completed, before.get(r.key) ?? 0),
    }))
    .sort((a, b) => b.tasksCompleted - a.tasksCompleted || b.rating - a.rating || a.name.localeCompare(b.name))
    .map((e, i) => ({ ...e, rank: i + 1 }));
  return { employees, rows };
}

/**
 * Days of a period summed no sooner than this many days after they are, by UTC: a project's today
 * and yesterday are still being written. The triggers of migration 0019 count every write to a day
 * up to yesterday by UTC, a day's margin for clocks that disagree.
 */
const STORED_AFTER_DAYS = 2;

/**
 * The workers of a period (q.WorkerPeriodRow): the days that are over read from worker_days where
 * they are stored and still of their day's generation, the others summed now (the one statement,
 * or slices on the embedded database) and stored for the next read
 * (docs/decisions/043-worker-days.md). A month of the biggest project of `bench:scale` is then ~600
 * rows and two days summed, not a month's ~60,000 completions.
 */
export async function workersOfPeriod(app: FastifyInstance, p: q.Period): Promise<q.WorkerPeriodRow[]> {
  const db = app.reportsDb;
  const lastStored = addDays(new Date(Math.min(Date.now(), app.now().getTime())).toISOString().slice(0, 10), -STORED_AFTER_DAYS);
  const storable = lastStored < p.to ? lastStored : p.to;
  const stored = p.from <= storable ? await q.listStoredWorkerDays(db, { ...p, to: storable }) : undefined;
  const summed: q.WorkerDayRow[] = [];
  for (const run of runsOf(p, (day) => stored?.fresh.has(day) === true)) {
    summed.push(...(takesTurns(app) ? await workersInTurns(db, run, EMBEDDED_WORK_EVENT_UNITS) : await q.workersInPeriod(db, run)));
  }
  if (stored) {
    const toStore = new Map<string, number>();
    for (let day = p.from; day <= storable; day = addDays(day, 1)) if (!stored.fresh.has(day)) toStore.set(day, stored.gens.get(day) ?? 0);
    try {
      await q.storeWorkerDays(db, p.projectId, toStore, summed);
    } catch (err) {
      // The answer stands without them; the next read sums the days again.
      app.log.warn({ err, projectId: p.projectId }, 'worker days not stored');
    }
  }
  return q.sumWorkerDays(stored ? [...stored.rows, ...summed] : summed);
}

/** The runs of consecutive days of `p` that are not `skip`ped, as periods. */
function runsOf(p: q.Period, skip: (day: string) => boolean): q.Period[] {
  const runs: q.Period[] = [];
  for (let day = p.from; day <= p.to; day = addDays(day, 1)) {
    if (skip(day)) continue;
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else runs.push({ projectId: p.projectId, from: day, to: day });
  }
  return runs;
}

const efficiencyOf = (estimated: number, minutes: number) => (minutes > 0 ? Math.min(100, percent(estimated, minutes)) : 100);

/** GET /api/employee-performance. */
export async function employeePerformance(app: FastifyInstance, auth: UserAuth, range: PerformanceRange): Promise<EmployeePerformance> {
  return { employees: (await rankedWorkers(app, auth, range)).employees };
}

/** GET /api/kpi-metrics: the period's totals beside the same workers' figures. */
export function kpiMetrics(app: FastifyInstance, auth: UserAuth, range: PerformanceRange): Promise<KpiMetrics> {
  return sharedAnswer(app, auth, `kpi:${range}`, () => computeKpi(app, auth, range));
}

async function computeKpi(app: FastifyInstance, auth: UserAuth, range: PerformanceRange): Promise<KpiMetrics> {
  const { current, previous } = periods(app, auth, RANGE_DAYS[range]);
  const [{ employees, rows }, units, perDay] = await Promise.all([
    rankedWorkers(app, auth, range),
    q.listUnitStages(app.reportsDb, auth.projectId, [current.from, previous.from]),
    q.completionsPerDay(app.reportsDb, { ...current, from: previous.from }),
  ]);
  const totals = periodTotals(units, current, 0, doneIn(perDay, current));
  const before = periodTotals(units, previous, 1, doneIn(perDay, previous));
  const named = sum(rows, (r) => r.completed);
  const minutes = sum(rows, (r) => r.minutes);
  const estimated = sum(rows, (r) => r.estimated);
  return {
    totalCompleted: totals.completedTasks,
    totalTasks: totals.totalTasks,
    completionRate: percent(totals.completedTasks, totals.totalTasks),
    avgTime: named > 0 ? oneDecimal(minutes / named) : 0,
    avgRating: employees.length > 0 ? oneDecimal(employees.reduce((s, e) => s + e.rating, 0) / employees.length) : 0,
    efficiency: named > 0 ? efficiencyOf(estimated, minutes) : 0,
    trend: trendOf(totals.completedTasks, before.completedTasks),
  };
}

/** GET /api/stats/cleaning/export (docs/product.md "Exports"): the screen's figures, one per row, then stages done per day. */
export async function exportStatistics(app: FastifyInstance, auth: UserAuth, query: StatisticsExportQuery): Promise<ExportFileStream> {
  const { days, lang, format } = query;
  const stats = await cleaningStats(app, auth, days);
  const units = summarize(await listRooms(app, auth));
  const f = statisticsFigures(units, stats);
  const w = statisticsExportWords(lang, auth.facilityType);
  const l = w.labels;
  const rows: [string, number][] = [
    [l.clean, units.clean],
    [l.inProgress, units.inProgress],
    [l.needsWork, units.needsCleaning],
    [l.total, units.totalRooms],
    [l.activeUnits, f.activeUnits],
    [l.totalTasks, stats.totalTasks],
    [l.completedTasks, stats.completedTasks],
    [l.completionRate, f.completionRate],
    [l.doneUnits, f.doneUnitsRate],
    [l.averagePerUnit, stats.averageTasksPerRoom],
    [l.efficiency, f.efficiencyScore],
    [l.sessionTime, f.sessionMinutes],
    ...stats.perDay.map((d): [string, number] => [`${l.perDay}: ${d.date}`, d.completed]),
  ];
  return exportFile(
    {
      name: `statistics-${days}-days`,
      sheetName: w.sheet,
      rightToLeft: isRightToLeft(lang),
      columns: [
        { header: w.figure, type: 'text' },
        { header: w.value, type: 'number' },
      ],
      rows,
    },
    { format, timeZone: auth.timezone, now: app.now() },
  );
}

/** GET /api/employee-performance/export: the ranking the screen shows. */
export async function exportEmployeePerformance(
  app: FastifyInstance,
  auth: UserAuth,
  query: PerformanceExportQuery,
): Promise<ExportFileStream> {
  const { employees } = await employeePerformance(app, auth, query.range);
  const words = exportWords(query.lang, auth.facilityType);
  const c = words.employeePerformance.columns;
  return exportFile(
    {
      name: `employee-performance-${query.range}`,
      sheetName: words.employeePerformance.sheet,
      rightToLeft: isRightToLeft(query.lang),
      columns: [
        { header: c.rank, type: 'number' },
        { header: c.name, type: 'text' },
        { header: c.tasks, type: 'number' },
        { header: c.units, type: 'number' },
        { header: c.rating, type: 'number' },
        { header: c.efficiency, type: 'number' },
        { header: c.trend, type: 'text' },
      ],
      rows: employees.map((e) => [e.rank, e.name, e.tasksCompleted, e.roomsCleaned, e.rating, e.efficiency, words.trend[e.trend]]),
    },
    { format: query.format, timeZone: auth.timezone, now: app.now() },
  );
}
