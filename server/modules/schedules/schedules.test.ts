import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_CHUNK_ROWS } from '#contract/limits.ts';
import type { Room } from '#contract/rooms.ts';
import type { CreateScheduleResult } from '#contract/schedules.ts';
import { tasks } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { signInMember } from './test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type As = Awaited<ReturnType<typeof registerAndLogin>>['as'];
type UnitTask = {
  id: string;
  name: string;
  description: string | null;
  requiresPhoto: boolean;
  estimatedMinutes: number;
  recurrence: string;
  sortOrder: number;
};

async function addUnits(as: As, numbers: string[], facilityType?: string): Promise<Room[]> {
  const res = await as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms: numbers.map((number) => ({ number, facilityType })) } });
  expect(res.statusCode).toBe(200);
  const rooms = (await as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
  return numbers.map((n) => rooms.find((r) => r.number === n)!);
}
const schedule = (as: As, payload: Record<string, unknown>) => as({ method: 'POST', url: '/api/task-schedules', payload });
async function unitTasks(as: As, roomId: string): Promise<UnitTask[]> {
  const res = await as({ method: 'GET', url: `/api/task-schedules?roomId=${roomId}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const countTasks = async () => (await ctx.database.db.select({ id: tasks.id }).from(tasks)).length;

describe('POST /api/task-schedules', () => {
  it('schedules a task list on one unit, in order, with its minutes, photo flag and recurrence', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const [unit] = await addUnits(as, ['A101']);
    const res = await schedule(as, {
      roomId: unit.id,
      taskTemplates: [
        { name: 'Waterproofing', description: 'Flood test', requiresPhoto: true, estimatedMinutes: 30 },
        { name: 'Electrical', requiresPhoto: false, estimatedMinutes: 25, recurrence: 'daily' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Scheduled 2 tasks on 1 rooms', roomsScheduled: 1, tasksCreated: 2, tasksSkipped: 0 });
    const list = await unitTasks(as, unit.id);
    expect(list.map(({ id: _id, ...t }) => t)).toEqual([
      { name: 'Waterproofing', description: 'Flood test', requiresPhoto: true, estimatedMinutes: 30, recurrence: 'once', sortOrder: 1 },
      { name: 'Electrical', description: null, requiresPhoto: false, estimatedMinutes: 25, recurrence: 'daily', sortOrder: 2 },
    ]);
  });

  it('gives 10 minutes when none are sent, and refuses minutes outside 1–120 without writing anything', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const [unit] = await addUnits(as, ['101']);
    for (const estimatedMinutes of [0, 121, -5, 7.5]) {
      const res = await schedule(as, {
        roomId: unit.id,
        taskTemplates: [
          { name: 'Ok', estimatedMinutes: 5 },
          { name: 'Bad', estimatedMinutes },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Estimated minutes must be between 1 and 120');
    }
    expect(await unitTasks(as, unit.id)).toEqual([]);
    for (const estimatedMinutes of [1, 120]) {
      expect(
        (await schedule(as, { roomId: unit.id, taskTemplates: [{ name: `Edge ${estimatedMinutes}`, estimatedMinutes }] })).statusCode,
      ).toBe(201);
    }
    await schedule(as, { roomId: unit.id, taskTemplates: [{ name: 'Default minutes' }] });
    expect((await unitTasks(as, unit.id)).map((t) => t.estimatedMinutes)).toEqual([1, 120, 10]);
  });

  it('drops blank-named tasks, and answers 400 "Add at least one task" when none remain', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const [unit] = await addUnits(as, ['201']);
    const none = await schedule(as, { roomId: unit.id, taskTemplates: [{ name: '' }, { name: '   ' }] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'no_tasks', message: 'Add at least one task' });
    expect((await schedule(as, { roomId: unit.id, taskTemplates: [] })).json()).toEqual({
      code: 'no_tasks',
      message: 'Add at least one task',
    });
    expect(await unitTasks(as, unit.id)).toEqual([]);
    const some = await schedule(as, { roomId: unit.id, taskTemplates: [{ name: ' ' }, { name: '  Tiling  ' }, { name: '' }] });
    expect(some.json()).toMatchObject({ tasksCreated: 1, tasksSkipped: 0 });
    expect((await unitTasks(as, unit.id)).map((t) => [t.name, t.sortOrder])).toEqual([['Tiling', 1]]);
  });

  it('requires a unit, and refuses more than 5,000 units or 100 tasks in one request', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const res = await schedule(as, { roomIds: [], taskTemplates: [{ name: 'x' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Choose at least one unit');
    const tooMany = Array.from({ length: 5001 }, () => randomUUID());
    expect((await schedule(as, { roomIds: tooMany, taskTemplates: [{ name: 'x' }] })).statusCode).toBe(400);
    const [unit] = await addUnits(as, ['601']);
    const tasksList = Array.from({ length: 101 }, (_, i) => ({ name: `T${i}` }));
    expect((await schedule(as, { roomId: unit.id, taskTemplates: tasksList })).statusCode).toBe(400);
    expect(await unitTasks(as, unit.id)).toEqual([]);
  });

  it('stores the translations sent with a task, so workers read it in their language', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const [unit] = await addUnits(as, ['701']);
    const translations = { he: { name: 'ריצוף', description: 'בדיקה' }, en: { name: 'Tiling', description: 'Check' } };
    await schedule(as, { roomId: unit.id, taskTemplates: [{ name: 'ריצוף', translations }] });
    const [row] = await ctx.database.db.select({ translations: tasks.translations }).from(tasks).where(eq(tasks.unitId, unit.id));
    expect(row.translations).toEqual(translations);
  });

  it('without a recurrence, makes construction tasks once-only and hotel tasks daily', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const [apartment] = await addUnits(as, ['A1'], 'construction');
    const [room] = await addUnits(as, ['H1'], 'hotel');
    await schedule(as, {
      roomIds: [apartment.id, room.id],
      taskTemplates: [{ name: 'Inspect' }, { name: 'Explicit', recurrence: 'once' }],
    });
    expect((await unitTasks(as, apartment.id)).map((t) => t.recurrence)).toEqual(['once', 'once']);
    expect((await unitTasks(as, room.id)).map((t) => t.recurrence)).toEqual(['daily', 'once']);
    expect((await schedule(as, { roomId: room.id, taskTemplates: [{ name: 'x', recurrence: 'weekly' }] })).statusCode).toBe(400);
  });

  it('skips a task the unit already has (same name) and appends the new ones after the existing', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const units = await addUnits(as, ['301', '302', '303']);
    const ids = units.map((u) => u.id);
    const first = await schedule(as, { roomIds: ids, taskTemplates: [{ name: 'Plaster' }, { name: 'Paint' }] });
    expect(first.json()).toMatchObject({ roomsScheduled: 3, tasksCreated: 6, tasksSkipped: 0 });
    const again = await schedule(as, { roomIds: ids, taskTemplates: [{ name: 'Plaster' }, { name: 'Paint' }] });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      message: 'These tasks already exist on the selected rooms',
      roomsScheduled: 3,
      tasksCreated: 0,
      tasksSkipped: 6,
    });
    // Unit 301 gets a task by hand first; the bulk list then skips it there only.
    await schedule(as, { roomId: ids[0], taskTemplates: [{ name: 'Floors' }] });
    const mixed = (
      await schedule(as, { roomIds: ids, taskTemplates: [{ name: 'Paint' }, { name: 'Floors' }, { name: 'Doors' }, { name: 'Doors' }] })
    ).json() as CreateScheduleResult;
    expect(mixed).toMatchObject({ tasksCreated: 2 + 2 + 1, tasksSkipped: 3 * 3 - 5 });
    expect(mixed.message).toBe('Scheduled 5 tasks on 3 rooms (4 already existed)');
    expect((await unitTasks(as, ids[0])).map((t) => `${t.sortOrder}:${t.name}`)).toEqual(['1:Plaster', '2:Paint', '3:Floors', '6:Doors']);
    expect((await unitTasks(as, ids[1])).map((t) => t.name)).toEqual(['Plaster', 'Paint', 'Floors', 'Doors']);
  });

  it('writes nothing and answers 404 when one unit is unknown', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const [unit] = await addUnits(as, ['401']);
    const before = await countTasks();
    for (const bad of [randomUUID(), 'not-a-uuid']) {
      const res = await schedule(as, { roomIds: [unit.id, bad], taskTemplates: [{ name: 'x' }] });
      expect(res.statusCode).toBe(404);
    }
    expect((await schedule(as, { roomId: randomUUID(), taskTemplates: [{ name: 'x' }] })).json()).toEqual({
      code: 'unit_not_found',
      message: 'Room not found',
    });
    expect(await countTasks()).toBe(before);
  });

  it('schedules 1,500 units in one request with one statement per chunk of rows, never one per unit', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const numbers = Array.from({ length: 1500 }, (_, i) => `${Math.floor(i / 100) + 1}${String(i % 100).padStart(2, '0')}`);
    const units = await addUnits(as, numbers);
    const list = [{ name: 'One' }, { name: 'Two', requiresPhoto: true }, { name: 'Three' }];
    let start = ctx.database.stats.queries;
    expect((await schedule(as, { roomId: units[0].id, taskTemplates: list })).statusCode).toBe(201);
    const single = ctx.database.stats.queries - start;
    start = ctx.database.stats.queries;
    const res = await schedule(as, { roomIds: units.map((u) => u.id), taskTemplates: list });
    const bulk = ctx.database.stats.queries - start;
    expect(res.json()).toMatchObject({ roomsScheduled: 1500, tasksCreated: 1499 * 3, tasksSkipped: 3 });
    // One insert per WRITE_CHUNK_ROWS rows (docs/decisions/014-tenant-limits.md).
    const inserts = Math.ceil(1500 / Math.floor(WRITE_CHUNK_ROWS / list.length));
    expect(inserts).toBeGreaterThan(1);
    expect(bulk).toBe(single + inserts - 1);
    expect((await unitTasks(as, units[1499].id)).map((t) => t.name)).toEqual(['One', 'Two', 'Three']);
  });

  it('schedules once on a double-click with one Idempotency-Key: both answers report the same numbers', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const units = await addUnits(as, ['D1', 'D2', 'D3', 'D4']);
    const payload = { roomIds: units.map((u) => u.id), taskTemplates: [{ name: 'Plaster' }, { name: 'Paint' }] };
    const headers = { 'idempotency-key': randomUUID() };
    const before = await countTasks();
    const [first, second] = await Promise.all([
      as({ method: 'POST', url: '/api/task-schedules', payload, headers }),
      as({ method: 'POST', url: '/api/task-schedules', payload, headers }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json()).toMatchObject({ roomsScheduled: 4, tasksCreated: 8, tasksSkipped: 0 });
    expect(second.json()).toEqual(first.json());
    expect((await countTasks()) - before).toBe(8);
    // A new submission (a new key) is a new request: everything exists now.
    const again = await as({ method: 'POST', url: '/api/task-schedules', payload, headers: { 'idempotency-key': randomUUID() } });
    expect(again.json()).toMatchObject({ tasksCreated: 0, tasksSkipped: 8 });
  });

  it('answers 401 without a session and 403 for a cleaner', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/task-schedules',
          payload: { roomId: randomUUID(), taskTemplates: [{ name: 'x' }] },
        })
      ).statusCode,
    ).toBe(401);
    const owner = await registerAndLogin(ctx.app);
    const [unit] = await addUnits(owner.as, ['501']);
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    expect(
      (await cleaner({ method: 'POST', url: '/api/task-schedules', payload: { roomId: unit.id, taskTemplates: [{ name: 'x' }] } }))
        .statusCode,
    ).toBe(403);
    expect((await cleaner({ method: 'GET', url: `/api/task-schedules?roomId=${unit.id}` })).statusCode).toBe(403);
    expect(await unitTasks(owner.as, unit.id)).toEqual([]);
  });
});

describe('GET /api/task-schedules', () => {
  it('requires a roomId and answers 404 for an unknown unit', async () => {
    const { as } = await registerAndLogin(ctx.app);
    expect((await as({ method: 'GET', url: '/api/task-schedules' })).statusCode).toBe(400);
    expect((await as({ method: 'GET', url: `/api/task-schedules?roomId=${randomUUID()}` })).statusCode).toBe(404);
    expect((await as({ method: 'GET', url: '/api/task-schedules?roomId=abc' })).statusCode).toBe(404);
  });
});

describe('schedules are per project', () => {
  it("project B cannot schedule onto A's units (even mixed with its own) nor read their tasks", async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const [aUnit] = await addUnits(a.as, ['A1']);
    const [bUnit] = await addUnits(b.as, ['B1']);
    await schedule(a.as, { roomId: aUnit.id, taskTemplates: [{ name: 'A task' }] });
    expect((await schedule(b.as, { roomId: aUnit.id, taskTemplates: [{ name: 'Intruder' }] })).statusCode).toBe(404);
    expect((await schedule(b.as, { roomIds: [bUnit.id, aUnit.id], taskTemplates: [{ name: 'Intruder' }] })).statusCode).toBe(404);
    expect((await b.as({ method: 'GET', url: `/api/task-schedules?roomId=${aUnit.id}` })).statusCode).toBe(404);
    expect((await unitTasks(a.as, aUnit.id)).map((t) => t.name)).toEqual(['A task']);
    expect(await unitTasks(b.as, bUnit.id)).toEqual([]);
  });
});
