import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREFIX, QUICK_TEMPLATES, expandTemplates, parseRangeNumber, planBulkUnits } from '#contract/generator.ts';
import { WRITE_CHUNK_ROWS } from '#contract/limits.ts';
import type { Room } from '#contract/rooms.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type As = Awaited<ReturnType<typeof registerAndLogin>>['as'];
const bulk = (as: As, rooms: object[]) => as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms } });
const roomsOf = async (as: As) => (await as({ method: 'GET', url: '/api/rooms' })).json() as Room[];

describe('generator templates (contract)', () => {
  it('expands prefix + start..end inclusive, skipping repeats and templates whose prefix is over 3 characters', () => {
    const out = expandTemplates([
      { prefix: 'A', startNumber: 101, endNumber: 103, facilityType: 'construction', roomType: 'apartment' },
      { prefix: 'A', startNumber: 103, endNumber: 104, facilityType: 'construction', roomType: 'penthouse' },
      { prefix: 'TOWR', startNumber: 1, endNumber: 2, facilityType: 'construction', roomType: 'apartment' },
      { prefix: 'TWR', startNumber: 1, endNumber: 1, facilityType: 'commercial', roomType: 'parking' },
    ]);
    expect(MAX_PREFIX).toBe(3);
    expect(out).toEqual([
      { number: 'A101', facilityType: 'construction', type: 'apartment' },
      { number: 'A102', facilityType: 'construction', type: 'apartment' },
      { number: 'A103', facilityType: 'construction', type: 'apartment' },
      { number: 'A104', facilityType: 'construction', type: 'penthouse' },
      { number: 'TWR1', facilityType: 'commercial', type: 'parking' },
    ]);
  });

  it('falls back to 1 for an invalid start or end', () => {
    expect(parseRangeNumber('abc')).toBe(1);
    expect(parseRangeNumber(0)).toBe(1);
    expect(parseRangeNumber('12')).toBe(12);
    expect(
      expandTemplates([{ prefix: 'P', startNumber: NaN, endNumber: 2, facilityType: 'construction', roomType: 'parking' }]).map(
        (r) => r.number,
      ),
    ).toEqual(['P1', 'P2']);
  });

  it('gives the quick templates their documented sizes (medium 120, large 248, mixed 75)', () => {
    expect(expandTemplates(QUICK_TEMPLATES.medium)).toHaveLength(50 + 50 + 20);
    expect(expandTemplates(QUICK_TEMPLATES.large)).toHaveLength(99 + 99 + 50);
    expect(expandTemplates(QUICK_TEMPLATES.mixed)).toHaveLength(30 + 25 + 20);
  });
});

describe('POST /api/rooms/bulk', () => {
  it('creates every new unit, deriving the floor from the label where unambiguous', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const res = await bulk(
      as,
      expandTemplates(QUICK_TEMPLATES.medium).concat([{ number: '1203', facilityType: 'construction', type: 'apartment' }]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 121, skipped: 0, message: 'Created 121 new rooms' });
    const rooms = await roomsOf(as);
    const floor = (n: string) => rooms.find((r) => r.number === n)?.floor;
    expect([floor('A101'), floor('B250'), floor('C320'), floor('1203')]).toEqual([1, 2, 3, 12]);
    expect(rooms.find((r) => r.number === 'C301')).toMatchObject({
      type: 'penthouse',
      status: 'needs_cleaning',
      facilityType: 'construction',
    });
  });

  it('leaves the floor empty when the label is ambiguous, and keeps a floor that is sent', async () => {
    const { as } = await registerAndLogin(ctx.app);
    await bulk(as, [{ number: 'P12' }, { number: 'B-2-05' }, { number: 'A1' }, { number: 'X999', floor: 4 }]);
    const rooms = await roomsOf(as);
    expect(Object.fromEntries(rooms.map((r) => [r.number, r.floor]))).toEqual({ P12: null, 'B-2-05': null, A1: null, X999: 4 });
  });

  it('skips labels that exist (or repeat in the request) and reports the counts', async () => {
    const { as } = await registerAndLogin(ctx.app);
    await bulk(as, [{ number: '101' }, { number: '102' }]);
    const res = await bulk(as, [{ number: '101' }, { number: '102' }, { number: '103' }, { number: '103' }]);
    expect(res.json()).toEqual({ created: 1, skipped: 3, message: 'Created 1 new rooms' });
    expect((await roomsOf(as)).map((r) => r.number)).toEqual(['101', '102', '103']);
  });

  it('creates what the preview counts for a range in another case: the missing labels only, in the project case', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const range = (prefix: string, startNumber: number, endNumber: number) =>
      expandTemplates([{ prefix, startNumber, endNumber, facilityType: 'construction', roomType: 'apartment' }]);
    expect((await bulk(as, [...range('B', 220, 225), ...range('c', 1, 1)])).statusCode).toBe(200);
    const before = (await roomsOf(as)).map((r) => r.number);
    const typed = [...range('b', 220, 227), ...range('C', 1, 2), ...range('d', 1, 1)];
    // The web's preview (planGeneration) is planBulkUnits over the project's labels.
    const preview = planBulkUnits(typed, before);
    expect(preview.fresh.map((r) => r.number)).toEqual(['B226', 'B227', 'c2', 'd1']);
    expect(preview.skipped).toBe(7);
    const res = await bulk(as, typed);
    expect(res.json()).toMatchObject({ created: preview.fresh.length, skipped: preview.skipped });
    const after = (await roomsOf(as)).map((r) => r.number);
    expect(after.filter((n) => !before.includes(n)).sort()).toEqual(['B226', 'B227', 'c2', 'd1']);
    // What the web sends is the preview's new labels: all of them are created, nothing skipped.
    const again = range('b', 228, 229);
    expect((await bulk(as, planBulkUnits(again, after).fresh)).json()).toMatchObject({ created: 2, skipped: 0 });
    expect((await roomsOf(as)).map((r) => r.number)).toEqual(expect.arrayContaining(['B228', 'B229']));
  });

  it('picks one case for a prefix the project writes both ways, whatever the order of its labels', () => {
    const typed = [{ number: 'b9' }];
    expect(planBulkUnits(typed, ['b1', 'B2']).fresh).toEqual([{ number: 'B9' }]);
    expect(planBulkUnits(typed, ['B2', 'b1']).fresh).toEqual([{ number: 'B9' }]);
  });

  it('answers a double-click with one Idempotency-Key twice with the first answer, not "all exist"', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const rooms = expandTemplates([{ prefix: 'K', startNumber: 1, endNumber: 8, facilityType: 'construction', roomType: 'apartment' }]);
    const headers = { 'idempotency-key': `bulk-${process.pid}:0` };
    const send = () => as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms }, headers });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.json()).toMatchObject({ created: 8, skipped: 0 });
    expect(second.json()).toEqual(first.json());
    expect((await roomsOf(as)).filter((r) => r.number.startsWith('K'))).toHaveLength(8);
  });

  it('says so when every unit in the range already exists, and creates nothing', async () => {
    const { as } = await registerAndLogin(ctx.app);
    await bulk(as, [{ number: 'A1' }, { number: 'A2' }]);
    const res = await bulk(as, [{ number: 'A1' }, { number: 'A2' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 0, skipped: 2, message: 'All rooms in this range already exist in the system' });
    expect(await roomsOf(as)).toHaveLength(2);
  });

  it('refuses an empty list, an unknown unit type and an over-long label', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const empty = await bulk(as, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('No rooms to create');
    expect((await bulk(as, [{ number: '1', type: 'castle' }])).statusCode).toBe(400);
    expect((await bulk(as, [{ number: 'x'.repeat(31) }])).statusCode).toBe(400);
    expect(await roomsOf(as)).toEqual([]);
  });

  it('creates 2,000 units with one insert per chunk of rows, never one per unit', async () => {
    const { as } = await registerAndLogin(ctx.app);
    let start = ctx.database.stats.queries;
    await bulk(as, [{ number: 'S1' }, { number: 'S2' }]);
    const small = ctx.database.stats.queries - start;
    start = ctx.database.stats.queries;
    const res = await bulk(
      as,
      Array.from({ length: 2000 }, (_, i) => ({ number: `${1000 + i}` })),
    );
    // One insert per WRITE_CHUNK_ROWS units (docs/decisions/014-tenant-limits.md).
    const inserts = Math.ceil(2000 / WRITE_CHUNK_ROWS);
    expect(inserts).toBeGreaterThan(1);
    expect(ctx.database.stats.queries - start).toBe(small + inserts - 1);
    expect(res.json().created).toBe(2000);
  });

  it('requires a manager session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms: [{ number: '1' }] } })).statusCode).toBe(401);
  });

  it("keeps labels per project: B may create A's labels and never skips on A's account", async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    await bulk(a.as, [{ number: '101' }, { number: '102' }]);
    const res = await bulk(b.as, [{ number: '101' }, { number: '102' }]);
    expect(res.json()).toEqual({ created: 2, skipped: 0, message: 'Created 2 new rooms' });
    expect(await roomsOf(a.as)).toHaveLength(2);
    expect(await roomsOf(b.as)).toHaveLength(2);
  });
});
