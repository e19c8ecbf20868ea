import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#contract/events.ts';
import type { Measurement, Shortage } from '#contract/reports.ts';
import { measurements, shortages } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { signInMember } from '../schedules/test-support.ts';

let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
type As = Owner['as'];
/** Projects A and B, shared by the tests (registration is rate-limited per client). */
let a: Owner;
let b: Owner;
/**
 * The file's clock: 09:00 in Jerusalem, after every instant a test sets. Tests move it back to order
 * rows by time; on the real clock a session opened days before those instants expired (idle) on the way.
 */
const START = new Date('2026-05-10T06:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  a = await registerAndLogin(ctx.app);
  b = await registerAndLogin(ctx.app);
});
afterAll(async () => ctx?.close());
// Tests that order rows by time set the clock; the next test starts from the file's clock again.
afterEach(() => {
  if (ctx) ctx.clock.now = START;
});

let seq = 0;
/** A new unit in the owner's project; its number is unique across the file. */
async function addUnit(owner: Owner, number = `R${++seq}-${Date.now() % 100000}`) {
  const res = await owner.as({ method: 'POST', url: '/api/rooms', payload: { number } });
  if (res.statusCode !== 201) throw new Error(`unit ${number}: ${res.body}`);
  return res.json() as { id: string; number: string };
}

/** A project of its own, so list assertions see only the test's rows. */
async function freshProject() {
  return registerAndLogin(ctx.app);
}

const listShortages = async (as: As, query = '') => {
  const res = await as({ method: 'GET', url: `/api/shortages${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Shortage[];
};
const listMeasurements = async (as: As, query = '') => {
  const res = await as({ method: 'GET', url: `/api/measurements${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Measurement[];
};
/** The dialog always sends a quantity (the contract requires one); tests that care pass their own. */
const addShortage = async (as: As, payload: Record<string, unknown>) => {
  const res = await as({ method: 'POST', url: '/api/shortages', payload: { quantity: 1, ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Shortage;
};
const addMeasurement = async (as: As, payload: Record<string, unknown>) => {
  const res = await as({ method: 'POST', url: '/api/measurements', payload: { quantity: 1, ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Measurement;
};

describe('shortages list', () => {
  it('lists newest first with the unit number, and filters by status and by search over item, worker, notes and unit number', async () => {
    const owner = await freshProject();
    const unit = await addUnit(owner, 'B-204');
    ctx.clock.now = new Date('2026-03-01T08:00:00Z');
    const tiles = await addShortage(owner.as, { name: 'Floor tiles', quantity: 12, reportedBy: 'Yossi', apartmentNumber: 'B-204' });
    ctx.clock.now = new Date('2026-03-02T08:00:00Z');
    const handle = await addShortage(owner.as, {
      name: 'Window handle',
      notes: 'Left side BROKEN',
      reportedBy: 'Moshe',
      status: 'in_progress',
    });
    ctx.clock.now = new Date('2026-03-03T08:00:00Z');
    const paint = await addShortage(owner.as, { name: 'Paint', reportedBy: 'Avi', status: 'completed' });

    const all = await listShortages(owner.as);
    expect(all.map((s) => s.id)).toEqual([paint.id, handle.id, tiles.id]);
    expect(all[2]).toEqual({
      id: tiles.id,
      name: 'Floor tiles',
      quantity: 12,
      notes: null,
      reportedBy: 'Yossi',
      apartmentId: unit.id,
      apartmentNumber: 'B-204',
      status: 'pending',
      reportedAt: '2026-03-01T08:00:00.000Z',
    });
    expect(all[1]).toMatchObject({ apartmentId: null, apartmentNumber: null });

    expect((await listShortages(owner.as, '?status=in_progress')).map((s) => s.id)).toEqual([handle.id]);
    expect((await listShortages(owner.as, '?status=all')).length).toBe(3);
    expect((await listShortages(owner.as, '?search=TILES')).map((s) => s.id)).toEqual([tiles.id]);
    expect((await listShortages(owner.as, '?search=mosh')).map((s) => s.id)).toEqual([handle.id]);
    expect((await listShortages(owner.as, '?search=broken')).map((s) => s.id)).toEqual([handle.id]);
    expect((await listShortages(owner.as, '?search=b-20')).map((s) => s.id)).toEqual([tiles.id]);
    expect(await listShortages(owner.as, '?search=paint&status=pending')).toEqual([]);
    expect(await listShortages(owner.as, `?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect((await owner.as({ method: 'GET', url: '/api/shortages?status=lost' })).statusCode).toBe(400);
  });

  it("shows a worker's report from the worker page with its unit", async () => {
    const owner = await freshProject();
    const unit = await addUnit(owner, 'C-7');
    const reported = await ctx.app.inject({
      method: 'POST',
      url: '/api/shortages-public',
      payload: { name: 'Door stopper', quantity: 3, apartmentId: unit.id, reportedBy: 'Ahmed' },
    });
    expect(reported.statusCode).toBe(201);
    const measured = await ctx.app.inject({
      method: 'POST',
      url: '/api/measurements-public',
      payload: { name: 'Sill', height: 40, width: 1200, apartmentId: unit.id },
    });
    expect(measured.statusCode).toBe(201);

    const [shortage] = await listShortages(owner.as);
    expect(shortage).toMatchObject({
      id: reported.json().id,
      name: 'Door stopper',
      quantity: 3,
      reportedBy: 'Ahmed',
      apartmentId: unit.id,
      apartmentNumber: 'C-7',
      status: 'pending',
    });
    const [measurement] = await listMeasurements(owner.as);
    expect(measurement).toMatchObject({ id: measured.json().id, height: 40, width: 1200, thickness: 0, apartmentNumber: 'C-7' });
  });

  it('keeps a report when its unit is deleted, without a unit', async () => {
    const owner = await freshProject();
    const unit = await addUnit(owner);
    const created = await addShortage(owner.as, { name: 'Cable', apartmentNumber: unit.number });
    expect((await owner.as({ method: 'DELETE', url: `/api/rooms/${unit.id}` })).statusCode).toBe(200);
    expect(await listShortages(owner.as)).toEqual([{ ...created, apartmentId: null, apartmentNumber: null }]);
  });
});

describe('adding, editing and deleting a shortage', () => {
  it('creates as pending with empty texts as null, trimming the name and the unit number', async () => {
    const unit = await addUnit(a);
    const created = await addShortage(a.as, { name: '  Screws  ', apartmentNumber: `  ${unit.number} `, notes: '', reportedBy: '  ' });
    expect(created).toMatchObject({
      name: 'Screws',
      quantity: 1,
      status: 'pending',
      notes: null,
      reportedBy: null,
      apartmentId: unit.id,
      apartmentNumber: unit.number,
    });
    const [row] = await ctx.database.db.select().from(shortages).where(eq(shortages.id, created.id));
    expect(row).toMatchObject({ projectId: a.user.projectId, unitId: unit.id });
  });

  it('ignores a project id in the body: the project is the session’s', async () => {
    const created = await addShortage(a.as, { name: 'Glue', projectId: b.user.projectId });
    const [row] = await ctx.database.db.select().from(shortages).where(eq(shortages.id, created.id));
    expect(row.projectId).toBe(a.user.projectId);
  });

  it('refuses a missing name, a quantity below 1, an unknown status or an unknown unit number, and writes nothing', async () => {
    const owner = await freshProject();
    const bad = [
      { payload: { name: '   ', quantity: 1 }, message: 'Please enter an item name' },
      { payload: { quantity: 2 }, message: undefined },
      { payload: { name: 'X', quantity: 0 }, message: 'Quantity must be at least 1' },
      { payload: { name: 'X', quantity: 1.5 }, message: undefined },
      { payload: { name: 'X' }, message: undefined },
      { payload: { name: 'X', quantity: 1, status: 'lost' }, message: undefined },
    ];
    for (const { payload, message } of bad) {
      const res = await owner.as({ method: 'POST', url: '/api/shortages', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    const unknown = await owner.as({
      method: 'POST',
      url: '/api/shortages',
      payload: { name: 'X', quantity: 1, apartmentNumber: ' 999 ' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No unit with number 999 in this project');
    expect(await listShortages(owner.as)).toEqual([]);
  });

  it("refuses another project's unit number", async () => {
    const theirs = await addUnit(b, `B-only-${Date.now()}`);
    const res = await a.as({ method: 'POST', url: '/api/shortages', payload: { name: 'X', quantity: 1, apartmentNumber: theirs.number } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`No unit with number ${theirs.number} in this project`);
  });

  it('updates every field, status and unit included, and an empty unit number clears the unit', async () => {
    const first = await addUnit(a);
    const second = await addUnit(a);
    const created = await addShortage(a.as, { name: 'Pipe', quantity: 2, apartmentNumber: first.number });
    ctx.clock.now = new Date(START.getTime() + 60_000);
    const res = await a.as({
      method: 'PUT',
      url: `/api/shortages/${created.id}`,
      payload: { name: 'Pipe 20mm', quantity: 5, notes: 'urgent', reportedBy: 'Dana', apartmentNumber: second.number, status: 'completed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...created,
      name: 'Pipe 20mm',
      quantity: 5,
      notes: 'urgent',
      reportedBy: 'Dana',
      apartmentId: second.id,
      apartmentNumber: second.number,
      status: 'completed',
    });
    expect((await listShortages(a.as)).find((s) => s.id === created.id)).toEqual(res.json());

    const cleared = await a.as({
      method: 'PUT',
      url: `/api/shortages/${created.id}`,
      payload: { name: 'Pipe 20mm', quantity: 5, apartmentNumber: '' },
    });
    expect(cleared.json()).toMatchObject({ apartmentId: null, apartmentNumber: null, status: 'pending', notes: null });
  });

  it('leaves the shortage unchanged when an update is refused', async () => {
    const unit = await addUnit(a);
    const created = await addShortage(a.as, { name: 'Bolt', quantity: 4, apartmentNumber: unit.number });
    for (const payload of [
      { name: '', quantity: 4 },
      { name: 'Bolt', quantity: 0 },
      { name: 'Bolt', quantity: 4, apartmentNumber: 'nowhere' },
    ]) {
      expect((await a.as({ method: 'PUT', url: `/api/shortages/${created.id}`, payload })).statusCode).toBe(400);
    }
    expect((await listShortages(a.as)).find((s) => s.id === created.id)).toEqual(created);
  });

  it('deletes, then answers 404 for the same id, a malformed id or an unknown id', async () => {
    const created = await addShortage(a.as, { name: 'Nails' });
    const res = await a.as({ method: 'DELETE', url: `/api/shortages/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Shortage deleted' });
    expect((await listShortages(a.as)).some((s) => s.id === created.id)).toBe(false);
    for (const id of [created.id, 'not-a-uuid', crypto.randomUUID()]) {
      const again = await a.as({ method: 'DELETE', url: `/api/shortages/${id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Shortage not found');
      const put = await a.as({ method: 'PUT', url: `/api/shortages/${id}`, payload: { name: 'X', quantity: 1 } });
      expect(put.statusCode).toBe(404);
    }
  });

  it('announces each change to the project’s live stream', async () => {
    // A project of its own: on PostgreSQL an earlier test's events may still be on their way.
    const owner = await freshProject();
    const seen: LiveEvent[] = [];
    const stop = ctx.app.events.subscribe(owner.user.projectId, (e) => seen.push(e));
    try {
      const created = await addShortage(owner.as, { name: 'Sealant' });
      await owner.as({
        method: 'PUT',
        url: `/api/shortages/${created.id}`,
        payload: { name: 'Sealant', quantity: 1, status: 'in_progress' },
      });
      await owner.as({ method: 'DELETE', url: `/api/shortages/${created.id}` });
      await owner.as({ method: 'POST', url: '/api/shortages', payload: { name: '' } });
      await addMeasurement(owner.as, { name: 'Beam', height: 1, width: 2 });
      // On PostgreSQL events travel through NOTIFY: wait for them (up to 15 s on a busy machine), then a little longer for strays.
      for (let i = 0; i < 300 && seen.length < 4; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      stop();
    }
    expect(seen.map((e) => e.type)).toEqual(['shortage.changed', 'shortage.changed', 'shortage.changed', 'measurement.changed']);
  });
});

describe('measurements', () => {
  it('creates, lists, searches, updates and deletes with dimensions in millimetres', async () => {
    const owner = await freshProject();
    const unit = await addUnit(owner, 'D-12');
    ctx.clock.now = new Date('2026-04-01T08:00:00Z');
    const door = await addMeasurement(owner.as, {
      name: 'Door frame',
      height: 2100,
      width: 900,
      quantity: 2,
      apartmentNumber: 'D-12',
      reportedBy: 'Igor',
    });
    expect(door).toMatchObject({
      height: 2100,
      width: 900,
      thickness: 0,
      quantity: 2,
      apartmentId: unit.id,
      apartmentNumber: 'D-12',
      status: 'pending',
    });
    ctx.clock.now = new Date('2026-04-01T09:00:00Z');
    const glass = await addMeasurement(owner.as, { name: 'Glass pane', height: 1000, width: 800, thickness: 6, status: 'completed' });

    expect((await listMeasurements(owner.as)).map((m) => m.id)).toEqual([glass.id, door.id]);
    expect((await listMeasurements(owner.as, '?search=igor')).map((m) => m.id)).toEqual([door.id]);
    expect((await listMeasurements(owner.as, '?status=completed')).map((m) => m.id)).toEqual([glass.id]);
    expect((await listMeasurements(owner.as, '?search=d-1')).map((m) => m.id)).toEqual([door.id]);

    const updated = await owner.as({
      method: 'PUT',
      url: `/api/measurements/${door.id}`,
      payload: { name: 'Door frame', height: 2050, width: 880, thickness: 40, quantity: 2, status: 'in_progress' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      height: 2050,
      width: 880,
      thickness: 40,
      status: 'in_progress',
      apartmentId: null,
      apartmentNumber: null,
      reportedBy: null,
    });

    const del = await owner.as({ method: 'DELETE', url: `/api/measurements/${door.id}` });
    expect(del.json()).toEqual({ message: 'Measurement deleted' });
    expect((await listMeasurements(owner.as)).map((m) => m.id)).toEqual([glass.id]);
  });

  it('refuses negative or missing millimetres, a missing name, a quantity below 1 or an unknown unit, and writes nothing', async () => {
    const owner = await freshProject();
    const bad = [
      { name: 'X', height: -1, width: 10 },
      { name: 'X', height: 10, width: -5 },
      { name: 'X', height: 10, width: 10, thickness: -1 },
      { name: 'X', width: 10 },
      { name: 'X', height: 10 },
      { name: '', height: 10, width: 10 },
      { name: 'X', height: 10, width: 10, quantity: 0 },
      { name: 'X', height: 10.5, width: 10 },
    ];
    for (const payload of bad) {
      const res = await owner.as({ method: 'POST', url: '/api/measurements', payload: { quantity: 1, ...payload } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const neg = await owner.as({ method: 'POST', url: '/api/measurements', payload: { name: 'X', quantity: 1, height: -1, width: 10 } });
    expect(neg.json().message).toContain('Millimetres must be 0 or more');
    const unknown = await owner.as({
      method: 'POST',
      url: '/api/measurements',
      payload: { name: 'X', quantity: 1, height: 0, width: 0, apartmentNumber: '404' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No unit with number 404 in this project');
    expect(await listMeasurements(owner.as)).toEqual([]);
    const rows = await ctx.database.db.select().from(measurements).where(eq(measurements.projectId, owner.user.projectId));
    expect(rows).toEqual([]);
  });

  it('answers 404 "Measurement not found" for a malformed or unknown id', async () => {
    for (const id of ['123', crypto.randomUUID()]) {
      const put = await a.as({ method: 'PUT', url: `/api/measurements/${id}`, payload: { name: 'X', quantity: 1, height: 1, width: 1 } });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('Measurement not found');
      expect((await a.as({ method: 'DELETE', url: `/api/measurements/${id}` })).statusCode).toBe(404);
    }
  });
});

describe('access', () => {
  it("keeps each project's reports to itself: B cannot see, change or delete A's", async () => {
    const shortage = await addShortage(a.as, { name: `A-secret-${Date.now()}` });
    const measurement = await addMeasurement(a.as, { name: `A-measure-${Date.now()}`, height: 1, width: 1 });

    expect((await listShortages(b.as)).some((s) => s.id === shortage.id)).toBe(false);
    expect(await listShortages(b.as, `?search=${shortage.name}`)).toEqual([]);
    expect((await listMeasurements(b.as)).some((m) => m.id === measurement.id)).toBe(false);

    const put = await b.as({
      method: 'PUT',
      url: `/api/shortages/${shortage.id}`,
      payload: { name: 'hijacked', quantity: 1, status: 'completed' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Shortage not found');
    expect((await b.as({ method: 'DELETE', url: `/api/shortages/${shortage.id}` })).statusCode).toBe(404);
    const mPut = await b.as({
      method: 'PUT',
      url: `/api/measurements/${measurement.id}`,
      payload: { name: 'hijacked', quantity: 1, height: 0, width: 0 },
    });
    expect(mPut.statusCode).toBe(404);
    expect((await b.as({ method: 'DELETE', url: `/api/measurements/${measurement.id}` })).statusCode).toBe(404);

    expect((await listShortages(a.as)).find((s) => s.id === shortage.id)).toEqual(shortage);
    expect((await listMeasurements(a.as)).find((m) => m.id === measurement.id)).toEqual(measurement);
  });

  it('answers 401 without a session and 403 for a cleaner, writing nothing', async () => {
    const owner = await freshProject();
    const calls = [
      { method: 'GET', url: '/api/shortages' },
      { method: 'POST', url: '/api/shortages', payload: { name: 'X', quantity: 1 } },
      { method: 'PUT', url: `/api/shortages/${crypto.randomUUID()}`, payload: { name: 'X', quantity: 1 } },
      { method: 'DELETE', url: `/api/shortages/${crypto.randomUUID()}` },
      { method: 'GET', url: '/api/measurements' },
      { method: 'POST', url: '/api/measurements', payload: { name: 'X', quantity: 1, height: 1, width: 1 } },
      { method: 'PUT', url: `/api/measurements/${crypto.randomUUID()}`, payload: { name: 'X', quantity: 1, height: 1, width: 1 } },
      { method: 'DELETE', url: `/api/measurements/${crypto.randomUUID()}` },
    ] as const;
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    for (const call of calls) {
      expect((await ctx.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await cleaner(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect(await listShortages(owner.as)).toEqual([]);
    expect(await listMeasurements(owner.as)).toEqual([]);
  });

  it('lets a manager of the project work the tables too', async () => {
    const manager = await signInMember(ctx.app, ctx.database.db, a.user.projectId, 'manager');
    const created = await addShortage(manager, { name: 'Manager item' });
    expect((await listShortages(a.as)).some((s) => s.id === created.id)).toBe(true);
  });
});
