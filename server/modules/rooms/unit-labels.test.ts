import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { units } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { ensureAnyCaseLabelIndex, listLookAlikeLabels } from './rooms.queries.ts';

/** docs/product.md "Working without signal", "One unit per label": "a101" and "A101" are one unit. */
let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await registerAndLogin(ctx.app);
  other = await registerAndLogin(ctx.app);
});
afterAll(async () => ctx?.close());

const createUnit = (who: Owner, number: string) => who.as({ method: 'POST', url: '/api/rooms', payload: { number } });
const labels = async (who: Owner) =>
  ((await who.as({ method: 'GET', url: '/api/rooms' })).json() as { number: string }[]).map((r) => r.number);
const indexExists = async () =>
  rowsOf(await ctx.database.db.execute(sql`select 1 from pg_indexes where indexname = 'units_project_number_ci_uq'`)).length > 0;

describe('unit labels regardless of case', () => {
  it('refuses a unit whose label differs from an existing one only in case, in the same project only', async () => {
    expect((await createUnit(owner, 'A101')).statusCode).toBe(201);
    const twin = await createUnit(owner, 'a101');
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'unit_number_taken' });
    expect((await labels(owner)).filter((n) => n.toLowerCase() === 'a101')).toEqual(['A101']);
    // Another project may have its own a101.
    expect((await createUnit(other, 'a101')).statusCode).toBe(201);
  });

  it("refuses renaming a unit to another unit's label in another case, and lets a unit change its own case", async () => {
    const b = (await createUnit(owner, 'B7')).json() as { id: string };
    const c = (await createUnit(owner, 'c8')).json() as { id: string };
    const clash = await owner.as({ method: 'PUT', url: `/api/rooms/${c.id}`, payload: { number: 'b7' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('unit_number_taken');
    const own = await owner.as({ method: 'PUT', url: `/api/rooms/${b.id}`, payload: { number: 'b7' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().number).toBe('b7');
  });

  it('creates many units once per label in any case, skipping look-alikes of existing units and of each other', async () => {
    await createUnit(owner, 'D1');
    const res = await owner.as({
      method: 'POST',
      url: '/api/rooms/bulk',
      payload: { rooms: [{ number: 'd1' }, { number: 'E1' }, { number: 'e1' }, { number: 'E2' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, skipped: 2 });
    expect((await labels(owner)).filter((n) => /^[de]\d$/i.test(n)).sort()).toEqual(['D1', 'E1', 'E2']);
  });

  it('finds the unit of a manager report by its number in any case', async () => {
    await createUnit(owner, 'F-12');
    const res = await owner.as({ method: 'POST', url: '/api/shortages', payload: { name: 'Tiles', quantity: 2, apartmentNumber: 'f-12' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ apartmentNumber: 'F-12' });
  });

  it('migration 0008 does not fail on look-alikes from before: it leaves the index out, the start lists them, and the index comes once they are renamed', async () => {
    const db = ctx.database.db;
    expect(await indexExists()).toBe(true);
    await db.execute(sql`drop index "units_project_number_ci_uq"`);
    try {
      await db.insert(units).values([
        { projectId: other.user.projectId, number: 'Gx' },
        { projectId: other.user.projectId, number: 'gx' },
      ]);
      const migration = fs.readFileSync(new URL('../../db/migrations/0008_unit_number_any_case.sql', import.meta.url), 'utf8');
      await db.execute(sql.raw(migration));
      expect(await indexExists()).toBe(false);
      expect(await listLookAlikeLabels(db)).toEqual([{ projectId: other.user.projectId, numbers: ['Gx', 'gx'] }]);
      // Nothing merged; and while the index waits, the service still refuses a third look-alike.
      expect((await labels(other)).filter((n) => n.toLowerCase() === 'gx').sort()).toEqual(['Gx', 'gx']);
      expect((await createUnit(other, 'GX')).statusCode).toBe(409);
      expect(await ensureAnyCaseLabelIndex(db)).toHaveLength(1);
      expect(await indexExists()).toBe(false);
      await db
        .update(units)
        .set({ number: 'gx-2' })
        .where(and(eq(units.projectId, other.user.projectId), eq(units.number, 'gx')));
      expect(await ensureAnyCaseLabelIndex(db)).toEqual([]);
      expect(await indexExists()).toBe(true);
    } finally {
      await db.execute(sql`create unique index if not exists "units_project_number_ci_uq" on "units" ("project_id", lower("number"))`);
    }
  });
});
