/**
 * One heavy tenant must not stall the others (docs/decisions/014-tenant-limits.md). Tenant A, a
 * manager, generates the largest project allowed and schedules the largest job allowed on it
 * (5,000 units × 20 stages = 100,000 tasks in one request); meanwhile tenant B's workers poll
 * their task list (GET /api/scheduled-tasks-public, 4 phones back to back). B's latency is printed
 * beside B alone, measured in the same run. Goal: B's p99 ≤ 300 ms on the embedded database.
 */
import os from 'node:os';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { projects, tasks, units } from '../server/db/schema/index.ts';
import { LIMITS } from '#contract/limits.ts';
import { defaultTaskRows } from '#contract/default-tasks.ts';
import { billingToday } from '../server/lib/calendar.ts';
import { fmt, load, openBenchDatabases, seedManager, signIn, type LoadResult } from './lib.ts';

const UNITS = LIMITS.unitsPerProject;
const STAGES = LIMITS.taskRowsPerSchedule / UNITS;
const GOAL_P99_MS = 300;
const BASELINE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PHONES = 4;

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
console.log(`\nOne heavy tenant: ${UNITS} units generated, then ${UNITS} × ${STAGES} = ${UNITS * STAGES} tasks scheduled in one request,`);
console.log(`while another tenant's ${PHONES} phones poll their task list — goal: their p99 ≤ ${GOAL_P99_MS} ms on PGlite`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.log('database    | other tenant while…              | requests |  p50 ms |  p99 ms |  max ms | heavy request ms');
const row = (db: string, what: string, r: LoadResult & { max: number }, heavyMs?: number) =>
  console.log(
    `${db.padEnd(11)} | ${what.padEnd(32)} | ${String(r.requests).padStart(8)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${heavyMs === undefined ? '' : fmt(heavyMs, 0)}`,
  );

for (const { name, database, drop } of await openBenchDatabases()) {
  const username = await seedManager(database.db);
  const [other] = await database.db
    .insert(projects)
    .values({ name: 'Other', qrId: `other-${Date.now()}${Math.random()}`, billingAnchor: billingToday(new Date()) })
    .returning();
  const [unit] = await database.db.insert(units).values({ projectId: other.id, number: 'A101', floor: 1 }).returning();
  await database.db.insert(tasks).values(defaultTaskRows().map((s) => ({ ...s, projectId: other.id, unitId: unit.id })));

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const cookie = await signIn(base, username);
  const target = `${base}/api/scheduled-tasks-public/${unit.id}`;

  /** B's phones for as long as `during` runs (bounded: 120 s at most), with the max latency. */
  const poll = async (during: Promise<unknown>) => {
    let finished = false;
    void during.finally(() => (finished = true));
    const results: (LoadResult & { max: number })[] = [];
    const deadline = performance.now() + 120_000;
    while (!finished && performance.now() < deadline) {
      const r = await load(target, {}, 0.5, PHONES, true);
      results.push({ ...r, max: r.p99 });
    }
    const requests = results.reduce((n, r) => n + r.requests, 0);
    const worst = (k: 'p50' | 'p99' | 'max') => Math.max(...results.map((r) => r[k]));
    return { requests, rps: 0, p50: worst('p50'), p99: worst('p99'), max: worst('max') };
  };
  const heavy = async (method: string, path: string, body: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return performance.now() - t0;
  };

  const alone = await load(target, {}, BASELINE_SECONDS, PHONES, true);
  row(name, 'nothing else runs', { ...alone, max: alone.p99 });

  const bulk = heavy('POST', '/api/rooms/bulk', {
    rooms: Array.from({ length: UNITS }, (_, i) => ({ number: `${Math.floor(i / 100) + 1}${String(i % 100).padStart(2, '0')}` })),
  });
  const duringBulk = await poll(bulk);
  row(name, `A generates ${UNITS} units`, duringBulk, await bulk);

  const ids = ((await (await fetch(`${base}/api/rooms`, { headers: { cookie } })).json()) as { id: string }[]).map((r) => r.id);
  const stages = Array.from({ length: STAGES }, (_, i) => ({ name: `Stage ${i + 1}`, recurrence: 'once' }));
  const schedule = heavy('POST', '/api/task-schedules', { roomIds: ids, taskTemplates: stages });
  const duringSchedule = await poll(schedule);
  row(name, `A schedules ${UNITS * STAGES} tasks`, duringSchedule, await schedule);
  if (name === 'PGlite') {
    const worst = Math.max(duringBulk.p99, duringSchedule.p99);
    console.log(`PGlite: other tenant's worst p99 ${worst.toFixed(0)} ms — ${worst <= GOAL_P99_MS ? 'goal met' : 'OVER GOAL'}`);
  }
  await app.close();
  await drop();
}
