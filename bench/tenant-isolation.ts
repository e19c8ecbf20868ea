/**
 * One heavy tenant must not stall the others (docs/decisions/014-tenant-limits.md, 034-no-tenant-stalls.md).
 * Tenant A, a manager, generates the largest project allowed and schedules the largest job allowed on
 * it (5,000 units × 20 stages = 100,000 tasks in one request); then A's project gets months of
 * history in SQL (bench/fill.ts) and A runs the heaviest reads there are: the work-tracking export
 * (CSV and xlsx, a row per task), the progress matrix, 90 days of statistics and a month of employee
 * performance. Meanwhile tenant B's workers poll their task list (GET /api/scheduled-tasks-public,
 * 4 phones back to back, rotating over B's 50 units so the per-unit rate limit is not what is
 * measured). B's latency is printed beside B alone, measured in the same run. Goal: B's p99 ≤ 300 ms
 * on the embedded database. Findings for docs/embedded-database.md.
 *
 *   node --import tsx bench/tenant-isolation.ts [--pglite-only | --postgres-only] [--no-analyze | --analyzed-only]
 *     [--reads=statistics,performance]   only A's reads whose name contains one of these words
 *   BENCH_ISO_UNITS=1000   A's project size (default: the largest allowed, 5,000)
 *   BENCH_ISO_DAYS=120     days of history filled in
 *   BENCH_SECONDS=5        B alone, seconds
 *
 * Bounded: each heavy request is aborted after 180 s ("did not finish"), B's polling stops with it,
 * and the whole process is killed after BENCH_ISO_WATCHDOG_MIN minutes (default 15) by a watchdog
 * thread (a statement of the embedded database holds this thread, its timers included, until it ends). Traffic goes to
 * 127.0.0.1 only. On PGlite, unless --no-analyze, A's reads are timed again after an ANALYZE run by
 * the bench (the embedded database never runs autovacuum, so its planner has no statistics);
 * --analyzed-only times them only after that ANALYZE, on both databases (an as-is read that never
 * ends stalls the rest; on PostgreSQL autovacuum may not have caught up with the fill yet).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { projects, tasks, units } from '../server/db/schema/index.ts';
import { LIMITS } from '#contract/limits.ts';
import { defaultTaskRows } from '#contract/default-tasks.ts';
import { billingToday } from '../server/lib/calendar.ts';
import { fillHistory } from './fill.ts';
import { fmt, memoryMb, openBenchDatabases, percentile, resetPeakMemory, seedManager, signIn } from './lib.ts';

const args = new Set(process.argv.slice(2));
const READS = process.argv
  .find((a) => a.startsWith('--reads='))
  ?.slice('--reads='.length)
  .split(',')
  .filter(Boolean);
const UNITS = Number(process.env.BENCH_ISO_UNITS ?? LIMITS.unitsPerProject);
const STAGES = LIMITS.taskRowsPerSchedule / LIMITS.unitsPerProject;
const DAYS = Number(process.env.BENCH_ISO_DAYS ?? 120);
const GOAL_P99_MS = 300;
const BASELINE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PHONES = 4;
const B_UNITS = 50;
const HEAVY_TIMEOUT_MS = 180_000;
const WATCHDOG_MIN = Number(process.env.BENCH_ISO_WATCHDOG_MIN ?? 15);

// The embedded database runs its statements on this thread: while one runs, no timer here fires.
// So the watchdog is a thread of its own, which ends the whole process.
new Worker(
  `const { workerData } = require('node:worker_threads');
   setTimeout(() => {
     require('node:fs').writeSync(1, '\\nwatchdog: still running after ' + workerData.minutes + ' min — stopped (the rows above are what finished)\\n');
     process.kill(workerData.pid, 'SIGKILL');
   }, workerData.minutes * 60000);`,
  { eval: true, workerData: { minutes: WATCHDOG_MIN, pid: process.pid } },
).unref();

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
console.log(
  `\nOne heavy tenant: ${UNITS} units generated, ${UNITS} × ${STAGES} = ${UNITS * STAGES} tasks scheduled in one request, ${DAYS} days of history, then its heaviest reads,`,
);
console.log(
  `while another tenant's ${PHONES} phones poll their task list over ${B_UNITS} units — goal: their p99 ≤ ${GOAL_P99_MS} ms on PGlite`,
);
console.log(
  `${new Date().toISOString()}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);

interface Polled {
  requests: number;
  /** Answers other than 2xx: a 429 is the bench's defect (rate limits), not a latency. */
  failed: number;
  statuses: string;
  p50: number;
  p99: number;
  max: number;
}
interface Heavy {
  ms: number;
  status: string;
  rows?: number;
  bytes?: number;
  /** How far the process's resident memory rose above where it was when A asked, at its peak, MB. */
  peakMb?: number;
}

const header =
  'database    | other tenant while…                        | requests | non-2xx |  p50 ms |  p99 ms |  max ms | heavy: ms | status | rows    | bytes    | memory +MB';
const row = (db: string, what: string, r: Polled, heavy?: Heavy) =>
  console.log(
    [
      db.padEnd(11),
      what.padEnd(42),
      String(r.requests).padStart(8),
      `${String(r.failed).padStart(7)}`,
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.max),
      heavy ? fmt(heavy.ms, 0).padStart(9) : ''.padStart(9),
      (heavy?.status ?? '').padEnd(6),
      (heavy?.rows === undefined ? '' : String(heavy.rows)).padEnd(7),
      (heavy?.bytes === undefined ? '' : String(heavy.bytes)).padEnd(8),
      heavy?.peakMb === undefined ? '' : heavy.peakMb.toFixed(0),
    ].join(' | ') + (r.statuses ? `  (B's non-2xx: ${r.statuses})` : ''),
  );

const results: { db: string; what: string; polled: Polled; heavy?: Heavy }[] = [];

for (const { name, database, drop } of await openBenchDatabases({ postgres: !args.has('--pglite-only') })) {
  if (args.has('--postgres-only') && name === 'PGlite') {
    await drop();
    continue;
  }
  console.log(`\n${header}`);
  const record = (what: string, polled: Polled, heavy?: Heavy) => {
    results.push({ db: name, what, polled, heavy });
    row(name, what, polled, heavy);
  };
  const username = await seedManager(database.db);
  const [other] = await database.db
    .insert(projects)
    .values({ name: 'Other', qrId: `other-${Date.now()}${Math.random()}`, billingAnchor: billingToday(new Date()) })
    .returning();
  const bUnits = await database.db
    .insert(units)
    .values(Array.from({ length: B_UNITS }, (_, i) => ({ projectId: other.id, number: `A${101 + i}`, floor: 1 })))
    .returning();
  await database.db
    .insert(tasks)
    .values(bUnits.flatMap((unit) => defaultTaskRows().map((s) => ({ ...s, projectId: other.id, unitId: unit.id }))));

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const cookie = await signIn(base, username);
  let sent = 0;

  /**
   * B's phones back to back, each request to the next of B's units from an address of its own
   * (X-Forwarded-For, trusted from loopback), until `until` says stop.
   */
  const pollUntil = async (until: () => boolean): Promise<Polled> => {
    const latencies: number[] = [];
    const statuses = new Map<number | string, number>();
    const phone = async () => {
      while (!until()) {
        const n = sent++;
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/scheduled-tasks-public/${bUnits[n % B_UNITS].id}`, {
            headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            signal: AbortSignal.timeout(60_000),
          });
          await res.arrayBuffer();
          if (!res.ok) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        } catch (e) {
          const cause = (e as Error & { cause?: { code?: string } }).cause?.code;
          const key = cause ? `${(e as Error).name}(${cause})` : (e as Error).name;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: PHONES }, phone));
    const failed = [...statuses.values()].reduce((a, b) => a + b, 0);
    return {
      requests: latencies.length,
      failed,
      statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' '),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.length ? Math.max(...latencies) : NaN,
    };
  };
  /** B's phones for as long as `during` runs. */
  const poll = async (during: Promise<unknown>) => {
    let finished = false;
    void during.finally(() => (finished = true)).catch(() => undefined);
    const deadline = performance.now() + HEAVY_TIMEOUT_MS + 10_000;
    return pollUntil(() => finished || performance.now() > deadline);
  };
  /**
   * One of A's requests, aborted after HEAVY_TIMEOUT_MS; never throws. The answer is read as it
   * comes and counted (bytes, and lines for `countRows`), not kept: the memory column is the
   * server's own.
   */
  const heavy = async (method: string, path: string, body?: unknown, countRows = false): Promise<Heavy> => {
    const t0 = performance.now();
    resetPeakMemory();
    const before = memoryMb();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(HEAVY_TIMEOUT_MS),
      });
      let bytes = 0;
      let lines = 0;
      let last = 0x0a;
      const reader = res.body?.getReader();
      for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) {
        const piece = next.value;
        bytes += piece.length;
        if (countRows) for (const b of piece) if (b === 0x0a) lines++;
        if (piece.length > 0) last = piece[piece.length - 1];
      }
      const ms = performance.now() - t0;
      const after = memoryMb();
      // A line per row after the header; the last line may lack its line end.
      const rows = countRows ? lines + (last === 0x0a ? 0 : 1) - 1 : undefined;
      return {
        ms,
        status: String(res.status),
        rows: res.ok ? rows : undefined,
        bytes: res.ok ? bytes : undefined,
        peakMb: before && after ? after.peak - before.now : undefined,
      };
    } catch (e) {
      const name = (e as Error).name;
      return { ms: performance.now() - t0, status: name === 'TimeoutError' ? 'did not finish' : name };
    }
  };
  const during = async (what: string, start: () => Promise<Heavy>) => {
    const h = start();
    const polled = await poll(h);
    const done = await h;
    record(what, polled, done);
    return done;
  };

  // B alone, first briefly to warm up, then measured.
  let end = performance.now() + 1000;
  await pollUntil(() => performance.now() > end);
  end = performance.now() + BASELINE_SECONDS * 1000;
  record('nothing else runs', await pollUntil(() => performance.now() > end));

  const bulk = await during(`A generates ${UNITS} units`, () =>
    heavy('POST', '/api/rooms/bulk', {
      rooms: Array.from({ length: UNITS }, (_, i) => ({ number: `${Math.floor(i / 100) + 1}${String(i % 100).padStart(2, '0')}` })),
    }),
  );
  if (!bulk.status.startsWith('2')) throw new Error(`bulk units: ${bulk.status}`);
  const ids = ((await (await fetch(`${base}/api/rooms`, { headers: { cookie } })).json()) as { id: string }[]).map((r) => r.id);
  const stages = Array.from({ length: STAGES }, (_, i) => ({ name: `Stage ${i + 1}`, recurrence: 'once' }));
  const scheduled = await during(`A schedules ${UNITS * STAGES} tasks`, () =>
    heavy('POST', '/api/task-schedules', { roomIds: ids, taskTemplates: stages }),
  );
  if (!scheduled.status.startsWith('2')) throw new Error(`schedule: ${scheduled.status}`);

  const [{ id: projectA }] = (await database.db
    .select({ id: units.projectId })
    .from(units)
    .where(sql`${units.id} = ${ids[0]}`)) as { id: string }[];
  const t0 = performance.now();
  console.log(`${name}: filling ${DAYS} days of A's history in SQL…`);
  const filled = await fillHistory(database.db, projectA, DAYS, console.log);
  console.log(
    `${name}: +${filled.tasks} daily tasks, +${filled.completions} completions, +${filled.workSessions} work sessions in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log(`\n${header}`);

  const heavyReads = async (label: string) => {
    for (const [what, path, countRows] of [
      ['export work tracking csv', '/api/scheduled-tasks/export?format=csv', true],
      ['export work tracking xlsx', '/api/scheduled-tasks/export?format=xlsx', false],
      ['progress matrix', '/api/progress-matrix', false],
      ['statistics 90 d', '/api/stats/cleaning?days=90', false],
      ['employee performance month', '/api/employee-performance?range=month', false],
    ] as const) {
      if (READS && !READS.some((word) => what.includes(word))) continue;
      await during(`A: ${what}${label}`, () => heavy('GET', path, undefined, countRows));
    }
  };
  end = performance.now() + BASELINE_SECONDS * 1000;
  record('nothing else runs (A filled)', await pollUntil(() => performance.now() > end));
  if (!args.has('--analyzed-only')) await heavyReads('');
  if ((name === 'PGlite' && !args.has('--no-analyze')) || args.has('--analyzed-only')) {
    const a0 = performance.now();
    await database.db.execute(sql`analyze`);
    console.log(`${name}: ANALYZE run by the bench in ${(performance.now() - a0).toFixed(0)} ms; A's reads:`);
    await heavyReads(' [after ANALYZE]');
  }
  if (name === 'PGlite') {
    const mine = results.filter((r) => r.db === name && r.what !== 'nothing else runs');
    const worst = Math.max(...mine.map((r) => r.polled.p99));
    const failed = mine.reduce((n, r) => n + r.polled.failed, 0);
    console.log(
      `PGlite: other tenant's worst p99 ${worst.toFixed(0)} ms — ${worst <= GOAL_P99_MS ? 'goal met' : 'OVER GOAL'}; B's non-2xx answers: ${failed}`,
    );
  }
  await app.close();
  await drop();
}
process.exit(0);
