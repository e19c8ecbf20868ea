import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicTaskSchema } from '#contract/worker.ts';
import { WORKER_TARGET_LIMITS } from './worker.routes.ts';
import { projects, shortages, measurements, storedObjects, taskCompletions, tasks, workSessions } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
/** Two projects shared by the tests (registration is rate-limited per client); each test adds its own units. */
const owners: Owner[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  owners.push(await registerAndLogin(ctx.app), await registerAndLogin(ctx.app));
});
afterAll(async () => ctx?.close());

let unitCounter = 0;
/** A new unit with three tasks (a photo stage, a plain stage, a daily routine) in project 0 or 1. */
async function projectWithUnit(number?: string, which = 0) {
  const owner = owners[which];
  const label = number ?? `U${1000 + ++unitCounter}`;
  const res = await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: label } });
  if (res.statusCode !== 201) throw new Error(`unit ${label}: ${res.body}`);
  const room = res.json() as { id: string; number: string };
  const db = ctx.database.db;
  const [project] = await db.select().from(projects).where(eq(projects.id, owner.user.projectId));
  const rows = await db
    .insert(tasks)
    .values([
      { projectId: project.id, unitId: room.id, name: 'Waterproofing', requiresPhoto: true, sortOrder: 1, estimatedMinutes: 30 },
      { projectId: project.id, unitId: room.id, name: 'Electrical', requiresPhoto: false, sortOrder: 2, estimatedMinutes: 25 },
      { projectId: project.id, unitId: room.id, name: 'Sweep', requiresPhoto: false, sortOrder: 3, recurrence: 'daily' },
    ])
    .returning();
  const [photoTask, plainTask, dailyTask] = rows;
  return { owner, project, room, photoTask, plainTask, dailyTask };
}

async function uploadedPhoto(projectId: string, unitId: string, key = `photos/${crypto.randomUUID()}.jpg`) {
  await ctx.database.db
    .insert(storedObjects)
    .values({ projectId, unitId, key, contentType: 'image/jpeg', size: 1000, uploadedAt: new Date() });
  return `/objects/${key}`;
}

const complete = (taskId: string, payload: Record<string, unknown>, key?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/scheduled-tasks-complete/${taskId}`,
    payload,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
  });

describe('QR entry', () => {
  it('finds the project by its QR id and lists its units sorted, and nothing for an unknown QR id', async () => {
    const { owner, project } = await projectWithUnit('A110', 1);
    await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A102' } });
    const facility = await ctx.app.inject({ method: 'GET', url: `/api/facility/by-qr/${project.qrId}` });
    expect(facility.statusCode).toBe(200);
    expect(facility.json()).toMatchObject({ id: project.id, facilityType: 'construction', isActive: true });
    const rooms = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public?qrId=${project.qrId}&facilityType=hotel` });
    const numbers = rooms.json().map((r: { number: string }) => r.number);
    expect(numbers.indexOf('A102')).toBeLessThan(numbers.indexOf('A110'));
    const mine = new Set(rooms.json().map((r: { id: string }) => r.id));
    const otherProject = (await projectWithUnit(undefined, 0)).project;
    const other = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public?qrId=${otherProject.qrId}` });
    expect(other.json().some((r: { id: string }) => mine.has(r.id))).toBe(false);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/facility/by-qr/not-a-real-qr-id' });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/rooms-public?qrId=nope' })).statusCode).toBe(404);
  });

  it("suggests only this project's worker names", async () => {
    const a = await projectWithUnit(undefined, 0);
    const b = await projectWithUnit(undefined, 1);
    await ctx.app.inject({ method: 'POST', url: '/api/work-sessions', payload: { roomId: a.room.id, workerName: 'Yossi Cohen' } });
    await ctx.app.inject({ method: 'POST', url: '/api/work-sessions', payload: { roomId: b.room.id, workerName: 'Other Worker' } });
    const names = await ctx.app.inject({ method: 'GET', url: `/api/worker-names?qrId=${a.project.qrId}` });
    expect(names.json()).toContain('Yossi Cohen');
    expect(names.json()).not.toContain('Other Worker');
  });

  it('starts work, then says it continues existing work for the same worker today', async () => {
    const { room, project } = await projectWithUnit();
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/work-sessions',
      payload: { roomId: room.id, workerName: 'Ahmad Nasser', floorNumber: '1' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ continuing: false, message: 'Work started successfully' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/work-sessions',
      payload: { roomId: room.id, workerName: 'Ahmad Nasser' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ continuing: true, message: 'Continuing existing work', sessionId: first.json().sessionId });
    const sessions = await ctx.database.db.select().from(workSessions).where(eq(workSessions.unitId, room.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0].projectId).toBe(project.id);
  });

  it('two taps at once start one session: one "started", one "continuing"', async () => {
    const { room } = await projectWithUnit();
    const tap = () => ctx.app.inject({ method: 'POST', url: '/api/work-sessions', payload: { roomId: room.id, workerName: 'Double Tap' } });
    const answers = await Promise.all([tap(), tap()]);
    expect(answers.map((a) => a.json().continuing).sort()).toEqual([false, true]);
    const rows = await ctx.database.db.select().from(workSessions).where(eq(workSessions.unitId, room.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a blank worker name and an unknown unit', async () => {
    const { room } = await projectWithUnit();
    const blank = await ctx.app.inject({ method: 'POST', url: '/api/work-sessions', payload: { roomId: room.id, workerName: '   ' } });
    expect(blank.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/work-sessions',
      payload: { roomId: crypto.randomUUID(), workerName: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'unit_not_found', message: 'Unit not found' });
  });
});

describe('the unit task list', () => {
  it('lists the tasks of today with the unit number; unknown or malformed ids are 404', async () => {
    const { room } = await projectWithUnit('B207');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((t: { name: string }) => t.name)).toEqual(['Waterproofing', 'Electrical', 'Sweep']);
    expect(list[0]).toMatchObject({ roomNumber: 'B207', requiresPhoto: true, isCompleted: false, estimatedMinutes: 30 });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/scheduled-tasks-public/1' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}?date=23-11-2026` })).statusCode).toBe(400);
  });

  it("sends exactly the schema's fields, and of the stored translations only their texts", async () => {
    const { room, project, photoTask, plainTask } = await projectWithUnit();
    const db = ctx.database.db;
    await db
      .update(tasks)
      .set({ translations: { en: { name: 'Waterproofing', description: 'Flood test', internalNote: 'not for workers' } } as never })
      .where(eq(tasks.id, photoTask.id));
    await db
      .update(tasks)
      .set({ translations: { ru: { name: 'Электрика' }, he: { name: 'חשמל', description: 'בדיקה' } } })
      .where(eq(tasks.id, plainTask.id));
    await complete(plainTask.id, { workerName: 'Olena' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = res.json();
    // Strict: a key the schema does not name would fail here.
    expect(() => z.array(publicTaskSchema.strict()).parse(list)).not.toThrow();
    expect(list[0].translations).toEqual({ en: { name: 'Waterproofing', description: 'Flood test' } });
    expect(list[1]).toEqual({
      id: plainTask.id,
      name: 'Electrical',
      description: null,
      translations: { he: { name: 'חשמל', description: 'בדיקה' }, ru: { name: 'Электрика' } },
      isCompleted: true,
      completedAt: ctx.clock.now.toISOString(),
      workerName: 'Olena',
      requiresPhoto: false,
      estimatedMinutes: 25,
      recurrence: 'once',
      roomNumber: list[0].roomNumber,
      rejection: null,
    });
    expect(list[2]).toMatchObject({ translations: null, isCompleted: false, completedAt: null, workerName: null, recurrence: 'daily' });
    expect(project.id).toBeTruthy();
  });

  it('is still documented in the OpenAPI document with its response schema', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const answer = doc.paths['/api/scheduled-tasks-public/{roomId}'].get.responses['200'].content['application/json'].schema;
    expect(answer.type).toBe('array');
    expect(Object.keys(answer.items.properties)).toEqual(Object.keys(publicTaskSchema.shape));
  });

  it('a unit without tasks is an empty list; an unknown unit is a bare 404', async () => {
    const owner = owners[0];
    const bare = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: `E${++unitCounter}` } })).json() as { id: string };
    const empty = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${bare.id}` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${crypto.randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'unit_not_found', message: 'Unit not found' });
  });

  it("shows only the unit's own project's tasks", async () => {
    const a = await projectWithUnit(undefined, 0);
    const b = await projectWithUnit(undefined, 1);
    // A task row naming unit A but project B (never made by the app) must not leak into A's list.
    await ctx.database.db.insert(tasks).values({ projectId: b.project.id, unitId: a.room.id, name: 'Foreign task', sortOrder: 0 });
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${a.room.id}` })).json();
    expect(list.map((t: { name: string }) => t.name)).toEqual(['Waterproofing', 'Electrical', 'Sweep']);
  });

  it("takes today in the project's time zone, not the server's or UTC", async () => {
    const { room, project, dailyTask } = await projectWithUnit();
    await ctx.database.db.update(projects).set({ timezone: 'America/Los_Angeles' }).where(eq(projects.id, project.id));
    const saved = ctx.clock.now;
    // 05:00 UTC on 2 January is still 1 January (21:00) in Los Angeles, and 2 January in Jerusalem.
    ctx.clock.now = new Date('2026-01-02T05:00:00Z');
    try {
      expect((await complete(dailyTask.id, { workerName: 'Maria' })).json().workDate).toBe('2026-01-01');
      const today = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` })).json();
      expect(today.find((t: { id: string }) => t.id === dailyTask.id)).toMatchObject({ isCompleted: true, workerName: 'Maria' });
      const jan2 = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}?date=2026-01-02` })).json();
      expect(jan2.find((t: { id: string }) => t.id === dailyTask.id).isCompleted).toBe(false);
      // Later that evening in Los Angeles it is 2 January in UTC still: the list still says done.
      ctx.clock.now = new Date('2026-01-02T07:59:00Z');
      const evening = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` })).json();
      expect(evening.find((t: { id: string }) => t.id === dailyTask.id).isCompleted).toBe(true);
      // Midnight in Los Angeles: a new day, the daily task is open again.
      ctx.clock.now = new Date('2026-01-02T08:00:00Z');
      const next = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` })).json();
      expect(next.find((t: { id: string }) => t.id === dailyTask.id).isCompleted).toBe(false);
    } finally {
      ctx.clock.now = saved;
    }
  });

  it("takes 'today' from the project's own time zone, not Jerusalem's, for every worker task", async () => {
    // 22:00 on 15 January in New York is already 05:00 on the 16th in Jerusalem.
    const owner = await registerAndLogin(ctx.app);
    const projectId = owner.user.projectId;
    await ctx.database.db.update(projects).set({ timezone: 'America/New_York' }).where(eq(projects.id, projectId));
    const room = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'NY1' } })).json() as { id: string };
    const [task] = await ctx.database.db
      .insert(tasks)
      .values({ projectId, unitId: room.id, name: 'Sweep', requiresPhoto: false, sortOrder: 1, recurrence: 'daily' })
      .returning();
    const saved = ctx.clock.now;
    ctx.clock.now = new Date('2026-01-16T03:00:00Z');
    try {
      const unit = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public/${room.id}` });
      expect(unit.json()).toMatchObject({ today: '2026-01-15', projectActive: true });
      const start = await ctx.app.inject({
        method: 'POST',
        url: '/api/work-sessions',
        payload: { roomId: room.id, workerName: 'Night Shift' },
      });
      expect(start.statusCode).toBe(201);
      const [session] = await ctx.database.db.select().from(workSessions).where(eq(workSessions.unitId, room.id));
      expect(session.workDate).toBe('2026-01-15');
      const phone = crypto.randomUUID();
      const done = await complete(task.id, { workerName: 'Night Shift' }, undefined, { 'x-shalav-device': phone });
      expect(done.json()).toMatchObject({ workDate: '2026-01-15' });
      const list = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` });
      expect(list.json().find((t: { id: string }) => t.id === task.id).isCompleted).toBe(true);
      const undo = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/scheduled-tasks-complete/${task.id}`,
        headers: { 'x-shalav-device': phone },
      });
      expect(undo.json()).toMatchObject({ taskId: task.id, workDate: '2026-01-15' });
      const after = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` });
      expect(after.json().find((t: { id: string }) => t.id === task.id).isCompleted).toBe(false);
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('gives the unit with its project name and local date', async () => {
    const { room, project } = await projectWithUnit('C301');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public/${room.id}` });
    expect(res.json()).toMatchObject({ id: room.id, number: 'C301', floor: 3, facilityName: project.name, projectActive: true });
  });
});

describe('completing a task', () => {
  it('refuses a photo-required task without a photo, and with a photo of another unit', async () => {
    const a = await projectWithUnit(undefined, 0);
    const b = await projectWithUnit(undefined, 1);
    const none = await complete(a.photoTask.id, { workerName: 'Yossi' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/photo required/i);
    const foreignPhoto = await uploadedPhoto(b.project.id, b.room.id);
    const foreign = await complete(a.photoTask.id, { workerName: 'Yossi', photoUrl: foreignPhoto });
    expect(foreign.statusCode).toBe(400);
    const invented = await complete(a.photoTask.id, { workerName: 'Yossi', photoUrl: '/objects/photos/never-uploaded.jpg' });
    expect(invented.statusCode).toBe(400);
    const rows = await ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.taskId, a.photoTask.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a photo whose upload address was issued but whose bytes never arrived', async () => {
    const { room, photoTask } = await projectWithUnit();
    const ticket = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: room.id } });
    expect(ticket.statusCode).toBe(200);
    const unfinished = await complete(photoTask.id, { workerName: 'Yossi', photoUrl: ticket.json().objectPath });
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json().code).toBe('photo_missing');
    const rows = await ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.taskId, photoTask.id));
    expect(rows).toHaveLength(0);
  });

  it('completes with an uploaded photo of this unit; the list and the map show it', async () => {
    const { owner, room, project, photoTask } = await projectWithUnit();
    const photoUrl = await uploadedPhoto(project.id, room.id);
    const res = await complete(photoTask.id, { workerName: 'Yossi Cohen', photoUrl, notes: 'checked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Task completed successfully', taskId: photoTask.id });
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` })).json();
    expect(list[0]).toMatchObject({ isCompleted: true, workerName: 'Yossi Cohen' });
    const details = (await owner.as({ method: 'GET', url: `/api/dashboard/room-details/${room.id}` })).json();
    expect(details.tasks[0]).toMatchObject({ isCompleted: true, cleanerName: 'Yossi Cohen', photoUrl, notes: 'checked' });
    expect(details.room).toMatchObject({ status: 'in_progress', completedTasksToday: 1, totalTasksToday: 3 });
  });

  it('a retried Idempotency-Key gets the first answer and never completes twice', async () => {
    const { plainTask } = await projectWithUnit();
    const key = `key-${crypto.randomUUID()}`;
    const first = await complete(plainTask.id, { workerName: 'Olena' }, key);
    expect(first.statusCode).toBe(200);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000);
    const retry = await complete(plainTask.id, { workerName: 'Olena', notes: 'changed' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const rows = await ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.taskId, plainTask.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].notes).toBeNull();
    // Without the key, a second completion of a done stage is a conflict, not a second row.
    const again = await complete(plainTask.id, { workerName: 'Someone else' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Olena');
  });

  it('a "once" stage stays done on later days; a "daily" task opens again the next local day', async () => {
    const { room, plainTask, dailyTask } = await projectWithUnit();
    await complete(plainTask.id, { workerName: 'Rajesh' });
    await complete(dailyTask.id, { workerName: 'Rajesh' });
    const tomorrow = new Date(ctx.clock.now.getTime() + 24 * 3_600_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}?date=${tomorrow}` })).json();
    expect(list.find((t: { id: string }) => t.id === plainTask.id).isCompleted).toBe(true);
    expect(list.find((t: { id: string }) => t.id === dailyTask.id).isCompleted).toBe(false);
  });

  it('records a completion that waited for signal at the time it was done, counted for that local day', async () => {
    const { owner, room, project, plainTask, dailyTask } = await projectWithUnit();
    const saved = ctx.clock.now;
    // 00:10 on 3 March in Jerusalem (22:10 UTC on 2 March); the daily task was swept at 23:50 the evening before.
    ctx.clock.now = new Date('2026-03-02T22:10:00Z');
    try {
      const doneAt = '2026-03-02T21:50:00.000Z';
      const daily = await complete(dailyTask.id, { workerName: 'Dawit', completedAt: doneAt });
      expect(daily.statusCode).toBe(200);
      expect(daily.json()).toMatchObject({ completedAt: doneAt, workDate: '2026-03-02' });
      // Yesterday's list shows it done; today's daily task is still open.
      const list = async (date: string) =>
        (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}?date=${date}` })).json() as {
          id: string;
          isCompleted: boolean;
        }[];
      expect((await list('2026-03-02')).find((t) => t.id === dailyTask.id)?.isCompleted).toBe(true);
      expect((await list('2026-03-03')).find((t) => t.id === dailyTask.id)?.isCompleted).toBe(false);
      // A phone clock three minutes fast is taken as now.
      const fast = await complete(plainTask.id, { workerName: 'Dawit', completedAt: '2026-03-02T22:13:00+00:00' });
      expect(fast.statusCode).toBe(200);
      expect(fast.json().completedAt).toBe(ctx.clock.now.toISOString());
      const rows = await ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.projectId, project.id));
      expect(rows.find((r) => r.taskId === dailyTask.id)?.completedAt.toISOString()).toBe(doneAt);
      // Kept on the phone: the server notes when it arrived, beside when it was done.
      expect(rows.find((r) => r.taskId === dailyTask.id)?.receivedAt?.toISOString()).toBe(ctx.clock.now.toISOString());
      // The manager's work tracking has both.
      const tracked = (await owner.as({ method: 'GET', url: `/api/scheduled-tasks?search=${room.number}` })).json() as {
        items: { id: string; completedAt: string | null; receivedAt: string | null }[];
      };
      const now = ctx.clock.now.toISOString();
      expect(tracked.items.find((t) => t.id === plainTask.id)).toMatchObject({ completedAt: now, receivedAt: now });
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('reads the completion time against the phone clock: a phone hours off still records the right moment and day', async () => {
    const { project, dailyTask } = await projectWithUnit();
    const saved = ctx.clock.now;
    ctx.clock.now = new Date('2026-03-03T08:00:00Z');
    try {
      // The phone runs three hours fast: done 20 minutes before sending, by its own clock.
      const res = await complete(dailyTask.id, {
        workerName: 'Dawit',
        completedAt: '2026-03-03T10:40:00.000Z',
        sentAt: '2026-03-03T11:00:00.000Z',
      });
      expect(res.statusCode).toBe(200);
      // The day is the project's own day of the corrected moment.
      const [{ timezone }] = await ctx.database.db.select().from(projects).where(eq(projects.id, project.id));
      const workDate = new Date('2026-03-03T07:40:00Z').toLocaleDateString('en-CA', { timeZone: timezone });
      expect(res.json()).toMatchObject({ completedAt: '2026-03-03T07:40:00.000Z', workDate });
      const rows = await ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.projectId, project.id));
      expect(rows.find((r) => r.taskId === dailyTask.id)?.completedAt.toISOString()).toBe('2026-03-03T07:40:00.000Z');
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('refuses a completion time in the future or older than a week, and writes nothing', async () => {
    const { plainTask } = await projectWithUnit();
    const at = (ms: number) => new Date(ctx.clock.now.getTime() + ms).toISOString();
    const future = await complete(plainTask.id, { workerName: 'Dawit', completedAt: at(10 * 60_000) });
    expect(future.statusCode).toBe(422);
    expect(future.json().code).toBe('completed_at_in_future');
    const old = await complete(plainTask.id, { workerName: 'Dawit', completedAt: at(-8 * 24 * 3_600_000) });
    expect(old.statusCode).toBe(422);
    expect(old.json().code).toBe('completed_at_too_old');
    const garbage = await complete(plainTask.id, { workerName: 'Dawit', completedAt: 'yesterday' });
    expect(garbage.statusCode).toBe(400);
    const rows = await ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.taskId, plainTask.id));
    expect(rows).toHaveLength(0);
    // Six days ago is still accepted.
    expect((await complete(plainTask.id, { workerName: 'Dawit', completedAt: at(-6 * 24 * 3_600_000) })).statusCode).toBe(200);
  });

  it('refuses a malformed Idempotency-Key and an unknown task', async () => {
    const { plainTask } = await projectWithUnit();
    expect((await complete(plainTask.id, { workerName: 'X' }, 'bad key!')).statusCode).toBe(400);
    expect((await complete(crypto.randomUUID(), { workerName: 'X' })).statusCode).toBe(404);
  });
});

describe('shortages and measurements from the worker page', () => {
  it('takes the project from the unit and ignores a project id sent by the client', async () => {
    const a = await projectWithUnit('A105', 0);
    const b = await projectWithUnit(undefined, 1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shortages-public',
      payload: { name: 'Window handle', quantity: '2', apartmentId: a.room.id, reportedBy: 'Yossi', projectId: b.project.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Window handle',
      quantity: 2,
      notes: 'דירה A105, קומה 1',
      apartmentId: a.room.id,
      status: 'pending',
    });
    const [row] = await ctx.database.db.select().from(shortages).where(eq(shortages.id, res.json().id));
    expect(row.projectId).toBe(a.project.id);
  });

  it('validates: name required, quantity an integer ≥ 1 (1 when missing), dimensions integers ≥ 0 (0 when missing)', async () => {
    const { room, project } = await projectWithUnit();
    const noName = await ctx.app.inject({ method: 'POST', url: '/api/shortages-public', payload: { name: ' ', apartmentId: room.id } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Please enter an item name');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/shortages-public', payload: { name: 'X', quantity: 0, apartmentId: room.id } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/measurements-public', payload: { name: 'X', height: -1, apartmentId: room.id } }))
        .statusCode,
    ).toBe(400);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/measurements-public',
      payload: { name: 'Door frame', width: 900, apartmentId: room.id },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ quantity: 1, height: 0, width: 900, thickness: 0 });
    const rows = await ctx.database.db.select().from(measurements).where(eq(measurements.unitId, room.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].projectId).toBe(project.id);
  });

  it('a retried shortage with the same Idempotency-Key is stored once', async () => {
    const { room, project } = await projectWithUnit();
    const key = `sh-${crypto.randomUUID()}`;
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/shortages-public',
        payload: { name: 'Tiles', apartmentId: room.id },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const second = await send();
    expect(second.json().id).toBe(first.json().id);
    const rows = await ctx.database.db.select().from(shortages).where(eq(shortages.unitId, room.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].projectId).toBe(project.id);
  });
});

describe('an inactive project', () => {
  it('refuses new work with a clear message and keeps what was there', async () => {
    owners.push(await registerAndLogin(ctx.app));
    const { room, project, plainTask } = await projectWithUnit(undefined, 2);
    await ctx.database.db.update(projects).set({ status: 'inactive' }).where(eq(projects.id, project.id));
    const session = await ctx.app.inject({ method: 'POST', url: '/api/work-sessions', payload: { roomId: room.id, workerName: 'Yossi' } });
    expect(session.statusCode).toBe(403);
    expect(session.json().message).toMatch(/not active/);
    expect((await complete(plainTask.id, { workerName: 'Yossi' })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/shortages-public', payload: { name: 'X', apartmentId: room.id } })).statusCode,
    ).toBe(403);
    const facility = await ctx.app.inject({ method: 'GET', url: `/api/facility/by-qr/${project.qrId}` });
    expect(facility.json().isActive).toBe(false);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}` });
    expect(list.json()).toHaveLength(3);
  });
});

describe('abuse resistance', () => {
  it('limits worker writes per client (429 with a message) without blocking other clients', async () => {
    const { room } = await projectWithUnit();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const send = (ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/work-sessions',
        payload: { roomId: room.id, workerName: 'Busy Worker' },
        headers: from(ip),
      });
    for (let i = 0; i < 30; i++) expect((await send('10.9.9.9')).statusCode).toBeLessThan(300);
    const limited = await send('10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
    expect((await send('10.9.9.10')).statusCode).toBeLessThan(300);
  });

  it('limits reads of the task list to 240 a minute per client, with the security headers on every answer', async () => {
    const { room } = await projectWithUnit();
    const read = (ip: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${room.id}`, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 240; i++) {
      const ok = await read('10.8.8.8');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('240');
    }
    const limited = await read('10.8.8.8');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
    const other = await read('10.8.8.9');
    expect(other.statusCode).toBe(200);
    for (const res of [limited, other]) {
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('answers a foreign or unknown id with a bare 404 that reveals nothing', async () => {
    // Real ids of ANOTHER project that are not units (its project id, one of its tasks), and a random one.
    const b = await projectWithUnit(undefined, 1);
    for (const id of [b.project.id, b.photoTask.id, crypto.randomUUID()]) {
      const responses = await Promise.all([
        ctx.app.inject({ method: 'GET', url: `/api/rooms-public/${id}` }),
        ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${id}` }),
        ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: id } }),
        ctx.app.inject({ method: 'POST', url: '/api/measurements-public', payload: { name: 'X', apartmentId: id } }),
      ]);
      for (const r of responses) {
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ code: 'unit_not_found', message: 'Unit not found' });
      }
    }
    // Another project's real unit, in this project's QR search, is not offered.
    const a = await projectWithUnit(undefined, 0);
    const search = await ctx.app.inject({
      method: 'GET',
      url: `/api/rooms-public?${new URLSearchParams({ qrId: a.project.qrId, q: b.room.number })}`,
    });
    expect(search.json().map((r: { id: string }) => r.id)).not.toContain(b.room.id);
  });

  it('does not offer inactive units on the QR page, in the list nor in the search', async () => {
    const { owner, project } = await projectWithUnit('Q501');
    const inactive = await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'Q502' } });
    const id = (inactive.json() as { id: string }).id;
    const off = await owner.as({ method: 'PUT', url: `/api/rooms/${id}`, payload: { status: 'inactive' } });
    expect(off.statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public?qrId=${project.qrId}` });
    const listed = list.json().map((r: { number: string }) => r.number);
    expect(listed).toContain('Q501');
    expect(listed).not.toContain('Q502');
    const search = await ctx.app.inject({
      method: 'GET',
      url: `/api/rooms-public?${new URLSearchParams({ qrId: project.qrId, q: 'Q50' })}`,
    });
    const found = search.json().map((r: { number: string }) => r.number);
    expect(found).toContain('Q501');
    expect(found).not.toContain('Q502');
  });
});

describe('limits per device on a shared address (docs/decisions/012-worker-rate-limits.md)', () => {
  const device = () => crypto.randomUUID();
  const startFrom = (address: string, roomId: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/work-sessions',
      payload: { roomId, workerName: 'Crew Member' },
      headers,
      remoteAddress: address,
    });

  it('150 phones behind one hotspot, each at more than one request a minute, are never refused', async () => {
    const { room } = await projectWithUnit();
    const phones = Array.from({ length: 150 }, device);
    const statuses: number[] = [];
    // Two work sessions and two task-list reads per phone: 300 of each, far above the old per-address 30 and 240.
    for (let round = 0; round < 2; round++) {
      for (const phone of phones) {
        const headers = { 'x-shalav-device': phone };
        statuses.push((await startFrom('203.0.113.7', room.id, headers)).statusCode);
        const list = await ctx.app.inject({
          method: 'GET',
          url: `/api/scheduled-tasks-public/${room.id}`,
          headers,
          remoteAddress: '203.0.113.7',
        });
        statuses.push(list.statusCode);
      }
    }
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    expect(statuses).toHaveLength(600);
  });

  it('refuses one phone over its own limit with Retry-After, while the next phone on the same address goes on', async () => {
    const { room } = await projectWithUnit();
    const flooding = { 'x-shalav-device': device() };
    for (let i = 0; i < 30; i++) expect((await startFrom('203.0.113.8', room.id, flooding)).statusCode).toBeLessThan(300);
    const refused = await startFrom('203.0.113.8', room.id, flooding);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests/);
    expect((await startFrom('203.0.113.8', room.id, { 'x-shalav-device': device() })).statusCode).toBeLessThan(300);
  });

  it('without a (valid) device id the per-address limit applies, as before', async () => {
    const { room } = await projectWithUnit();
    for (let i = 0; i < 15; i++) expect((await startFrom('203.0.113.9', room.id)).statusCode).toBeLessThan(300);
    // A malformed id is no id: counted with the address's other requests.
    for (let i = 0; i < 15; i++)
      expect((await startFrom('203.0.113.9', room.id, { 'x-shalav-device': 'short' })).statusCode).toBeLessThan(300);
    const refused = await startFrom('203.0.113.9', room.id);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A phone with its own id on that address is counted on its own.
    expect((await startFrom('203.0.113.9', room.id, { 'x-shalav-device': device() })).statusCode).toBeLessThan(300);
  });

  it('caps what all devices together may send about one task or unit', async () => {
    const { photoTask, plainTask, room } = await projectWithUnit();
    const completions: number[] = [];
    for (let i = 0; i < WORKER_TARGET_LIMITS.completionsPerTask; i++) {
      const res = await complete(plainTask.id, { workerName: 'Crew' }, undefined, {
        'x-shalav-device': device(),
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      completions.push(res.statusCode);
    }
    expect(completions.every((s) => s < 500 && s !== 429)).toBe(true);
    const refused = await complete(plainTask.id, { workerName: 'Crew' }, undefined, {
      'x-shalav-device': device(),
      'x-forwarded-for': '198.51.100.200',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another task of the same unit is not affected.
    expect(
      (
        await complete(photoTask.id, { workerName: 'Crew' }, undefined, {
          'x-shalav-device': device(),
          'x-forwarded-for': '198.51.100.201',
        })
      ).statusCode,
    ).not.toBe(429);
    const reports: number[] = [];
    for (let i = 0; i <= WORKER_TARGET_LIMITS.reportsPerUnit; i++) {
      const headers = { 'x-shalav-device': device(), 'x-forwarded-for': `198.51.101.${(i % 250) + 1}` };
      reports.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/shortages-public',
            payload: { name: `Item ${i}`, apartmentId: room.id },
            headers,
          })
        ).statusCode,
      );
    }
    expect(reports.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(reports.at(-1)).toBe(429);
  });

  it('caps one address at 20 devices’ worth, however many device ids it invents', async () => {
    // An unknown unit answers 404 without work; the limits count it all the same.
    const statuses: number[] = [];
    for (let i = 0; i < 600; i++)
      statuses.push((await startFrom('203.0.113.10', 'no-such-unit', { 'x-shalav-device': device() })).statusCode);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const refused = await startFrom('203.0.113.10', 'no-such-unit', { 'x-shalav-device': device() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests/);
    expect((await startFrom('203.0.113.11', 'no-such-unit', { 'x-shalav-device': device() })).statusCode).toBe(404);
  });
});

describe('QR page suggestions from the server', () => {
  let qrId = '';
  const numbersFor = async (q: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public?${new URLSearchParams({ qrId, q })}` });
    expect(res.statusCode).toBe(200);
    return res.json().map((r: { number: string }) => r.number) as string[];
  };

  beforeAll(async () => {
    // A project of its own, so other tests' units do not mix in.
    owners.push(await registerAndLogin(ctx.app));
    const owner = owners[owners.length - 1];
    const labels = [
      'B2',
      'B202',
      'B-202',
      'B201',
      'B210',
      'AB2',
      'C120',
      'B20',
      ...Array.from({ length: 15 }, (_, i) => `B3${String(i).padStart(2, '0')}`),
    ];
    for (const number of labels) {
      const res = await owner.as({ method: 'POST', url: '/api/rooms', payload: { number } });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'Lobby', name: 'Main entrance b2 side' } });
    const [project] = await ctx.database.db.select().from(projects).where(eq(projects.id, owner.user.projectId));
    qrId = project.qrId;
  });

  it('ranks exact number, then prefix, then substring (number or name), then digits only; at most 10', async () => {
    expect(await numbersFor('b2')).toEqual(['B2', 'B20', 'B201', 'B202', 'B210', 'AB2', 'Lobby', 'C120', 'B-202', 'B302']);
    // Case and spaces do not matter; the exact label comes first even when shorter labels sort later.
    expect((await numbersFor('  B202 '))[0]).toBe('B202');
    // "B-2" is in one label; its digit "2" is in many more, listed after it.
    const dashed = await numbersFor('B-2');
    expect(dashed[0]).toBe('B-202');
    expect(dashed.slice(1, 4)).toEqual(['AB2', 'B2', 'B20']);
    expect(dashed).toHaveLength(10);
  });

  it('falls back to the digits: "202" finds B202 and B-202, "b 202" too', async () => {
    expect(await numbersFor('202')).toEqual(['B-202', 'B202']);
    expect(await numbersFor('b 202')).toEqual(['B-202', 'B202']);
    expect(await numbersFor('zzz')).toEqual([]);
  });

  it("never lists another project's units, whatever is typed", async () => {
    await projectWithUnit('B2', 0);
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public?${new URLSearchParams({ qrId, q: 'B2' })}` });
    const ids = new Set(foreign.json().map((r: { id: string }) => r.id));
    const [mine] = await ctx.database.db.select({ id: projects.id }).from(projects).where(eq(projects.qrId, qrId));
    const theirs = await owners[0].as({ method: 'GET', url: '/api/rooms' });
    expect(theirs.json().some((r: { id: string }) => ids.has(r.id))).toBe(false);
    expect(mine.id).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/rooms-public?qrId=nope&q=B2' })).statusCode).toBe(404);
  });

  it('sends the full list with an ETag, answers 304 while it is unchanged and 200 once a unit changed', async () => {
    const url = `/api/rooms-public?${new URLSearchParams({ qrId })}`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.json().length).toBe(24);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': `W/${etag}` } })).statusCode).toBe(304);
    const owner = owners[owners.length - 1];
    await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'B999' } });
    const changed = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
