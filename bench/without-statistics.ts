/**
 * The reads a planner without statistics has got wrong before (docs/decisions/037, 041 and 047),
 * and the units' stages of statistics and KPI (048):
 * each timed on 2,000 units × 7 stages with 120 days of history, on PGlite as the server leaves it
 * after such a write (not analyzed yet), and on PostgreSQL analyzed, then with its statistics
 * deleted inside a transaction that is rolled back — what a database just restored or filled looks
 * like to the planner. The figure that matters is the last column: a read many times slower without
 * statistics than with them has found a plan that loops over the project's history once per row.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { taskCompletions } from '../server/db/schema/index.ts';
import { listUnitStages } from '../server/modules/insight/insight.queries.ts';
import { listUnitStageRows } from '../server/modules/progress/progress.queries.ts';
import { listUnitsWithCounts } from '../server/modules/rooms/rooms.queries.ts';
import { pageScheduledTasks } from '../server/modules/schedules/schedules.queries.ts';
import { fillHistory } from './fill.ts';
import { fmt, openBenchDatabases, seedMap } from './lib.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 2000);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 120);
const RUNS = 5;
const TABLES = ['tasks', 'units', 'task_completions', 'work_sessions', 'task_reviews'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`Reads without statistics — ${UNITS} units × 7 stages, ${HISTORY_DAYS} days of history; median of ${RUNS}, ms`);
console.log('database    | read                          | analyzed | no stats | ratio');
for (const { name, database, drop } of await openBenchDatabases()) {
  const db = database.db;
  const { projectId, today } = await seedMap(db, UNITS);
  // The history replaces today's completions of the seed (a stage is done once).
  await db.delete(taskCompletions).where(eq(taskCompletions.projectId, projectId));
  await fillHistory(db, projectId, HISTORY_DAYS);
  const reads: [string, (tx: Db) => Promise<unknown>][] = [
    ['unit map', (tx) => listUnitsWithCounts(tx, { projectId, date: today })],
    ['work tracking, first page', (tx) => pageScheduledTasks(tx, { projectId, date: today, limit: 50, offset: 0 })],
    [
      'work tracking, pending+search',
      (tx) => pageScheduledTasks(tx, { projectId, date: today, status: 'pending', search: 'A1', limit: 50, offset: 0 }),
    ],
    [
      'work tracking, completed p.3',
      (tx) => pageScheduledTasks(tx, { projectId, date: today, status: 'completed', limit: 50, offset: 100 }),
    ],
    ['progress matrix', (tx) => listUnitStageRows(tx, { projectId })],
    ["units' stages (stats, KPI)", (tx) => listUnitStages(tx, projectId, [today])],
  ];
  const time = async (read: (tx: Db) => Promise<unknown>, withoutStatistics: boolean) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await db
        .transaction(async (tx) => {
          if (withoutStatistics)
            await tx.execute(
              sql`delete from pg_statistic where starelid in (${sql.join(
                TABLES.map((t) => sql`${t}::regclass`),
                sql`, `,
              )})`,
            );
          await read(tx as unknown as Db);
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
        });
      times.push(performance.now() - t0);
    }
    return median(times);
  };
  // PGlite first as the server leaves it (unanalyzed), then analyzed; PostgreSQL analyzed, then
  // with its statistics deleted.
  const lite = name === 'PGlite';
  const none = new Map<string, number>();
  if (lite) for (const [label, read] of reads) none.set(label, await time(read, false));
  await db.execute(sql`analyze`);
  for (const [label, read] of reads) {
    const analyzed = await time(read, false);
    const without = none.get(label) ?? (await time(read, true));
    console.log(`${name.padEnd(11)} | ${label.padEnd(29)} | ${fmt(analyzed)} | ${fmt(without)} | ${fmt(without / analyzed, 2)}`);
  }
  await drop();
}
