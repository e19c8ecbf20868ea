import pg from 'pg';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { migrateDatabase, openPglite, openPostgres, type Database, type Db } from '../server/db/client.ts';
import { projects, taskCompletions, tasks, units, users } from '../server/db/schema/index.ts';
import { defaultTaskRows } from '#contract/default-tasks.ts';
import { deriveFloor } from '#contract/rooms.ts';
import { hashPassword } from '../server/modules/auth/auth.service.ts';
import { billingToday, DEFAULT_PROJECT_TIME_ZONE, projectToday } from '../server/lib/calendar.ts';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
}

/**
 * Closed-loop load: `concurrency` clients each sending requests back to back for `seconds`.
 * `manyClients`: each request names another client address (X-Forwarded-For, trusted from loopback),
 * so per-client rate limits measure nothing but the route.
 */
export async function load(
  /** One address, or a function giving each request its own (spreading load over per-target limits). */
  url: string | (() => string),
  headers: Record<string, string>,
  seconds = 5,
  concurrency = 8,
  manyClients = false,
): Promise<LoadResult> {
  let n = 0;
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      n += 1;
      const target = typeof url === 'string' ? url : url();
      const res = await fetch(target, {
        headers: manyClients ? { ...headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } : headers,
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${target}: ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99) };
}

/**
 * Two targets measured fairly: each warmed up first, then in alternating short windows, so load
 * from elsewhere on the machine and the JIT's warm-up fall on both alike. Rates are totals over all
 * windows; latencies are the median window's.
 */
export async function loadAlternating(
  a: (seconds: number) => Promise<LoadResult>,
  b: (seconds: number) => Promise<LoadResult>,
  seconds: number,
  windows = 10,
): Promise<[LoadResult, LoadResult]> {
  await a(2);
  await b(2);
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  for (let i = 0; i < windows; i++) {
    runs[0].push(await a(seconds / windows));
    runs[1].push(await b(seconds / windows));
  }
  const combine = (rs: LoadResult[]): LoadResult => {
    const requests = rs.reduce((n, r) => n + r.requests, 0);
    const time = rs.reduce((t, r) => t + r.requests / r.rps, 0);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    return { requests, rps: requests / time, p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)) };
  };
  return [combine(runs[0]), combine(runs[1])];
}

/**
 * A migrated, empty database of each kind: PGlite in memory, and PostgreSQL when reachable (and not
 * left out with `postgres: false`).
 */
export async function openBenchDatabases(
  opts: { postgres?: boolean } = {},
): Promise<{ name: string; database: Database; drop: () => Promise<void> }[]> {
  const out = [];
  const lite = await openPglite(undefined);
  await migrateDatabase(lite);
  out.push({ name: 'PGlite', database: lite, drop: () => lite.close() });
  if (opts.postgres === false) return out;
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL not reachable at ${url}: PGlite only`);
    return out;
  }
  const dbName = `shalav_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  const server = await openPostgres(u.toString(), 10);
  await migrateDatabase(server);
  out.push({
    name: 'PostgreSQL',
    database: server,
    drop: async () => {
      await server.close();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    },
  });
  return out;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

/** A project with an admin whose password is `bench1234`; returns the username. */
export async function seedManager(db: Db): Promise<string> {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const [project] = await db
    .insert(projects)
    .values({ name: 'Bench', qrId: `bench-${stamp}`, billingAnchor: billingToday(new Date()) })
    .returning();
  const username = `bench${stamp}`;
  await db.insert(users).values({ projectId: project.id, username, passwordHash: await hashPassword('bench1234'), role: 'admin' });
  return username;
}

/** Signs `username` in on a running app; returns the session cookie. */
export async function signIn(base: string, username: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench1234' }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * A project with `count` units (labels A100…), the seven stages on each, a third of them done today,
 * and an admin whose password is `bench1234`.
 */
export async function seedMap(db: Db, count: number) {
  const today = projectToday({ timezone: DEFAULT_PROJECT_TIME_ZONE }, new Date());
  const [project] = await db
    .insert(projects)
    .values({ name: 'Bench', qrId: `bench-${Date.now()}-${Math.random()}`, billingAnchor: today })
    .returning();
  const username = `bench${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  await db.insert(users).values({ projectId: project.id, username, passwordHash: await hashPassword('bench1234'), role: 'admin' });
  const labels = Array.from(
    { length: count },
    (_, i) => `${String.fromCharCode(65 + (i % 4))}${100 * (1 + Math.floor(i / 100)) + (i % 100)}`,
  );
  const unitRows = [];
  for (let i = 0; i < labels.length; i += 500) {
    unitRows.push(
      ...(await db
        .insert(units)
        .values(labels.slice(i, i + 500).map((number) => ({ projectId: project.id, number, floor: deriveFloor(number) })))
        .returning({ id: units.id })),
    );
  }
  const stages = defaultTaskRows();
  for (let i = 0; i < unitRows.length; i += 200) {
    const rows = await db
      .insert(tasks)
      .values(unitRows.slice(i, i + 200).flatMap((u) => stages.map((s) => ({ ...s, projectId: project.id, unitId: u.id }))))
      .returning({ id: tasks.id, unitId: tasks.unitId, sortOrder: tasks.sortOrder });
    const done = rows.filter((_r, j) => j % 3 === 0);
    await db.insert(taskCompletions).values(
      done.map((r) => ({
        projectId: project.id,
        taskId: r.id,
        unitId: r.unitId,
        workDate: today,
        period: 'once',
        workerName: 'Bench Worker',
      })),
    );
  }
  return { projectId: project.id, qrId: project.qrId, username, today };
}

/** `count` GETs spread over `clients` concurrent loops; p50, p95 and the worst in ms. */
export async function timeGets(url: string, headers: Record<string, string>, count: number, clients = 1) {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        next++;
        const started = performance.now();
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))];
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1] };
}

export interface RequestTimes {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Answers other than 2xx (counted, not thrown: a 503 under load is a finding). */
  failed: number;
  status503: number;
}

/**
 * Like timeGets, but the address and headers may change per request, non-2xx answers are counted
 * rather than thrown, and the run stops early after `budgetMs` (a slow route still reports).
 */
export async function timeRequests(
  url: () => string,
  headers: () => Record<string, string>,
  count: number,
  clients = 1,
  budgetMs = Infinity,
): Promise<RequestTimes> {
  const times: number[] = [];
  let next = 0;
  let failed = 0;
  let status503 = 0;
  const end = performance.now() + budgetMs;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count && performance.now() < end) {
        next++;
        const started = performance.now();
        const res = await fetch(url(), { headers: headers(), signal: AbortSignal.timeout(120_000) });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (!res.ok) failed++;
        if (res.status === 503) status503++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? NaN;
  return { count: times.length, p50: at(0.5), p95: at(0.95), max: times[times.length - 1] ?? NaN, failed, status503 };
}

/** The `p`th percentile (0–100) of `values` in ms (NaN when empty); `values` is not changed. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * A process's resident memory now and at its peak since the last `resetPeakMemory` (Linux: the
 * kernel's VmRSS and VmHWM, so a peak between two samples is not missed), in MB; undefined elsewhere.
 * `self` is this process, where a bench that builds the app in-process runs its server.
 */
export function memoryMb(pid: number | 'self' = 'self'): { now: number; peak: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Starts a new peak (Linux ≥ 4.0: writing 5 to clear_refs resets VmHWM to the current RSS). */
export function resetPeakMemory(pid: number | 'self' = 'self') {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux: no peak to reset.
  }
}
