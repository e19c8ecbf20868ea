import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '#contract/rooms.ts';
import type { ScheduledTasksPage } from '#contract/schedules.ts';
import { taskCompletions, workSessions } from '../../db/schema/index.ts';
import { localDate } from '../../lib/calendar.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { signInMember } from './test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type As = Awaited<ReturnType<typeof registerAndLogin>>['as'];
type UnitTask = { id: string; name: string };

async function addUnits(as: As, rooms: { number: string; facilityType?: string }[]): Promise<Record<string, Room>> {
  const res = await as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms } });
  expect(res.statusCode).toBe(200);
  const all = (await as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
  return Object.fromEntries(all.map((r) => [r.number, r]));
}
async function scheduleOn(as: As, roomIds: string[], names: string[], recurrence?: 'once' | 'daily') {
  const res = await as({
    method: 'POST',
    url: '/api/task-schedules',
    payload: { roomIds, taskTemplates: names.map((name) => ({ name, recurrence })) },
  });
  expect(res.statusCode).toBe(201);
}
const tasksOf = async (as: As, roomId: string) =>
  (await as({ method: 'GET', url: `/api/task-schedules?roomId=${roomId}` })).json() as UnitTask[];
async function tracked(as: As, query = ''): Promise<ScheduledTasksPage> {
  const res = await as({ method: 'GET', url: `/api/scheduled-tasks${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const today = () => localDate('Asia/Jerusalem', ctx.clock.now);
const yesterday = () => localDate('Asia/Jerusalem', new Date(ctx.clock.now.getTime() - 86_400_000));

describe('GET /api/scheduled-tasks', () => {
  /**
   * Unit 101: "Stage one" done (once), "Stage two" open. Unit 102: a worker started today.
   * Unit 103 (hotel): a daily task done yesterday only, so pending today.
   */
  async function seedProject() {
    const owner = await registerAndLogin(ctx.app);
    const projectId = owner.user.projectId;
    const units = await addUnits(owner.as, [{ number: '101' }, { number: '102' }, { number: '103', facilityType: 'hotel' }]);
    await owner.as({ method: 'PUT', url: `/api/rooms/${units['102'].id}`, payload: { name: 'Penthouse north' } });
    await scheduleOn(owner.as, [units['101'].id, units['102'].id], ['Stage one', 'Stage two']);
    await scheduleOn(owner.as, [units['103'].id], ['Make beds'], 'daily');
    const [stageOne] = await tasksOf(owner.as, units['101'].id);
    const [beds] = await tasksOf(owner.as, units['103'].id);
    const db = ctx.database.db;
    await db.insert(taskCompletions).values([
      {
        projectId,
        taskId: stageOne.id,
        unitId: units['101'].id,
        workDate: yesterday(),
        period: 'once',
        workerName: 'Yossi Cohen',
        photoUrl: '/objects/p/1.jpg',
        notes: 'All dry',
        completedAt: new Date('2026-01-02T08:30:00Z'),
      },
      { projectId, taskId: beds.id, unitId: units['103'].id, workDate: yesterday(), period: yesterday(), workerName: 'Olga' },
    ]);
    await db.insert(workSessions).values({ projectId, unitId: units['102'].id, workerName: 'Ahmed', workDate: today() });
    // A session on another day does not make anything in progress today.
    await db.insert(workSessions).values({ projectId, unitId: units['101'].id, workerName: 'Old Session', workDate: yesterday() });
    return { ...owner, units };
  }

  it('derives each status: completed when done, in progress when a worker is on the unit today, else pending', async () => {
    const { as } = await seedProject();
    const page = await tracked(as);
    expect(page.counts).toEqual({ all: 5, pending: 2, in_progress: 2, completed: 1 });
    expect(page.total).toBe(5);
    const rows = page.items.map((t) => [t.apartmentNumber, t.name, t.status, t.workerName]);
    expect(rows).toEqual([
      ['101', 'Stage one', 'completed', 'Yossi Cohen'],
      ['101', 'Stage two', 'pending', null],
      ['102', 'Stage one', 'in_progress', 'Ahmed'],
      ['102', 'Stage two', 'in_progress', 'Ahmed'],
      ['103', 'Make beds', 'pending', null],
    ]);
    expect(page.items[0]).toMatchObject({
      isCompleted: true,
      completedAt: '2026-01-02T08:30:00.000Z',
      photoUrl: '/objects/p/1.jpg',
      notes: 'All dry',
      recurrence: 'once',
      apartmentType: 'apartment',
      apartmentFloor: 1,
      facilityType: 'construction',
    });
    expect(page.items[2]).toMatchObject({ apartmentName: 'Penthouse north', isCompleted: false, completedAt: null });
    expect(page.items[4]).toMatchObject({ recurrence: 'daily', isCompleted: false, facilityType: 'hotel' });
  });

  it('filters by status, keeping the per-status counts of the whole list', async () => {
    const { as } = await seedProject();
    const done = await tracked(as, '?status=completed');
    expect(done.items.map((t) => t.name)).toEqual(['Stage one']);
    expect(done.total).toBe(1);
    expect(done.counts.all).toBe(5);
    expect((await tracked(as, '?status=in_progress')).items.map((t) => t.apartmentNumber)).toEqual(['102', '102']);
    expect((await tracked(as, '?status=pending')).total).toBe(2);
    expect((await as({ method: 'GET', url: '/api/scheduled-tasks?status=paused' })).statusCode).toBe(400);
  });

  it('searches unit number, unit name and worker name, case-insensitively', async () => {
    const { as } = await seedProject();
    expect((await tracked(as, '?search=103')).items.map((t) => t.name)).toEqual(['Make beds']);
    expect((await tracked(as, '?search=penthouse%20NORTH')).items.map((t) => t.apartmentNumber)).toEqual(['102', '102']);
    expect((await tracked(as, '?search=yossi')).items.map((t) => `${t.apartmentNumber} ${t.name}`)).toEqual(['101 Stage one']);
    const ahmed = await tracked(as, '?search=ahmed');
    expect(ahmed.items).toHaveLength(2);
    expect(ahmed.counts).toEqual({ all: 2, pending: 0, in_progress: 2, completed: 0 });
    expect((await tracked(as, '?search=nobody')).items).toEqual([]);
    // Wildcards are literal text, not patterns.
    expect((await tracked(as, '?search=%25')).total).toBe(0);
  });

  it('filters by project type (the unit facility type)', async () => {
    const { as } = await seedProject();
    expect((await tracked(as, '?projectType=hotel')).items.map((t) => t.name)).toEqual(['Make beds']);
    expect((await tracked(as, '?projectType=construction')).total).toBe(4);
    expect((await tracked(as, '?projectType=all')).total).toBe(5);
  });

  it('pages through tasks ordered by unit label, then the unit task order', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const units = await addUnits(
      as,
      ['A10', 'B1', 'A2', 'Lobby', '3'].map((number) => ({ number })),
    );
    await scheduleOn(
      as,
      Object.values(units).map((u) => u.id),
      ['First', 'Second'],
    );
    const order = ['B1', 'A2', '3', 'A10', 'Lobby'].flatMap((n) => [`${n} First`, `${n} Second`]);
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await tracked(as, `?page=${page}&pageSize=3`));
    expect(pages.flatMap((p) => p.items.map((t) => `${t.apartmentNumber} ${t.name}`))).toEqual(order);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 3, 1]);
    expect(pages[3]).toMatchObject({ total: 10, page: 4, pageSize: 3 });
    const beyond = await tracked(as, '?page=9&pageSize=3');
    expect(beyond).toMatchObject({ items: [], total: 10, page: 9 });
    expect((await as({ method: 'GET', url: '/api/scheduled-tasks?pageSize=500' })).statusCode).toBe(400);
    expect((await tracked(as)).pageSize).toBe(50);
  });

  it('runs the same number of statements for 2 tasks as for 3,000', async () => {
    const small = await registerAndLogin(ctx.app);
    const smallUnits = await addUnits(small.as, [{ number: '1' }]);
    await scheduleOn(small.as, [smallUnits['1'].id], ['a', 'b']);
    const big = await registerAndLogin(ctx.app);
    const bigUnits = await addUnits(
      big.as,
      Array.from({ length: 600 }, (_, i) => ({ number: `${100 + i}` })),
    );
    await scheduleOn(
      big.as,
      Object.values(bigUnits).map((u) => u.id),
      ['a', 'b', 'c', 'd', 'e'],
    );
    const statements = async (as: As) => {
      const start = ctx.database.stats.queries;
      const page = await tracked(as, '?search=a');
      return { n: ctx.database.stats.queries - start, total: page.counts.all };
    };
    const s = await statements(small.as);
    const b = await statements(big.as);
    expect(b.total).toBe(600);
    expect(b.n).toBe(s.n);
  });

  it('answers 401 without a session, and lets a cleaner read work tracking (docs/product.md "Permissions")', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/scheduled-tasks' })).statusCode).toBe(401);
    const owner = await registerAndLogin(ctx.app);
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    expect((await cleaner({ method: 'GET', url: '/api/scheduled-tasks' })).statusCode).toBe(200);
    const manager = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'manager');
    expect((await manager({ method: 'GET', url: '/api/scheduled-tasks' })).statusCode).toBe(200);
  });

  it("never shows another project's tasks, completions or workers", async () => {
    const a = await seedProject();
    const b = await registerAndLogin(ctx.app);
    const bUnits = await addUnits(b.as, [{ number: '101' }]);
    await scheduleOn(b.as, [bUnits['101'].id], ['B task']);
    const page = await tracked(b.as);
    expect(page.items.map((t) => [t.apartmentNumber, t.name, t.status])).toEqual([['101', 'B task', 'pending']]);
    expect(page.counts.all).toBe(1);
    expect((await tracked(b.as, '?search=yossi')).total).toBe(0);
    expect((await tracked(a.as)).counts.all).toBe(5);
  });
});
