/**
 * Cost of growth (docs/cost-of-growth.md): the hot routes of the real server on a database holding
 * a year of a busy platform, filled in SQL (insert … select generate_series), for the biggest
 * project and for a small one, beside the same small project alone in a database of its own.
 *
 *   npm run bench:scale                     # --short: 1/10 of the platform (~2.5 M completions)
 *   npm run bench:scale -- --full           # 2,000 projects, 452k units, ~20 M completions
 *   npm run bench:scale -- --months 1|3|12  # only that much history (default 12)
 *
 * Shape at --full: 2,000 projects (70% construction with 7 stages per unit, 30% hotels and offices
 * with 4 daily tasks per room, one done about every 11th day), ~452k units, ~2.7 M tasks, ~20 M
 * completions, ~8 M work sessions, ~1.2 M photos. Among them the biggest project (2,000 units,
 * 7 stages + 3 daily tasks, the daily ones done every third day) and a small one (50 units, the same
 * tasks); --short keeps those two as they are and takes a tenth of the rest.
 *
 * Each route is timed with 1 client (median, p95) and with 8 concurrent clients (p95, non-2xx, 503s).
 * Statements per request: the mean over the 1-client requests, from the server's debug request log.
 *
 * PostgreSQL only (postgres://postgres@127.0.0.1:5432 or BENCH_DATABASE_URL's server): two databases
 * `shalav_scale_<random>` created here and dropped at the end, also on failure or SIGINT.
 * To work on a slow read: BENCH_SCALE_KEEP=1 keeps both databases (their names are printed), and
 * BENCH_SCALE_REUSE=<big>,<alone> measures those again (migrated to the current schema) without
 * filling; `--only <text>` times only the routes whose name holds that text. Loopback
 * only; bounded in time (BENCH_SCALE_MAX_MINUTES, default 40, 90 with --full); kills only the servers it started, by PID.
 */
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openPostgres } from '../server/db/client.ts';
import { startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { hashPassword } from '../server/modules/auth/auth.service.ts';
import { defaultTaskRows } from '#contract/default-tasks.ts';
import { percentile, signIn, timeRequests, type RequestTimes } from './lib.ts';

const argv = process.argv.slice(2);
const full = argv.includes('--full');
const monthsArg = argv.indexOf('--months');
const MONTHS = monthsArg >= 0 ? Number(argv[monthsArg + 1]) : 12;
if (![1, 3, 12].includes(MONTHS)) throw new Error('--months takes 1, 3 or 12');
const SCALE = full ? 1 : 0.1;
const DAYS = Math.round(MONTHS * 30.42);
const PROJECTS = Math.max(3, Math.round(2000 * SCALE));
// The --full fill alone took 32 min on a 2-core machine (docs/cost-of-growth.md, "--full, 2026-12-07").
const MAX_MS = Number(process.env.BENCH_SCALE_MAX_MINUTES ?? (full ? 90 : 40)) * 60_000;
const ONE_CLIENT = 6;
const EIGHT_CLIENTS = 16;
/** A route's runs stop early after this long (a slow route still reports what it measured). */
const ROUTE_BUDGET_MS = Number(process.env.BENCH_SCALE_ROUTE_SECONDS ?? 5) * 1000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench1234';
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
const REUSE = process.env.BENCH_SCALE_REUSE?.split(',');
if (REUSE && REUSE.length !== 2) throw new Error('BENCH_SCALE_REUSE takes <big>,<alone>');
const onlyArg = argv.indexOf('--only');
const ONLY = onlyArg >= 0 ? argv[onlyArg + 1] : undefined;

const started = performance.now();
const admin = new pg.Client({ connectionString: PG_URL });
const created: string[] = [];
let server: ChildServer | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await server?.dispose().catch(() => undefined);
    if (KEEP) {
      if (created.length > 0) console.log(`kept: BENCH_SCALE_REUSE=${created.join(',')} (drop them when done)`);
    } else for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  })();
  return cleaning;
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));
const deadline = setTimeout(() => {
  console.error(`bench:scale: over ${MAX_MS / 60_000} minutes, stopping`);
  void cleanup().then(() => process.exit(1));
}, MAX_MS);
deadline.unref();

const dbUrl = (name: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

async function createDatabase(): Promise<string> {
  const name = `shalav_scale_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  created.push(name);
  const database = await openPostgres(dbUrl(name), 2);
  await migrateDatabase(database);
  await database.close();
  return name;
}

const ms = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/**
 * The fill, all in SQL. `withPlatform`: the biggest project and the rest of the platform beside the
 * small one; without it, the small project alone (g = 1, the same rows as in the big database).
 */
async function fill(name: string, withPlatform: boolean, passwordHash: string) {
  const c = new pg.Client({ connectionString: dbUrl(name) });
  c.on('error', () => undefined); // a drop on SIGINT ends this connection: the query's own error says so
  await c.connect();
  try {
    await fillWith(c, withPlatform, passwordHash);
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function fillWith(c: pg.Client, withPlatform: boolean, passwordHash: string) {
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t0 = performance.now();
    const r = await c.query(text, values);
    if (withPlatform) console.log(`  ${label.padEnd(22)} ${String(r.rowCount ?? '').padStart(10)} rows  ${ms(t0)}`);
  };
  // Replica mode: no triggers (the worker-day marks of migration 0019, which a year of history
  // written at once does not need: no day is stored yet) and no foreign-key checks.
  await c.query(
    `set synchronous_commit = off; set work_mem = '64MB'; set maintenance_work_mem = '256MB'; set session_replication_role = replica`,
  );
  const stages = JSON.stringify(defaultTaskRows());
  // p: one row per project. g = 0 the biggest, g = 1 the small one, the rest 70% construction.
  await step(
    'projects',
    `create temp table p as
     select g, gen_random_uuid() id,
       case when g <= 1 or g % 10 < 7 then 'construction' when g % 2 = 0 then 'hotel' else 'office' end fac,
       case g when 0 then 2000 when 1 then 50 else 100 + (g * 7919) % 253 end units,
       case when g <= 1 then 3 when g % 10 < 7 then 0 else 4 end daily,
       case when g <= 1 then 3 else 11 end stride
     from generate_series(case when $1 then 0 else 1 end, case when $1 then $2 - 1 else 1 end) g`,
    [withPlatform, PROJECTS],
  );
  await step(
    'projects',
    `insert into projects (id, name, facility_type, qr_id, billing_anchor, card_token, card_brand, card_last4, created_at)
     select id, case g when 0 then 'Scale biggest' when 1 then 'Scale small' else 'Scale ' || g end, fac,
       'scale-' || g || '-' || md5(random()::text || g),
       -- Registered whole months ago, so today is every project's billing date and the run has work to do.
       (current_date - make_interval(months => $2::int))::date, 'sbx_scale' || g, 'visa', '4242',
       now() - make_interval(days => $1::int)
     from p`,
    [DAYS, MONTHS],
  );
  await step(
    'users',
    `insert into users (project_id, username, password_hash, role, is_owner, first_name, last_name, city)
     select p.id, 'scale_' || p.g || '_' || r, $1, case r when 0 then 'admin' else 'manager' end, r = 0, 'Dana', 'Levi', 'Haifa'
     from p, generate_series(0, 2) r`,
    [passwordHash],
  );
  if (withPlatform) {
    await step('platform admin', `insert into platform_admins (username, password_hash) values ('scale_platform', $1)`, [passwordHash]);
  }
  await step('workers', `insert into workers (project_id, name) select p.id, 'Worker ' || w from p, generate_series(0, 19) w`);
  await step(
    'units',
    `create temp table u as
     select gen_random_uuid() id, p.id project_id, p.g, i,
       chr(65 + i % 4) || (100 * (1 + i / 100) + i % 100) number, 1 + i / 100 floor, p.fac, p.daily, p.stride
     from p, generate_series(0, p.units - 1) i`,
  );
  await step(
    'units',
    `insert into units (id, project_id, number, floor, type, facility_type)
     select id, project_id, number, floor, case fac when 'construction' then 'apartment' else 'room' end, fac from u`,
  );
  await step(
    'tasks',
    `create temp table t as
     select gen_random_uuid() id, u.project_id, u.id unit_id, u.g, u.i, s.n - 1 s, 'once' recurrence,
       s.e ->> 'name' name, s.e -> 'translations' translations, u.stride
     from u, jsonb_array_elements($1::jsonb) with ordinality s(e, n) where u.fac = 'construction'
     union all
     select gen_random_uuid(), u.project_id, u.id, u.g, u.i, 100 + d, 'daily', 'Daily round ' || (d + 1), null, u.stride
     from u, generate_series(0, u.daily - 1) d`,
    [stages],
  );
  await step(
    'tasks',
    `insert into tasks (id, project_id, unit_id, name, translations, sort_order, recurrence)
     select id, project_id, unit_id, name, translations, s, recurrence from t`,
  );
  // Stage s of a unit is done (s + 1)/8 of a year in, ±35%: history shorter than a year holds fewer stages.
  // A daily task is done every `stride`-th day, at a phase of its own.
  await step(
    'completions',
    `create temp table c as
     with today as (select (now() at time zone 'Asia/Jerusalem')::date d),
     once as (
       select t.*, floor(365 * (t.s + 1) / 8.0 * (0.6 + 0.7 * ((hashtext(t.id::text) & 1023) / 1023.0)))::int as day_n
       from t where t.recurrence = 'once'
     ),
     r0 as (
       select once.id task_id, once.project_id, once.unit_id, once.g, (select d from today) - $1::int + day_n as work_date, 'once' as kind
       from once where day_n < $1::int
       union all
       select t.id, t.project_id, t.unit_id, t.g, (select d from today) - k, 'daily'
       from t, generate_series(0, $1::int / t.stride) j, lateral (select (abs(hashtext(t.id::text)) % t.stride) + t.stride * j k) kk
       where t.recurrence = 'daily' and k < $1::int
     )
     select gen_random_uuid() id, task_id, project_id, unit_id, g, work_date,
       case kind when 'once' then 'once' else work_date::text end period,
       least(now(), (work_date + time '07:00' + make_interval(mins => abs(hashtext(task_id::text || work_date)) % 600)) at time zone 'Asia/Jerusalem') completed_at,
       'Worker ' || abs(hashtext(task_id::text || work_date::text)) % 20 worker_name
     from r0`,
    [DAYS],
  );
  await step(
    'task_completions',
    `insert into task_completions (id, project_id, task_id, unit_id, work_date, period, worker_name, photo_url, completed_at, received_at, review_status)
     select c.id, c.project_id, c.task_id, c.unit_id, c.work_date, c.period, c.worker_name,
       case when abs(hashtext(c.id::text)) % 17 = 0 then '/objects/scale/' || c.id || '.jpg' end,
       c.completed_at, c.completed_at,
       case when c.work_date < (now() at time zone 'Asia/Jerusalem')::date - 7 then 'accepted' else 'pending' end
     from c`,
  );
  await step(
    'photos',
    `insert into stored_objects (project_id, unit_id, key, content_type, size, uploaded_at, created_at)
     select project_id, unit_id, substr(photo_url, 10), 'image/jpeg', 40000, completed_at, completed_at
     from task_completions where photo_url is not null`,
  );
  await step(
    'work_sessions',
    `insert into work_sessions (project_id, unit_id, worker_name, floor_number, status, work_date, created_at, updated_at)
     select u.project_id, u.id, 'Worker ' || abs(hashtext(u.id::text)) % 20, u.floor,
       case when k = 0 then 'active' else 'completed' end, (now() at time zone 'Asia/Jerusalem')::date - k, now() - make_interval(days => k), now() - make_interval(days => k)
     from u, generate_series(0, $1::int / 20) j, lateral (select abs(hashtext(u.id::text)) % 20 + 20 * j k) kk
     where k < $1::int`,
    [DAYS],
  );
  for (const table of ['shortages', 'measurements']) {
    const extra = table === 'measurements' ? ', height, width, thickness' : '';
    const extraValues = table === 'measurements' ? ', 100 + n % 200, 50 + n % 100, 2 + n % 5' : '';
    await step(
      table,
      `insert into ${table} (project_id, unit_id, name, quantity, reported_by, status, reported_at${extra})
       select u.project_id, u.id, 'Item ' || n % 40, 1 + n % 5, 'Worker ' || n % 20, case when n % 3 = 0 then 'pending' else 'completed' end,
         now() - make_interval(days => n % $1::int)${extraValues}
       from (select p.id pid, p.g, n from p, generate_series(0, case p.g when 0 then 2999 when 1 then 19 else 9 end) n) x
       join u on u.project_id = x.pid and u.i = n % (select units from p where p.g = x.g)`,
      [DAYS],
    );
  }
  const t0 = performance.now();
  // What autovacuum has done to a database a year old: statistics, and the visibility map that lets
  // a read of a period answer from the index alone.
  await c.query('vacuum analyze');
  if (withPlatform) console.log(`  vacuum analyze${' '.repeat(30)}${ms(t0)}`);
}

interface Row {
  route: string;
  project: string;
  kind: 'manager' | 'worker' | 'export' | 'admin' | 'write';
  one?: RequestTimes;
  eight?: RequestTimes;
  rows?: number;
  bytes?: number;
  note?: string;
  /** Statements per request, mean over the 1-client requests (the server's debug request log). */
  statements?: number;
}

/**
 * Runs `run`, which passes each URL it requests through `sent`; returns its result and the mean number
 * of statements those requests sent, from the server's debug request log
 * (server/lib/request-statements.ts; the server runs with LOG_LEVEL=debug).
 */
async function withStatements<T>(run: (sent: (url: string) => string) => Promise<T>): Promise<[T, number | undefined]> {
  const from = server?.output().length ?? 0;
  const paths = new Set<string>();
  const result = await run((url) => {
    paths.add(url.replace(/^https?:\/\/[^/]+/, ''));
    return url;
  });
  // The server logs a request once its answer is sent: the last line may come just after it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const counts = (server?.output().slice(from) ?? '').split('\n').flatMap((line) => {
    if (!line.startsWith('{"level":20') || !line.endsWith('}')) return [];
    const entry = JSON.parse(line) as { msg?: string; url?: string; statements?: number };
    return entry.msg === 'request' && entry.url !== undefined && paths.has(entry.url) && typeof entry.statements === 'number'
      ? [entry.statements]
      : [];
  });
  return [result, counts.length > 0 ? counts.reduce((a, b) => a + b, 0) / counts.length : undefined];
}

async function signInAdmin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'scale_platform', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin login: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

interface Target {
  g: number;
  label: string;
  projectId: string;
  qrId: string;
  unitIds: string[];
  openTasks: string[];
}

async function targetOf(name: string, g: number, label: string): Promise<Target> {
  const c = new pg.Client({ connectionString: dbUrl(name) });
  await c.connect();
  const [p] = (await c.query(`select id, qr_id from projects where name = $1`, [g === 0 ? 'Scale biggest' : 'Scale small'])).rows;
  const unitIds = (await c.query(`select id from units where project_id = $1 order by number`, [p.id])).rows.map((r) => r.id as string);
  const openTasks = (
    await c.query(
      `select t.id from tasks t where t.project_id = $1 and t.recurrence = 'once'
       and not exists (select 1 from task_completions c where c.task_id = t.id and c.reopened_at is null) order by t.id limit 400`,
      [p.id],
    )
  ).rows.map((r) => r.id as string);
  await c.end();
  return { g, label, projectId: p.id, qrId: p.qr_id, unitIds, openTasks };
}

let xff = 0;
const spread = () => ({ 'x-forwarded-for': `10.${(++xff >> 16) & 255}.${(xff >> 8) & 255}.${xff & 255}` });

const wanted = (route: string) => ONLY === undefined || route.includes(ONLY);

/** Times a read with 1 client and with 8; `url` may vary per request. */
async function read(kind: Row['kind'], route: string, project: string, url: () => string, headers: Record<string, string>): Promise<Row> {
  if (!wanted(route)) return { route, project, kind };
  const h = () => ({ ...headers, ...spread() });
  const [one, statements] = await withStatements((sent) => timeRequests(() => sent(url()), h, ONE_CLIENT, 1, ROUTE_BUDGET_MS));
  const eight = await timeRequests(url, h, EIGHT_CLIENTS, 8, ROUTE_BUDGET_MS);
  return { route, project, kind, one, eight, statements };
}

async function complete(base: string, taskId: string, sent = (url: string) => url): Promise<number> {
  const res = await fetch(sent(`${base}/api/scheduled-tasks-complete/${taskId}`), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-shalav-device': `scale-phone-${randomUUID()}`, ...spread() },
    body: JSON.stringify({ workerName: 'Worker 3' }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function measureProject(base: string, t: Target, cookie: string, all: boolean): Promise<Row[]> {
  const out: Row[] = [];
  const m = { cookie };
  const api = (path: string) => () => `${base}/api${path}`;
  const push = async (r: Promise<Row>) => {
    const row = await r;
    out.push(row);
    process.stdout.write('.');
  };
  let u = 0;
  const nextUnit = () => t.unitIds[u++ % t.unitIds.length];
  const tasks = [...t.openTasks];

  // Manager reads right after a change (a worker signs in on a unit: the project's cached answers
  // are dropped, docs/decisions/037-reads-that-stay-fast.md), with one client and with 8 asking at once.
  let changes = 0;
  const change = async () => {
    const res = await fetch(`${base}/api/work-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shalav-device': `scale-phone-${randomUUID()}`, ...spread() },
      body: JSON.stringify({ roomId: nextUnit(), workerName: `Bench ${++changes}` }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`a change (work session): ${res.status}`);
  };
  const afterChange = async (route: string, path: string) => {
    if (!wanted(route)) return;
    const url = `${base}/api${path}`;
    const timed = async (times: number[], counts: { failed: number; status503: number }, sent = (u: string) => u) => {
      const t0 = performance.now();
      const res = await fetch(sent(url), { headers: { ...m, ...spread() }, signal: AbortSignal.timeout(120_000) });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) counts.failed++;
      if (res.status === 503) counts.status503++;
    };
    const end = performance.now() + ROUTE_BUDGET_MS;
    const one: number[] = [];
    const oneCounts = { failed: 0, status503: 0 };
    const [, statements] = await withStatements(async (sent) => {
      for (let i = 0; i < ONE_CLIENT && performance.now() < end; i++) {
        await change();
        await timed(one, oneCounts, sent);
      }
    });
    const eight: number[] = [];
    const eightCounts = { failed: 0, status503: 0 };
    for (let round = 0; round < EIGHT_CLIENTS / 8 && performance.now() < end + ROUTE_BUDGET_MS; round++) {
      await change();
      await Promise.all(Array.from({ length: 8 }, () => timed(eight, eightCounts)));
    }
    out.push({
      route,
      project: t.label,
      kind: 'manager',
      one: { ...summarize(one), ...oneCounts },
      eight: { ...summarize(eight), ...eightCounts },
      statements,
    });
    process.stdout.write('.');
  };
  await afterChange('unit map (after a change)', '/rooms?withTaskCounts=true');
  await push(read('manager', 'unit map (warm)', t.label, api('/rooms?withTaskCounts=true'), m));
  await push(read('manager', 'unit details', t.label, () => `${base}/api/dashboard/room-details/${nextUnit()}`, m));
  await afterChange('work tracking, first page', '/scheduled-tasks');
  await afterChange('work tracking, pending + search', '/scheduled-tasks?status=pending&search=A1');
  await afterChange('work tracking, completed p.3', '/scheduled-tasks?status=completed&page=3');
  for (const days of [1, 7, 30, 90]) await afterChange(`statistics ${days} d`, `/stats/cleaning?days=${days}`);
  for (const range of ['today', 'week', 'month']) {
    await afterChange(`employee performance ${range}`, `/employee-performance?range=${range}`);
    await afterChange(`KPI ${range}`, `/kpi-metrics?range=${range}`);
  }
  await afterChange('progress matrix', '/progress-matrix');
  await afterChange('shortages', '/shortages');
  await afterChange('measurements', '/measurements');
  await afterChange('review queue (pending)', '/reviews?status=pending');

  // Worker: the task list of a unit, the unit suggestions, a completion.
  await push(
    read('worker', 'worker task list', t.label, () => `${base}/api/scheduled-tasks-public/${nextUnit()}`, {
      get 'x-shalav-device'() {
        return `scale-phone-${randomUUID()}`;
      },
    }),
  );
  await push(
    read('worker', 'unit suggestions', t.label, () => `${base}/api/rooms-public?qrId=${encodeURIComponent(t.qrId)}&q=A1`, {
      'x-shalav-device': `scale-phone-${randomUUID()}`,
    }),
  );
  const writes: number[] = [];
  let writeFailed = 0;
  const [, writeStatements] = await withStatements(async (sent) => {
    for (let i = 0; i < ONE_CLIENT && tasks.length && wanted('worker completion'); i++) {
      const t0 = performance.now();
      const status = await complete(base, tasks.pop()!, sent);
      writes.push(performance.now() - t0);
      if (status < 200 || status > 299) writeFailed++;
    }
  });
  const eightWrites: number[] = [];
  let eightFailed = 0;
  let eight503 = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = 0; i < 3 && tasks.length && wanted('worker completion'); i++) {
        const t0 = performance.now();
        const status = await complete(base, tasks.pop()!);
        eightWrites.push(performance.now() - t0);
        if (status < 200 || status > 299) eightFailed++;
        if (status === 503) eight503++;
      }
    }),
  );
  if (wanted('worker completion'))
    out.push({
      route: 'worker completion',
      project: t.label,
      kind: 'write',
      one: { ...summarize(writes), failed: writeFailed, status503: 0 },
      eight: { ...summarize(eightWrites), failed: eightFailed, status503: eight503 },
      statements: writeStatements,
    });

  if (all) {
    // Exports: time to the last byte, and the rows (CSV lines less the header).
    const exports: [string, string][] = [
      ['export work tracking csv', '/scheduled-tasks/export?format=csv'],
      ['export work tracking xlsx', '/scheduled-tasks/export?format=xlsx'],
      ['export statistics 90 d csv', '/stats/cleaning/export?days=90&format=csv'],
      ['export performance month csv', '/employee-performance/export?range=month&format=csv'],
      ['export shortages csv', '/shortages/export?format=csv'],
      ['export measurements csv', '/measurements/export?format=csv'],
    ];
    for (const [route, path] of exports) if (wanted(route)) out.push(await exportRow(route, t.label, `${base}/api${path}`, m, change));
    process.stdout.write('.');
  }
  return out;
}

/** Times an export 3 times, each right after `change` (so nothing of it is cached). */
async function exportRow(
  route: string,
  project: string,
  url: string,
  headers: Record<string, string>,
  change: () => Promise<void>,
): Promise<Row> {
  const times: number[] = [];
  let rows = 0;
  let bytes = 0;
  let failed = 0;
  let s503 = 0;
  let note: string | undefined;
  const [, statements] = await withStatements(async (sent) => {
    for (let i = 0; i < 3; i++) {
      await change();
      const t0 = performance.now();
      const res = await fetch(sent(url), { headers: { ...headers, ...spread() }, signal: AbortSignal.timeout(120_000) });
      const body = Buffer.from(await res.arrayBuffer());
      times.push(performance.now() - t0);
      if (!res.ok) {
        failed++;
        if (res.status === 503) s503++;
        note = `${res.status} ${body.toString('utf8').slice(0, 80)}`;
        continue;
      }
      bytes = body.length;
      rows = url.includes('format=csv')
        ? Math.max(
            0,
            body
              .toString('utf8')
              .split('\n')
              .filter((l) => l.trim()).length - 1,
          )
        : NaN;
      if (times.reduce((a, b) => a + b, 0) > ROUTE_BUDGET_MS * 2) break;
    }
  });
  return { route, project, kind: 'export', one: { ...summarize(times), failed, status503: s503 }, rows, bytes, note, statements };
}

/** Count, median, p95 and max of request times in ms (in any order). */
function summarize(times: number[]) {
  return { count: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: times.length ? Math.max(...times) : NaN };
}

async function platformRows(base: string): Promise<Row[]> {
  const cookie = await signInAdmin(base);
  const out: Row[] = [];
  const api = (path: string) => () => `${base}/api${path}`;
  out.push(await read('admin', 'admin: users', 'platform', api('/admin/users'), { cookie }));
  out.push(await read('admin', 'admin: customers + billing', 'platform', api('/admin/customers-billing'), { cookie }));
  out.push(await read('admin', 'admin: hotels', 'platform', api('/admin/hotels'), { cookie }));
  out.push(
    await exportRow(
      'admin: customers export csv',
      'platform',
      `${base}/api/admin/customers-billing/export?format=csv`,
      { cookie },
      async () => undefined,
    ),
  );
  const t0 = performance.now();
  const [res, billingStatements] = await withStatements((sent) =>
    fetch(sent(`${base}/api/admin/billing/run`), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `scale-billing-${randomUUID()}`, ...spread() },
      body: JSON.stringify({}),
      signal: AbortSignal.timeout(300_000),
    }),
  );
  const body = await res.text();
  const took = performance.now() - t0;
  out.push({
    route: 'billing run (all projects)',
    project: 'platform',
    kind: 'admin',
    one: { count: 1, p50: took, p95: took, max: took, failed: res.ok ? 0 : 1, status503: res.status === 503 ? 1 : 0 },
    note: body.slice(0, 120),
    statements: billingStatements,
  });
  return out;
}

const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '-' : n >= 10_000 ? n.toFixed(0) : n.toFixed(n < 10 ? 1 : 0));

function verdict(r: Row, ratioAlone?: number): string {
  const misses: string[] = [];
  if (r.kind === 'manager' && r.eight && r.eight.p95 > 300) misses.push('MISSED ≤300ms@8');
  if (r.kind === 'manager' && !r.eight && r.one && r.one.p95 > 300) misses.push('MISSED ≤300ms');
  if (r.kind === 'worker' && r.eight && r.eight.p95 > 50) misses.push('MISSED ≤50ms@8');
  if (r.kind === 'export' && (r.rows ?? 0) >= 100_000 && r.one!.max > 10_000) misses.push('MISSED ≤10s');
  if (ratioAlone !== undefined && ratioAlone > 1.5) misses.push('MISSED ≤1.5× alone');
  if ((r.one?.failed ?? 0) + (r.eight?.failed ?? 0) > 0) misses.push('non-2xx');
  if (misses.length) return misses.join(', ');
  if (r.kind === 'manager' || r.kind === 'worker') return 'met';
  if (r.kind === 'export' && (r.rows ?? 0) >= 100_000) return 'met';
  return '';
}

async function main() {
  await admin.connect();
  const load0 = os.loadavg();
  console.log(
    `bench:scale ${full ? '--full' : '--short'} --months ${MONTHS} — ${PROJECTS} projects, ${DAYS} days of history; ` +
      `load average ${load0.map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`,
  );
  const passwordHash = await hashPassword(PASSWORD);
  const t0 = performance.now();
  let big: string;
  let alone: string;
  if (REUSE) {
    [big, alone] = REUSE;
    for (const name of REUSE) {
      const database = await openPostgres(dbUrl(name), 2);
      await migrateDatabase(database);
      await database.close();
    }
  } else {
    big = await createDatabase();
    alone = await createDatabase();
    console.log(`fill ${big}:`);
    await fill(big, true, passwordHash);
    await fill(alone, false, passwordHash);
  }
  const fillSeconds = (performance.now() - t0) / 1000;
  const counts = new pg.Client({ connectionString: dbUrl(big) });
  await counts.connect();
  const sizes: Record<string, number> = {};
  for (const table of ['projects', 'units', 'tasks', 'task_completions', 'work_sessions', 'stored_objects', 'shortages', 'measurements']) {
    sizes[table] = Number((await counts.query(`select count(*) n from ${table}`)).rows[0].n);
  }
  const bigCompletions = Number(
    (await counts.query(`select count(*) n from task_completions c join projects p on p.id = c.project_id where p.name = 'Scale biggest'`))
      .rows[0].n,
  );
  const dbSize = (await counts.query(`select pg_size_pretty(pg_database_size(current_database())) s`)).rows[0].s as string;
  await counts.end();
  console.log(
    `filled in ${fillSeconds.toFixed(0)} s: ${Object.entries(sizes)
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ')}; biggest project ${bigCompletions.toLocaleString('en')} completions; database ${dbSize}`,
  );

  const bigTarget = await targetOf(big, 0, 'biggest');
  const smallTarget = await targetOf(big, 1, 'small');
  const aloneTarget = await targetOf(alone, 1, 'small alone');

  const rows: Row[] = [];
  server = await startChildServer({ DATABASE_URL: dbUrl(big), LOG_LEVEL: 'debug' });
  const base = `http://127.0.0.1:${server.port}`;
  console.log(`server on ${base} (pid ${server.child.pid}, started in ${(server.startedInMs / 1000).toFixed(1)} s); measuring`);
  rows.push(...(await measureProject(base, bigTarget, await signIn(base, 'scale_0_0'), true)));
  rows.push(...(await measureProject(base, smallTarget, await signIn(base, 'scale_1_0'), true)));
  if (ONLY === undefined || ONLY.startsWith('admin')) rows.push(...(await platformRows(base)));
  await server.dispose();
  server = await startChildServer({ DATABASE_URL: dbUrl(alone), LOG_LEVEL: 'debug' });
  const baseAlone = `http://127.0.0.1:${server.port}`;
  rows.push(...(await measureProject(baseAlone, aloneTarget, await signIn(baseAlone, 'scale_1_0'), false)));
  await server.dispose();
  server = undefined;
  console.log();

  const find = (route: string, project: string) => rows.find((r) => r.route === route && r.project === project);
  console.log(
    `\n${'route'.padEnd(36)} ${'project'.padEnd(11)} ${'n'.padStart(3)} ${'p50 1c'.padStart(8)} ${'p95 1c'.padStart(8)} ${'p95 8c'.padStart(8)} ${'non2xx'.padStart(6)} ${'503'.padStart(4)} ${'rows'.padStart(7)} ${'big/sm'.padStart(6)} ${'sm/alone'.padStart(8)} ${'stmts'.padStart(6)}  target`,
  );
  const misses: string[] = [];
  for (const r of rows) {
    if (!r.one && !r.eight) continue;
    const small = r.project === 'biggest' ? find(r.route, 'small') : undefined;
    const aloneRow = r.project === 'small' ? find(r.route, 'small alone') : undefined;
    const ratioBig = small?.one && r.one ? r.one.p50 / small.one.p50 : undefined;
    const ratioAlone = aloneRow?.one && r.one ? r.one.p50 / aloneRow.one.p50 : undefined;
    const v = r.project === 'small alone' ? '' : verdict(r, ratioAlone);
    if (v.includes('MISSED') || v.includes('non-2xx')) misses.push(`${r.route} (${r.project}): ${v}`);
    console.log(
      `${r.route.padEnd(36)} ${r.project.padEnd(11)} ${String(r.one?.count ?? '').padStart(3)} ${f(r.one?.p50).padStart(8)} ${f(r.one?.p95).padStart(8)} ${f(r.eight?.p95).padStart(8)} ${String((r.one?.failed ?? 0) + (r.eight?.failed ?? 0)).padStart(6)} ${String((r.one?.status503 ?? 0) + (r.eight?.status503 ?? 0)).padStart(4)} ${(r.rows === undefined ? '' : Number.isNaN(r.rows) ? `${Math.round((r.bytes ?? 0) / 1024)}kB` : String(r.rows)).padStart(7)} ${ratioBig === undefined ? '      ' : ratioBig.toFixed(1).padStart(6)} ${ratioAlone === undefined ? '        ' : ratioAlone.toFixed(2).padStart(8)} ${f(r.statements).padStart(6)}  ${v}${r.note ? `  [${r.note}]` : ''}`,
    );
  }
  console.log(`\nmisses (${misses.length}):\n${misses.map((m) => `  - ${m}`).join('\n') || '  none'}`);
  console.log(
    `\nms; 1c = ${ONE_CLIENT} requests one after another, 8c = ${EIGHT_CLIENTS} requests over 8 clients (each run cut at ${ROUTE_BUDGET_MS / 1000} s); ` +
      `ratios are of the 1-client medians; stmts = statements per request, mean over the 1-client requests (the server's debug request log).`,
  );
  console.log(
    `load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; whole run ${ms(started)}`,
  );
}

try {
  await main();
} finally {
  await cleanup();
}
