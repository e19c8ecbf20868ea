import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Room } from '#contract/rooms.ts';
import { taskCompletions, tasks, units, workSessions } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
const unitCount = async (projectId: string) =>
  (await ctx.app.db.select({ n: count() }).from(units).where(eq(units.projectId, projectId)))[0].n;
const listRooms = async (o: Owner) => {
  const res = await o.as({ method: 'GET', url: '/api/rooms?withTaskCounts=true' });
  expect(res.statusCode).toBe(200);
  return res.json() as Room[];
};

/** Units straight into the database (multi-row inserts), each with tasks and its first task done. */
async function seedUnits(projectId: string, n: number, tasksPerUnit = 3) {
  const rows = await ctx.app.db
    .insert(units)
    .values(Array.from({ length: n }, (_, i) => ({ projectId, number: `S${1000 + i}`, floor: 10 })))
    .returning({ id: units.id });
  const taskValues = rows.flatMap((u) =>
    Array.from({ length: tasksPerUnit }, (_, k) => ({ projectId, unitId: u.id, name: `Stage ${k + 1}`, sortOrder: k + 1 })),
  );
  const taskRows = [];
  for (let i = 0; i < taskValues.length; i += 1000) {
    taskRows.push(
      ...(await ctx.app.db
        .insert(tasks)
        .values(taskValues.slice(i, i + 1000))
        .returning({ id: tasks.id, unitId: tasks.unitId, sortOrder: tasks.sortOrder })),
    );
  }
  const firsts = taskRows.filter((t) => t.sortOrder === 1);
  for (let i = 0; i < firsts.length; i += 1000) {
    await ctx.app.db
      .insert(taskCompletions)
      .values(
        firsts
          .slice(i, i + 1000)
          .map((t) => ({ projectId, taskId: t.id, unitId: t.unitId, workDate: '2026-01-01', period: 'once', workerName: 'Seeder' })),
      );
  }
}

describe('room map', () => {
  it('lists units by the first number in the label, then alphabetically', async () => {
    const o = await registerAndLogin(ctx.app);
    for (const number of ['B10', 'A2', 'Lobby', 'A10', 'C1', 'A1']) {
      expect((await o.as({ method: 'POST', url: '/api/rooms', payload: { number } })).statusCode).toBe(201);
    }
    expect((await listRooms(o)).map((r) => r.number)).toEqual(['A1', 'C1', 'A2', 'A10', 'B10', 'Lobby']);
  });

  it('sends the same number of SQL statements for 5 units as for 500', async () => {
    const small = await registerAndLogin(ctx.app);
    const large = await registerAndLogin(ctx.app);
    await seedUnits(small.user.projectId, 5);
    await seedUnits(large.user.projectId, 500);
    const statementsFor = async (o: Owner, expected: number) => {
      await listRooms(o); // warm-up: session touch and the like happen outside the measurement
      // A write's event drops the cached map (server/plugins/project-cache.ts): measure the statement that computes it.
      ctx.app.events.publish({ projectId: o.user.projectId, type: 'units.changed' });
      const before = ctx.database.stats.queries;
      const rooms = await listRooms(o);
      const used = ctx.database.stats.queries - before;
      expect(rooms).toHaveLength(expected);
      expect(rooms.every((r) => r.totalTasksToday === 3 && r.completedTasksToday === 1 && r.lastCleanedBy === 'Seeder')).toBe(true);
      return used;
    };
    const forFive = await statementsFor(small, 5);
    const forFiveHundred = await statementsFor(large, 500);
    expect(forFive).toBeGreaterThan(0);
    expect(forFiveHundred).toBe(forFive);
    expect(forFive).toBeLessThanOrEqual(3);
  });
});

describe("status, counts and 'today' in the project's time zone", () => {
  // 22:30 UTC on Nov 22 is already 00:30 on Nov 23 in Jerusalem (UTC+2).
  const NOW = new Date('2026-11-22T22:30:00Z');
  const TODAY = '2026-11-23';
  const YESTERDAY = '2026-11-22';
  let o: Owner;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx.clock.now = NOW;
    o = await registerAndLogin(ctx.app);
    const projectId = o.user.projectId;
    for (const number of ['D101', 'D102', 'D103', 'D104', 'D105', 'D106']) {
      const res = await o.as({ method: 'POST', url: '/api/rooms', payload: { number } });
      ids[number] = res.json().id;
    }
    const addTasks = (unit: string, recurrence: 'once' | 'daily') =>
      ctx.app.db
        .insert(tasks)
        .values(
          [1, 2].map((k) => ({
            projectId,
            unitId: ids[unit],
            name: `${unit} task ${k}`,
            sortOrder: k,
            recurrence,
            requiresPhoto: k === 1,
          })),
        )
        .returning();
    const complete = (t: typeof tasks.$inferSelect, period: string, workDate: string, worker: string, at: Date) =>
      ctx.app.db
        .insert(taskCompletions)
        .values({ projectId, taskId: t.id, unitId: t.unitId, workDate, period, workerName: worker, completedAt: at, notes: 'ok' });

    // D101: daily tasks, both done today (local) → clean.
    for (const t of await addTasks('D101', 'daily')) await complete(t, TODAY, TODAY, 'Yossi', new Date('2026-11-22T22:10:00Z'));
    // D102: daily tasks, both done yesterday (local; still "today" in UTC) → needs work again.
    for (const t of await addTasks('D102', 'daily')) await complete(t, YESTERDAY, YESTERDAY, 'Ahmad', new Date('2026-11-22T12:00:00Z'));
    // …and a third daily task done today and undone: neither counted nor the unit's last completion.
    const [undoneToday] = await ctx.app.db
      .insert(tasks)
      .values({ projectId, unitId: ids.D102, name: 'D102 task 3', sortOrder: 3, recurrence: 'daily' })
      .returning();
    await ctx.app.db.insert(taskCompletions).values({
      projectId,
      taskId: undoneToday.id,
      unitId: ids.D102,
      workDate: TODAY,
      period: TODAY,
      workerName: 'Undone today',
      completedAt: new Date('2026-11-22T22:20:00Z'),
      reopenedAt: new Date('2026-11-22T22:25:00Z'),
      reopenedAs: 'undone',
    });
    // D103: construction stages, one done long ago → in progress, 1 of 2. The other was done later
    // and undone: neither counted nor the unit's last completion.
    const [stage, undone] = await addTasks('D103', 'once');
    await complete(stage, 'once', '2026-10-01', 'Olena', new Date('2026-10-01T09:00:00Z'));
    await ctx.app.db.insert(taskCompletions).values({
      projectId,
      taskId: undone.id,
      unitId: undone.unitId,
      workDate: '2026-10-02',
      period: 'once',
      workerName: 'Undone',
      completedAt: new Date('2026-10-02T09:00:00Z'),
      reopenedAt: new Date('2026-10-02T10:00:00Z'),
      reopenedAs: 'undone',
    });
    // D104: no tasks, but a worker started work today → in progress.
    await ctx.app.db.insert(workSessions).values({ projectId, unitId: ids.D104, workerName: 'Rajesh', workDate: TODAY });
    // D105: all done, but set inactive by the manager → inactive.
    for (const t of await addTasks('D105', 'once')) await complete(t, 'once', TODAY, 'Tesfaye', NOW);
    expect((await o.as({ method: 'PUT', url: `/api/rooms/${ids.D105}`, payload: { status: 'inactive' } })).statusCode).toBe(200);
    // D106: nothing at all; plus a work session yesterday on D102 that must not count.
    await ctx.app.db.insert(workSessions).values({ projectId, unitId: ids.D102, workerName: 'Ahmad', workDate: YESTERDAY });
  });
  afterAll(() => {
    ctx.clock.now = new Date();
  });

  it('derives each status and the counts from the local date', async () => {
    const byNumber = Object.fromEntries((await listRooms(o)).map((r) => [r.number, r]));
    expect(byNumber.D101).toMatchObject({ status: 'clean', totalTasksToday: 2, completedTasksToday: 2, lastCleanedBy: 'Yossi' });
    expect(byNumber.D102).toMatchObject({ status: 'needs_cleaning', totalTasksToday: 3, completedTasksToday: 0, lastCleanedBy: 'Ahmad' });
    expect(byNumber.D103).toMatchObject({
      status: 'in_progress',
      totalTasksToday: 2,
      completedTasksToday: 1,
      lastCleaned: '2026-10-01T09:00:00.000Z',
      lastCleanedBy: 'Olena',
    });
    expect(byNumber.D104).toMatchObject({ status: 'in_progress', totalTasksToday: 0, completedTasksToday: 0, lastCleaned: null });
    expect(byNumber.D105).toMatchObject({ status: 'inactive', totalTasksToday: 2, completedTasksToday: 2 });
    expect(byNumber.D106).toMatchObject({ status: 'needs_cleaning', totalTasksToday: 0, lastCleaned: null, lastCleanedBy: null });
  });

  it('GET /api/stats/rooms totals the same statuses', async () => {
    const res = await o.as({ method: 'GET', url: '/api/stats/rooms' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalRooms: 6, clean: 1, inProgress: 2, needsCleaning: 2, inactive: 1, total: 6 });
  });

  it("room details default to the project's today, with each task's completion", async () => {
    const res = await o.as({ method: 'GET', url: `/api/dashboard/room-details/${ids.D101}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ date: TODAY, totalTasks: 2, completedTasks: 2, room: { number: 'D101', status: 'clean', floor: 1 } });
    expect(body.tasks).toEqual([
      expect.objectContaining({
        name: 'D101 task 1',
        isCompleted: true,
        cleanerName: 'Yossi',
        notes: 'ok',
        requiresPhoto: true,
        completedAt: '2026-11-22T22:10:00.000Z',
      }),
      expect.objectContaining({ name: 'D101 task 2', isCompleted: true, requiresPhoto: false }),
    ]);
  });

  it('room details for another date show that day', async () => {
    const d101 = (await o.as({ method: 'GET', url: `/api/dashboard/room-details/${ids.D101}?date=${YESTERDAY}` })).json();
    expect(d101).toMatchObject({ date: YESTERDAY, completedTasks: 0, room: { status: 'needs_cleaning' } });
    expect(d101.tasks.every((t: { isCompleted: boolean; cleanerName: unknown }) => !t.isCompleted && t.cleanerName === null)).toBe(true);
    const d102 = (await o.as({ method: 'GET', url: `/api/dashboard/room-details/${ids.D102}?date=${YESTERDAY}` })).json();
    // Two of its three daily tasks were done that day (the third only today, and undone).
    expect(d102).toMatchObject({ completedTasks: 2, totalTasks: 3, room: { status: 'in_progress' } });
    // A construction stage done once stays done on any date.
    const d103 = (await o.as({ method: 'GET', url: `/api/dashboard/room-details/${ids.D103}?date=2027-05-01` })).json();
    expect(d103.completedTasks).toBe(1);
  });

  it('refuses a malformed date with 400 and an unknown id with 404', async () => {
    const bad = await o.as({ method: 'GET', url: `/api/dashboard/room-details/${ids.D101}?date=23-11-2026` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Expected a date as YYYY-MM-DD');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await o.as({ method: 'GET', url: `/api/dashboard/room-details/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'unit_not_found', message: 'Room not found' });
    }
  });
});

describe('creating, changing and deleting units', () => {
  it('creates a unit with the floor derived from its label and the project type', async () => {
    const o = await registerAndLogin(ctx.app, { facilityType: 'residential' });
    const res = await o.as({ method: 'POST', url: '/api/rooms', payload: { number: ' A101 ', type: 'penthouse' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      number: 'A101',
      floor: 1,
      type: 'penthouse',
      facilityType: 'residential',
      status: 'needs_cleaning',
      totalTasksToday: 0,
      lastCleaned: null,
    });
    const given = await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'B1203', floor: '7' } });
    expect(given.json()).toMatchObject({ floor: 7, type: 'apartment' });
    expect((await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'C1205' } })).json().floor).toBe(12);
    expect((await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'P1' } })).json().floor).toBeNull();
  });

  it("refuses a duplicate number with 409 'Room number already exists'; another project may use it", async () => {
    const o = await registerAndLogin(ctx.app);
    expect((await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).statusCode).toBe(201);
    const before = await unitCount(o.user.projectId);
    const dup = await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101', floor: 3 } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'unit_number_taken', message: 'Room number already exists' });
    expect(await unitCount(o.user.projectId)).toBe(before);
    const other = await registerAndLogin(ctx.app);
    expect((await other.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).statusCode).toBe(201);
  });

  it.each([
    ['no number', {}],
    ['a blank number', { number: '   ' }],
    ['a number over 30 characters', { number: 'X'.repeat(31) }],
    ['a floor that is not a number', { number: 'A1', floor: 'abc' }],
    ['a floor out of range', { number: 'A1', floor: 500 }],
    ['an unknown type', { number: 'A1', type: 'castle' }],
    ['an unknown status', { number: 'A1', status: 'dirty' }],
  ])('refuses %s with 400 and writes nothing', async (_label, payload) => {
    const o = await registerAndLogin(ctx.app);
    const res = await o.as({ method: 'POST', url: '/api/rooms', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    expect(await unitCount(o.user.projectId)).toBe(0);
  });

  it('updates number, floor, type and the manual inactive state', async () => {
    const o = await registerAndLogin(ctx.app);
    const { id } = (await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).json();
    const res = await o.as({
      method: 'PUT',
      url: `/api/rooms/${id}`,
      payload: { number: 'A102', floor: 4, type: 'studio', status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, number: 'A102', floor: 4, type: 'studio', status: 'inactive' });
    const back = await o.as({ method: 'PUT', url: `/api/rooms/${id}`, payload: { status: 'needs_cleaning' } });
    expect(back.json()).toMatchObject({ number: 'A102', floor: 4, status: 'needs_cleaning' });
    const cleared = await o.as({ method: 'PUT', url: `/api/rooms/${id}`, payload: { floor: '' } });
    expect(cleared.json().floor).toBeNull();
  });

  it('refuses a rename onto an existing number with 409, and invalid changes with 400, changing nothing', async () => {
    const o = await registerAndLogin(ctx.app);
    await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } });
    const { id } = (await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A102' } })).json();
    const [before] = await ctx.app.db.select().from(units).where(eq(units.id, id));
    const dup = await o.as({ method: 'PUT', url: `/api/rooms/${id}`, payload: { number: 'A101' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'unit_number_taken', message: 'Room number already exists' });
    expect((await o.as({ method: 'PUT', url: `/api/rooms/${id}`, payload: { number: '', floor: 2 } })).statusCode).toBe(400);
    expect((await o.as({ method: 'PUT', url: `/api/rooms/${id}`, payload: { type: 'castle' } })).statusCode).toBe(400);
    const [after] = await ctx.app.db.select().from(units).where(eq(units.id, id));
    expect(after).toEqual(before);
  });

  it('deletes a unit with its tasks and completions; a second delete is 404', async () => {
    const o = await registerAndLogin(ctx.app);
    const { id } = (await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).json();
    const [task] = await ctx.app.db.insert(tasks).values({ projectId: o.user.projectId, unitId: id, name: 'Stage' }).returning();
    await ctx.app.db
      .insert(taskCompletions)
      .values({ projectId: o.user.projectId, taskId: task.id, unitId: id, workDate: '2026-01-01', period: 'once' });
    const res = await o.as({ method: 'DELETE', url: `/api/rooms/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Room deleted' });
    expect(await ctx.app.db.select().from(tasks).where(eq(tasks.unitId, id))).toEqual([]);
    expect(await ctx.app.db.select().from(taskCompletions).where(eq(taskCompletions.unitId, id))).toEqual([]);
    const again = await o.as({ method: 'DELETE', url: `/api/rooms/${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'unit_not_found', message: 'Room not found' });
  });

  it('needs a signed-in manager', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/rooms' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/rooms', payload: { number: 'A1' } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/stats/rooms' })).statusCode).toBe(401);
  });
});

describe('project isolation', () => {
  it("lets project B neither read, change nor delete project A's units (404)", async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const created = (await a.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101', floor: 1 } })).json();
    await ctx.app.db.insert(tasks).values({ projectId: a.user.projectId, unitId: created.id, name: 'Secret stage' });
    const [before] = await ctx.app.db.select().from(units).where(eq(units.id, created.id));

    const read = await b.as({ method: 'GET', url: `/api/dashboard/room-details/${created.id}` });
    const change = await b.as({ method: 'PUT', url: `/api/rooms/${created.id}`, payload: { number: 'HACKED', floor: 9 } });
    const remove = await b.as({ method: 'DELETE', url: `/api/rooms/${created.id}` });
    for (const res of [read, change, remove]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'unit_not_found', message: 'Room not found' });
    }
    expect(read.body).not.toContain('Secret stage');
    expect(await listRooms(b)).toEqual([]);
    expect((await b.as({ method: 'GET', url: '/api/stats/rooms' })).json().totalRooms).toBe(0);

    const [after] = await ctx.app.db.select().from(units).where(eq(units.id, created.id));
    expect(after).toEqual(before);
    expect((await listRooms(a)).map((r) => r.number)).toEqual(['A101']);
  });
});
