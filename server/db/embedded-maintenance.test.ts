import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { projects, units } from './schema/index.ts';
import { maintainEmbedded, startEmbeddedMaintenance, tablesDue } from './embedded-maintenance.ts';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { budget } from '../../test-budget.ts';

/** docs/decisions/038-embedded-maintenance.md: PGlite never runs autovacuum, so the server does. */

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
});
afterAll(async () => pglite.close());
let tables = 0;
/** A table of its own (`t1`, `t2`…) with `rows` rows, in the one database these tests share. */
async function table(rows: number) {
  const name = `t${++tables}`;
  await pglite.exec(`create table ${name} (id int primary key, v text)`);
  if (rows > 0) await pglite.exec(`insert into ${name} select g, 'x' from generate_series(1, ${rows}) g`);
  return name;
}
const due = async (name: string) => (await tablesDue(pglite)).filter((t) => t.table === `public.${name}`);
/** The cumulative statistics a session flushes at most once a second, flushed now. */
const flush = (pglite: PGlite) => pglite.exec('select pg_stat_force_next_flush()');
const reltuples = async (pglite: PGlite, name: string) =>
  (await pglite.query<{ n: number }>(`select reltuples as n from pg_class where oid = '${name}'::regclass`)).rows[0].n;

describe('which tables are due (PostgreSQL autovacuum thresholds)', () => {
  it('analyzes a table again once more than 50 rows + 10 % of it changed', async () => {
    const name = await table(1000);
    await flush(pglite);
    await maintainEmbedded(pglite);
    await pglite.exec(`update ${name} set v = 'y' where id <= 150`);
    await flush(pglite);
    expect(await due(name)).toEqual([]);
    await pglite.exec(`update ${name} set v = 'y' where id = 151`);
    await flush(pglite);
    expect(await due(name)).toEqual([{ table: `public.${name}`, analyze: true, vacuum: false }]);
  });

  it('vacuums after deletes, analyzes, and then has nothing to do', async () => {
    const name = await table(10_000);
    await flush(pglite);
    const first = await maintainEmbedded(pglite);
    expect(first.filter((s) => s.table === `public.${name}`).map((s) => s.action)).toEqual(['vacuum', 'analyze']);
    expect(await reltuples(pglite, name)).toBe(10_000);
    await flush(pglite);
    expect(await maintainEmbedded(pglite)).toEqual([]);

    // 9 % of the rows changed is not yet due (autovacuum's scale factor is 10 %), 30 % deleted is.
    await pglite.exec(`update ${name} set v = 'y' where id <= 900`);
    await flush(pglite);
    expect(await due(name)).toEqual([]);
    await pglite.exec(`delete from ${name} where id <= 3000`);
    await flush(pglite);
    expect(await due(name)).toEqual([{ table: `public.${name}`, analyze: true, vacuum: true }]);
    await maintainEmbedded(pglite);
    expect(await reltuples(pglite, name)).toBe(7_000);
    const dead = await pglite.query<{ n: number }>(`select n_dead_tup as n from pg_stat_user_tables where relname = '${name}'`);
    expect(dead.rows[0].n).toBe(0);
  });

  it('analyzes a table that has rows and no statistics, whatever the counters say (a crash resets them)', async () => {
    const name = await table(40);
    await flush(pglite);
    await pglite.exec('select pg_stat_reset()');
    expect(await due(name)).toEqual([{ table: `public.${name}`, analyze: true, vacuum: false }]);
    await maintainEmbedded(pglite);
    expect(await reltuples(pglite, name)).toBe(40);
    expect(await due(name)).toEqual([]);
  });

  it('a failed pass is logged and the next one runs', async () => {
    const name = await table(100);
    const warnings: string[] = [];
    const passes: number[] = [];
    const broken = {
      query: async (...args: Parameters<PGlite['query']>) => {
        passes.push(passes.length);
        if (passes.length === 1) throw new Error('database busy');
        return pglite.query(...args);
      },
      exec: (q: string) => pglite.exec(q),
    } as unknown as PGlite;
    await flush(pglite);
    const maintenance = startEmbeddedMaintenance(broken, { info: () => {}, warn: (_o, msg) => warnings.push(msg) }, 10);
    await expect.poll(() => reltuples(pglite, name), { timeout: budget(10_000) }).toBe(100);
    await maintenance.stop();
    expect(warnings).toEqual(['embedded database maintenance failed']);
  });
});

describe('the server runs it by itself', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => ctx?.close());

  /** 500 units of a new project, written at once. */
  async function writeUnits(database: TestContext['database']) {
    const [project] = await database.db
      .insert(projects)
      .values({ name: 'Big', qrId: `big-${Date.now()}`, billingAnchor: '2026-01-01' })
      .returning();
    await database.db.insert(units).values(Array.from({ length: 500 }, (_, i) => ({ projectId: project.id, number: `U${i}`, floor: 1 })));
  }
  /** Tables of the app's schemas that have planner statistics (none until something analyzes them). */
  const analyzedTables = async (pglite: PGlite) =>
    (
      await pglite.query<{ name: string }>(
        `select distinct c.relname as name from pg_statistic s join pg_class c on c.oid = s.starelid
           join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')`,
      )
    ).rows.map((r) => r.name);

  it('has statistics on a table soon after many rows were written, on the embedded database', async (t) => {
    ctx = await createTestApp({ config: { embeddedMaintenanceMs: 50 } });
    if (!ctx.database.pglite) return t.skip('PostgreSQL runs its own autovacuum');
    await writeUnits(ctx.database);
    // The planner's row estimate for units comes from the pass's ANALYZE (never analyzed: -1).
    await expect.poll(() => reltuples(ctx!.database.pglite!, 'units'), { timeout: budget(15_000), interval: 100 }).toBe(500);
    expect(await analyzedTables(ctx.database.pglite)).toContain('units');
  });

  it('does not run when turned off (tests, or another process maintains the database)', async (t) => {
    ctx = await createTestApp();
    if (!ctx.database.pglite) return t.skip('PostgreSQL runs its own autovacuum');
    await writeUnits(ctx.database);
    await flush(ctx.database.pglite);
    await new Promise((r) => setTimeout(r, 300));
    expect(await reltuples(ctx.database.pglite, 'units')).toBe(-1);
    // Not even the pass at start, which would analyze the migrations' tables that have rows.
    expect(await analyzedTables(ctx.database.pglite)).toEqual([]);
  });
});
