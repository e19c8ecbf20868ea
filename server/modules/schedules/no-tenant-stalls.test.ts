import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { liveStreamLeases, projects, shortages, tasks } from '../../db/schema/index.ts';
import { keysetRows, projectExportKey } from '../../lib/export-file.ts';
import { readInTurns } from '../../lib/fairness.ts';
import { createTestApp, testConfig, type TestContext } from '../../test/helpers.ts';
import * as reportsQ from '../reports/reports.queries.ts';
import * as q from './schedules.queries.ts';
import { scheduledTaskChunks } from './schedules.service.ts';
import { seedStages } from './test-support.ts';

/**
 * No tenant stalls another (docs/decisions/034-no-tenant-stalls.md): exports read by keyset
 * chunks in the screen's order, one export per project at a time, reports and exports on a pool of
 * their own whose statements time out.
 */
let ctx: TestContext;
let seeded: Awaited<ReturnType<typeof seedStages>>;
const postgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-03-10T10:00:00Z') });
  // Units without a number (null numeric key), look-alike numbers, and every task of a unit with
  // the same sort_order and created_at: long runs of equal sort keys that only the id orders.
  seeded = await seedStages(
    ctx.app,
    [{ number: 'B' }, { number: '10' }, { number: 'A' }, { number: '010' }, { number: '2' }, { number: '2a' }],
    ['one', 'two', 'three', 'four'],
  );
  await ctx.database.db
    .update(tasks)
    .set({ sortOrder: 0, createdAt: new Date('2026-03-01T00:00:00.123Z') })
    .where(eq(tasks.projectId, seeded.owner.user.projectId));
});
afterAll(async () => ctx?.close());

const filterOf = () => ({ projectId: seeded.owner.user.projectId, date: '2026-03-10' });

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe('keyset chunks', () => {
  it('reads the same tasks in the same order as the one-statement list, whatever the chunk size, boundaries inside runs of equal keys', async () => {
    const all = await q.listScheduledTasks(ctx.database.db, { ...filterOf(), limit: 1000, offset: 0 });
    expect(all).toHaveLength(24);
    for (const chunkRows of [1, 3, 5, 24, 25]) {
      const chunked = await collect(await scheduledTaskChunks(ctx.database.reportsDb, filterOf(), chunkRows, (r) => r.id));
      expect(chunked, `chunks of ${chunkRows}`).toEqual(all.map((r) => r.id));
    }
  });

  it('goes on past chunks whose units have no task under the filter, to the last unit', async () => {
    // Only the last unit in the order ('B', no number) and one in the middle ('2a') match.
    for (const search of ['b', '2a', 'two']) {
      const filter = { ...filterOf(), search };
      const all = await q.listScheduledTasks(ctx.database.db, { ...filter, limit: 1000, offset: 0 });
      expect(all.length, search).toBeGreaterThan(0);
      for (const chunkRows of [1, 4, 7]) {
        const chunked = await collect(await scheduledTaskChunks(ctx.database.reportsDb, filter, chunkRows, (r) => r.id));
        expect(chunked, `${search}, chunks of ${chunkRows}`).toEqual(all.map((r) => r.id));
      }
    }
  });

  it('reads reports newest first, id breaking ties of the same instant, across chunks', async () => {
    const projectId = seeded.owner.user.projectId;
    const at = new Date('2026-03-09T08:00:00.000Z');
    await ctx.database.db
      .insert(shortages)
      .values(Array.from({ length: 7 }, (_, i) => ({ projectId, name: `item ${i}`, quantity: 1, reportedBy: 'Dana', reportedAt: at })));
    await ctx.database.db.execute(
      sql`insert into shortages (project_id, name, quantity, reported_by, reported_at) values (${projectId}, 'micro', 1, 'Dana', '2026-03-09 08:00:00.000001+00')`,
    );
    const all = await reportsQ.listReports(ctx.database.db, 'shortage', { projectId });
    expect(all).toHaveLength(8);
    const chunked = await collect(
      await keysetRows({
        chunkRows: 3,
        read: (after: reportsQ.ReportCursor | undefined, limit: number) =>
          reportsQ.listReportsAfter(ctx.database.reportsDb, 'shortage', { projectId, limit, after }),
        cursorOf: (r) => r.cursor,
        map: (r) => r.report.id,
      }),
    );
    expect(chunked).toEqual(all.map((r) => r.report.id));
    // The export itself, through HTTP, lists them in that order too.
    const res = await seeded.owner.as({ method: 'GET', url: '/api/shortages/export?format=csv&lang=en' });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.body
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toEqual(all.map((r) => r.report.name));
  });
});

describe('taking turns', () => {
  /**
   * Five rows read two at a time; each read logs itself, and `during` runs inside it (what else the
   * server has queued, and how long the read holds the thread). Answers the rows, the log and when
   * each read started.
   */
  async function readFive(embedded: boolean, during: (events: string[]) => void) {
    const events: string[] = [];
    const reads: number[] = [];
    const data = [1, 2, 3, 4, 5];
    const rows = await keysetRows({
      chunkRows: 2,
      embedded,
      read: (after: number | undefined, limit: number) => {
        events.push(`read after ${after ?? 'start'}`);
        reads.push(performance.now());
        during(events);
        const from = after === undefined ? 0 : data.indexOf(after) + 1;
        return Promise.resolve(data.slice(from, from + limit));
      },
      cursorOf: (n) => n,
      map: (n) => n,
    });
    expect(await collect(rows)).toEqual(data);
    return { events, reads };
  }

  it('lets other work run between two chunk reads (the embedded database answers one statement at a time)', async () => {
    // Another request's work, queued while this chunk was read.
    const { events } = await readFive(false, (log) => setImmediate(() => log.push('other request')));
    expect(events).toEqual(['read after start', 'other request', 'read after 2', 'other request', 'read after 4']);
  });

  it('on the embedded database, waits after each chunk as long as the chunk held the thread', async () => {
    const { events, reads } = await readFive(true, (log) => {
      // Another request's timer, due while this chunk holds the thread (as a statement of the embedded database does).
      setTimeout(() => log.push('other request'), 1);
      const until = performance.now() + 40;
      while (performance.now() < until);
    });
    expect(events).toEqual(['read after start', 'other request', 'read after 2', 'other request', 'read after 4']);
    // 40 ms of the thread, then at least as long for the others.
    expect(reads[1]! - reads[0]!).toBeGreaterThanOrEqual(79);
    expect(reads[2]! - reads[1]!).toBeGreaterThanOrEqual(79);
  });
});

describe("a report's reads in turns", () => {
  type Read = () => Promise<string>;
  /** Reads that each hold the thread for 30 ms (as a statement of the embedded database does) and note when they ran. */
  const reads = (events: string[]): [Read, Read, Read] => {
    const read = (name: string) => () => {
      events.push(`start ${name}`);
      setTimeout(() => events.push('other request'), 1);
      const until = performance.now() + 30;
      while (performance.now() < until);
      return Promise.resolve(name);
    };
    return [read('a'), read('b'), read('c')];
  };

  it('on the embedded database, one after another with a turn for others after each', async () => {
    const events: string[] = [];
    expect(await readInTurns(true, reads(events))).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'other request', 'start b', 'other request', 'start c']);
  });

  it('on PostgreSQL, side by side', async () => {
    const events: string[] = [];
    expect(await readInTurns(false, reads(events))).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'start b', 'start c']);
  });
});

describe('one export at a time per project', () => {
  const exportUrl = '/api/scheduled-tasks/export?format=csv&lang=en';

  it('refuses a second export of the same project 429 export_in_progress with Retry-After, and takes the next once the first is over', async () => {
    const key = projectExportKey(seeded.owner.user.projectId);
    const first = await ctx.app.streamSlots.take(key, 1);
    expect(first).toBeDefined();
    const refused = await seeded.owner.as({ method: 'GET', url: exportUrl });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'export_in_progress' });
    expect(refused.json().message).toBeTruthy();
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Every export of the project shares the lease.
    expect((await seeded.owner.as({ method: 'GET', url: '/api/shortages/export?format=csv&lang=en' })).statusCode).toBe(429);
    await first!.release();
    // One after another: each finished export lets the next in.
    for (let i = 0; i < 3; i += 1) expect((await seeded.owner.as({ method: 'GET', url: exportUrl })).statusCode).toBe(200);
    // Another project is not held up by this one's export.
    const held = await ctx.app.streamSlots.take(key, 1);
    const other = await seedStages(ctx.app, [{ number: '1' }], ['x']);
    expect((await other.owner.as({ method: 'GET', url: exportUrl })).statusCode).toBe(200);
    await held!.release();
  });

  it('lets go of the lease when the export fails', async () => {
    // An unknown language fails validation before any lease; a failing read is what matters here.
    const failing = await buildApp({
      config: testConfig(),
      database: { ...ctx.database, reportsDb: brokenDb(ctx.database) },
      now: () => new Date('2026-03-10T10:00:00Z'),
      logger: false,
    });
    try {
      await failing.ready();
      const as = (url: string) => failing.inject({ method: 'GET', url, headers: { cookie: seeded.owner.cookie } });
      const res = await as(exportUrl);
      expect(res.statusCode).toBe(500);
      // Not held by the failed one: the same instance takes the next export (and fails it again, not 429).
      expect((await as(exportUrl)).statusCode).toBe(500);
    } finally {
      await failing.close();
    }
  });
});

/** A reports database whose every statement fails. */
function brokenDb(database: Database): Database['db'] {
  return new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop === 'execute' || prop === 'select') return () => Promise.reject(new Error('broken reports database'));
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

describe.runIf(postgres)('on PostgreSQL', () => {
  let url: string;
  let second: Database;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    url = (ctx.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    // A second instance on the same database: one reports connection, statements cut off at 500 ms.
    second = await openPostgres(url, 3, { reportsMax: 1, reportTimeoutMs: 500 });
    other = await buildApp({ config: testConfig(), database: second, now: () => new Date('2026-03-10T10:00:00Z'), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await second?.close();
  });
  const asOther = (url: string) => other.inject({ method: 'GET', url, headers: { cookie: seeded.owner.cookie } });

  it('holds the lease across instances, and a lapsed lease (its instance killed) is taken again', async () => {
    const key = projectExportKey(seeded.owner.user.projectId);
    const held = await ctx.app.streamSlots.take(key, 1);
    expect(held).toBeDefined();
    const refused = await asOther('/api/scheduled-tasks/export?format=csv&lang=en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('export_in_progress');
    // The holder dies without releasing: its lease runs out.
    await ctx.database.db
      .update(liveStreamLeases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(liveStreamLeases.sessionHash, key));
    expect((await asOther('/api/scheduled-tasks/export?format=csv&lang=en')).statusCode).toBe(200);
    await held!.release();
  });

  it('answers a timed-out report read 503 report_timed_out, not 500, and frees the lease', async () => {
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table tasks in access exclusive mode');
      const started = Date.now();
      const res = await asOther('/api/scheduled-tasks/export?format=csv&lang=en');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('report_timed_out');
      expect(Date.now() - started).toBeLessThan(5_000);
      const matrix = await asOther('/api/progress-matrix');
      expect(matrix.statusCode, matrix.body).toBe(503);
      expect(matrix.json().code).toBe('report_timed_out');
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await asOther('/api/scheduled-tasks/export?format=csv&lang=en')).statusCode).toBe(200);
  });

  it('lets go of the lease when the client goes away while the first chunk is read (real HTTP)', async () => {
    const key = projectExportKey(seeded.owner.user.projectId);
    const slowPool = await openPostgres(url, 2, { reportsMax: 1, reportTimeoutMs: 10_000 });
    const slow = await buildApp({ config: testConfig(), database: slowPool, now: () => new Date('2026-03-10T10:00:00Z'), logger: false });
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    const leaseRows = async () =>
      (await ctx.database.db.select().from(liveStreamLeases).where(eq(liveStreamLeases.sessionHash, key))).length;
    try {
      await slow.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.server.address() as { port: number };
      await locker.query('begin');
      await locker.query('lock table tasks in access exclusive mode');
      const abort = new AbortController();
      const download = fetch(`http://127.0.0.1:${port}/api/scheduled-tasks/export?format=csv&lang=en`, {
        headers: { cookie: seeded.owner.cookie },
        signal: abort.signal,
      }).catch(() => undefined);
      await expect.poll(leaseRows, { timeout: 3_000 }).toBe(1);
      abort.abort();
      await download;
      // Freed while the read is still blocked, not after it.
      await expect.poll(leaseRows, { timeout: 3_000 }).toBe(0);
    } finally {
      await locker.query('rollback');
      await locker.end();
      await slow.close();
      await slowPool.close();
    }
  });

  it('a worker route answers while the reports pool is fully busy', async () => {
    const [project] = await ctx.database.db
      .select({ qrId: projects.qrId })
      .from(projects)
      .where(eq(projects.id, seeded.owner.user.projectId));
    // One connection in each pool: were reports on the main pool, the sleep would hold the worker up.
    const busyPool = await openPostgres(url, 1, { reportsMax: 1, reportTimeoutMs: 10_000 });
    const busy = await buildApp({ config: testConfig(), database: busyPool, now: () => new Date('2026-03-10T10:00:00Z'), logger: false });
    try {
      await busy.ready();
      // The one reports connection sleeps; a report asked meanwhile waits for it.
      // (A drizzle query runs when awaited: then() starts it now.)
      const sleeping = busy.reportsDb.execute(sql`select pg_sleep(2)`).then(() => undefined);
      const report = busy.inject({ method: 'GET', url: '/api/progress-matrix', headers: { cookie: seeded.owner.cookie } });
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const worker = await busy.inject({ method: 'GET', url: `/api/facility/by-qr/${project!.qrId}` });
      const workerMs = Date.now() - started;
      expect(worker.statusCode, worker.body).toBe(200);
      expect(workerMs).toBeLessThan(1_000);
      await sleeping;
      expect((await report).statusCode).toBe(200);
    } finally {
      await busy.close();
      await busyPool.close();
    }
  });
});
