/**
 * Statistics, employee performance and the progress matrix (docs/product.md "Statistics",
 * "Employee performance", "Progress matrix") on 2,000 units × 7 stages with 90 days of completions
 * by 20 workers, on PGlite and PostgreSQL. Each route is timed over sequential requests beside a
 * bare Fastify route that counts the project's completions (one pass over the same rows), and the
 * SQL statements per request are counted: the goal is ≤ 200 ms on PostgreSQL and the same number
 * of statements whatever the size.
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { rowsOf } from '../server/db/client.ts';
import { taskCompletions, tasks, workSessions } from '../server/db/schema/index.ts';
import { DEFAULT_PROJECT_TIME_ZONE, projectToday } from '../server/lib/calendar.ts';
import { addDays } from '../server/lib/calendar.ts';
import { fmt, openBenchDatabases, seedMap, signIn, timeGets } from './lib.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 2000);
const DAYS = 90;
const WORKERS = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const GOAL_MS = 200;

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };

console.log(
  `Insight routes — ${UNITS} units × 7 stages, ${DAYS} days of completions by ${WORKERS} workers, ${REQUESTS} sequential requests each`,
);
console.log('database    | route                                   |  p50 ms |  max ms | statements | goal');
for (const { name, database, drop } of await openBenchDatabases()) {
  const db = database.db;
  const { projectId, username } = await seedMap(db, UNITS);
  const today = projectToday({ timezone: DEFAULT_PROJECT_TIME_ZONE }, new Date());
  // Half of the stages still open are done over the last 90 days, a daily sweep on every tenth unit
  // every day, and a sign-in per worker and day.
  const open = rowsOf(
    await db.execute(sql`
      select t.id, t.unit_id from tasks t
      where t.project_id = ${projectId}
        and not exists (select 1 from task_completions c where c.task_id = t.id)`),
  ) as { id: string; unit_id: string }[];
  const history = open.filter((_, i) => i % 2 === 0);
  const worker = (i: number) => `Worker ${i % WORKERS}`;
  for (let i = 0; i < history.length; i += 2000) {
    await db.insert(taskCompletions).values(
      history.slice(i, i + 2000).map((t, j) => {
        const day = addDays(today, -((i + j) % DAYS));
        return {
          projectId,
          taskId: t.id,
          unitId: t.unit_id,
          workDate: day,
          period: 'once',
          workerName: worker(i + j),
          completedAt: new Date(`${day}T08:00:00Z`),
        };
      }),
    );
  }
  const unitIds = [...new Set(open.map((t) => t.unit_id))].filter((_, i) => i % 10 === 0);
  const sweeps = await db
    .insert(tasks)
    .values(unitIds.map((unitId) => ({ projectId, unitId, name: 'Sweep', recurrence: 'daily', sortOrder: 99, estimatedMinutes: 5 })))
    .returning({ id: tasks.id, unitId: tasks.unitId });
  const daily = sweeps.flatMap((s, k) =>
    Array.from({ length: DAYS }, (_, d) => {
      const day = addDays(today, -d);
      return {
        projectId,
        taskId: s.id,
        unitId: s.unitId,
        workDate: day,
        period: day,
        workerName: worker(k + d),
        completedAt: new Date(`${day}T09:${String(k % 60).padStart(2, '0')}:00Z`),
      };
    }),
  );
  for (let i = 0; i < daily.length; i += 2000) await db.insert(taskCompletions).values(daily.slice(i, i + 2000));
  await db.insert(workSessions).values(
    Array.from({ length: WORKERS * DAYS }, (_, i) => {
      const day = addDays(today, -(i % DAYS));
      return {
        projectId,
        // One sign-in per worker and day: worker ⌊i / DAYS⌋ on day i mod DAYS.
        unitId: unitIds[(Math.floor(i / DAYS) + i) % unitIds.length],
        workerName: worker(Math.floor(i / DAYS)),
        workDate: day,
        createdAt: new Date(`${day}T06:00:00Z`),
      };
    }),
  );
  const total = rowsOf(await db.execute(sql`select count(*)::int as n from task_completions where project_id = ${projectId}`));

  const exportRows = Number(rowsOf(await db.execute(sql`select count(*)::int as n from tasks where project_id = ${projectId}`))[0].n);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const cookie = await signIn(appUrl, username);
  const bare = Fastify({ logger: false });
  bare.get('/count', async () =>
    rowsOf(
      await db.execute(sql`select count(*)::int as n, max(completed_at) as last from task_completions where project_id = ${projectId}`),
    ),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  console.log(`${name.padEnd(11)} | (${String(total[0].n)} completions in the project)`);
  for (const path of [
    '/api/stats/cleaning?days=30',
    '/api/employee-performance?range=month',
    '/api/kpi-metrics?range=month',
    '/api/progress-matrix',
  ]) {
    await timeGets(`${appUrl}${path}`, { cookie }, 2); // warm-up
    const before = database.stats.queries;
    const t = await timeGets(`${appUrl}${path}`, { cookie }, REQUESTS);
    const statements = (database.stats.queries - before) / REQUESTS;
    const ok = name !== 'PostgreSQL' || t.p50 <= GOAL_MS ? 'ok' : `over ${GOAL_MS} ms`;
    console.log(`${name.padEnd(11)} | ${path.padEnd(39)} | ${fmt(t.p50)} | ${fmt(t.max)} | ${fmt(statements, 1).padStart(10)} | ${ok}`);
  }
  // Exports: every scheduled task of the project (one row per stage) as .xlsx and CSV, with the
  // server's heap sampled while the file streams out.
  for (const format of ['xlsx', 'csv']) {
    global.gc?.();
    const baseHeap = process.memoryUsage().heapUsed;
    let peak = baseHeap;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const started = performance.now();
    const res = await fetch(`${appUrl}/api/scheduled-tasks/export?format=${format}&lang=he`, { headers: { cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const ms = performance.now() - started;
    clearInterval(sampler);
    if (!res.ok) throw new Error(`export ${format}: ${res.status}`);
    const label = `export ${exportRows} rows .${format} (${(bytes / 1e6).toFixed(1)} MB)`;
    const heap = `heap +${((peak - baseHeap) / 1e6).toFixed(0)} MB`;
    console.log(
      `${name.padEnd(11)} | ${label.padEnd(39)} | ${fmt(ms)} |         | ${heap.padStart(10)} | ${ms <= 5000 ? 'ok' : 'over 5 s'}`,
    );
  }
  await timeGets(`${bareUrl}/count`, {}, 2);
  const b = await timeGets(`${bareUrl}/count`, {}, REQUESTS);
  console.log(
    `${name.padEnd(11)} | ${'bare Fastify: count the completions'.padEnd(39)} | ${fmt(b.p50)} | ${fmt(b.max)} | ${fmt(1, 1).padStart(10)} |`,
  );
  await app.close();
  await bare.close();
  await drop();
}
