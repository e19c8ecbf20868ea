import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LiveEvent } from '#contract/events.ts';
import type { ProgressMatrix } from '#contract/progress-matrix.ts';
import type { ReviewsPage } from '#contract/reviews.ts';
import type { Room } from '#contract/rooms.ts';
import type { ScheduledTasksPage } from '#contract/schedules.ts';
import type { PublicTask } from '#contract/worker.ts';
import { UNDO_WINDOW_MINUTES } from '#contract/worker-rules.ts';
import { taskCompletions, taskReviews, tasks as taskTable } from '../../db/schema/index.ts';
import { localDate } from '../../lib/calendar.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { newDeviceId, seedStages, signInMember } from './test-support.ts';

/**
 * The quality loop (docs/decisions/029-quality-loop.md): undo, review, rejection, the review list.
 * The clock starts at 09:00 in Jerusalem so the half hours the tests move it never cross midnight
 * (on the real clock, a run after 23:30 there saw "today" change mid-test).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-03-10T07:00:00Z') });
});
afterAll(async () => ctx?.close());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
type As = Owner['as'];

const newDevice = () => newDeviceId('phone');
const minutes = (n: number) => n * 60_000;
const advance = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};

/** A project with units and tasks scheduled on them; tasks by unit number and name. */
const seed = (rooms: { number: string; floor?: number; facilityType?: string }[], names: string[], recurrence: 'once' | 'daily' = 'once') =>
  seedStages(ctx.app, rooms, names, recurrence);

const complete = (taskId: string, device?: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/scheduled-tasks-complete/${taskId}`,
    headers: device ? { 'x-shalav-device': device } : {},
    payload: { workerName: 'Yossi Cohen', ...payload },
  });
const undo = (taskId: string, device?: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/scheduled-tasks-complete/${taskId}`,
    headers: device ? { 'x-shalav-device': device } : {},
  });
const review = (as: As, taskId: string, payload: Record<string, unknown>) =>
  as({ method: 'PUT', url: `/api/scheduled-tasks/${taskId}/review`, payload });
const publicTasks = async (unitId: string, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${unitId}${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as PublicTask[];
};
const publicTask = async (unitId: string, taskId: string) => (await publicTasks(unitId)).find((t) => t.id === taskId)!;
const reviews = async (as: As, query = '') => {
  const res = await as({ method: 'GET', url: `/api/reviews${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewsPage;
};
const completionsOf = (taskId: string) => ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.taskId, taskId));

/** Listens to a project's live events, once the events of earlier writes have arrived. */
async function listen(projectId: string) {
  await new Promise((r) => setTimeout(r, 300));
  const seen: LiveEvent[] = [];
  const stop = ctx.app.events.subscribe(projectId, (e) => seen.push(e));
  /**
   * On PostgreSQL events travel through NOTIFY: wait for `n` of them (up to 15 s on a busy machine), then
   * a little longer for strays. A test that expects fewer than `n` says how long it looks for more.
   */
  const settle = async (n: number, lookMs = 15_000) => {
    for (let i = 0; i < lookMs / 50 && seen.length < n; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 100));
    return seen.map((e) => [e.type, e.unitId, e.taskId]);
  };
  return { seen, stop, settle };
}

describe('DELETE /api/scheduled-tasks-complete/{taskId} (undo)', () => {
  it('lets the phone that completed a stage undo it: open again, the completion kept and marked undone, a repeat answers the same', async () => {
    const { owner, units, tasks } = await seed([{ number: '1' }], ['Tiling']);
    const phone = newDevice();
    const taskId = tasks['1'].Tiling;
    expect((await complete(taskId, phone)).statusCode).toBe(200);
    expect((await publicTask(units['1'].id, taskId)).isCompleted).toBe(true);
    const events = await listen(owner.user.projectId);
    advance(minutes(3));
    const first = await undo(taskId, phone);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ taskId, workDate: localDate('Asia/Jerusalem', ctx.clock.now), undoneAt: ctx.clock.now.toISOString() });
    expect(await events.settle(1)).toEqual([['task.completed', units['1'].id, taskId]]);
    expect(await publicTask(units['1'].id, taskId)).toMatchObject({
      isCompleted: false,
      completedAt: null,
      workerName: null,
      rejection: null,
    });
    const [row] = await completionsOf(taskId);
    expect(row).toMatchObject({ reopenedAs: 'undone', reopenedByDevice: phone, deviceId: phone, workerName: 'Yossi Cohen' });
    expect(row.reopenedAt?.toISOString()).toBe(ctx.clock.now.toISOString());
    advance(1000);
    const again = await undo(taskId, phone);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await events.settle(2, 2_500)).toHaveLength(1);
    events.stop();
    // The stage can be completed again: a second completion row, the undone one kept beside it.
    expect((await complete(taskId, phone)).statusCode).toBe(200);
    expect((await publicTask(units['1'].id, taskId)).isCompleted).toBe(true);
    expect(await completionsOf(taskId)).toHaveLength(2);
  });

  it('refuses another phone, and a request without a phone id, with 403 undo_other_device', async () => {
    const { units, tasks } = await seed([{ number: '1' }], ['Tiling']);
    const taskId = tasks['1'].Tiling;
    expect((await complete(taskId, newDevice())).statusCode).toBe(200);
    const other = await undo(taskId, newDevice());
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('undo_other_device');
    expect((await undo(taskId)).json().code).toBe('undo_other_device');
    expect((await publicTask(units['1'].id, taskId)).isCompleted).toBe(true);
  });

  it('refuses a completion sent without a phone id: no phone can undo it', async () => {
    const { tasks } = await seed([{ number: '1' }], ['Tiling']);
    const taskId = tasks['1'].Tiling;
    expect((await complete(taskId)).statusCode).toBe(200);
    expect((await undo(taskId, newDevice())).json().code).toBe('undo_other_device');
  });

  it(`allows it up to ${UNDO_WINDOW_MINUTES} minutes after the server received it, then 403 undo_window_passed`, async () => {
    const { units, tasks } = await seed([{ number: '1' }], ['Tiling', 'Paint']);
    const phone = newDevice();
    expect((await complete(tasks['1'].Tiling, phone)).statusCode).toBe(200);
    expect((await complete(tasks['1'].Paint, phone)).statusCode).toBe(200);
    advance(minutes(UNDO_WINDOW_MINUTES));
    expect((await undo(tasks['1'].Tiling, phone)).statusCode).toBe(200);
    advance(1);
    const late = await undo(tasks['1'].Paint, phone);
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('undo_window_passed');
    expect((await publicTask(units['1'].id, tasks['1'].Paint)).isCompleted).toBe(true);
  });

  it("counts the window from the server's receipt: a completion that waited offline can still be undone", async () => {
    const { tasks } = await seed([{ number: '1' }], ['Tiling']);
    const phone = newDevice();
    const tapped = new Date(ctx.clock.now.getTime() - minutes(45)).toISOString();
    expect((await complete(tasks['1'].Tiling, phone, { completedAt: tapped })).statusCode).toBe(200);
    advance(minutes(2));
    expect((await undo(tasks['1'].Tiling, phone)).statusCode).toBe(200);
  });

  it("undoes a daily task's completion of today only", async () => {
    const { owner, units, tasks } = await seed([{ number: '1', facilityType: 'hotel' }], ['Make beds'], 'daily');
    const taskId = tasks['1']['Make beds'];
    const phone = newDevice();
    const yesterday = new Date(ctx.clock.now.getTime() - 86_400_000);
    const today = localDate('Asia/Jerusalem', ctx.clock.now);
    const day = localDate('Asia/Jerusalem', yesterday);
    expect((await complete(taskId, phone, { completedAt: yesterday.toISOString() })).statusCode).toBe(200);
    // Only yesterday's: today has nothing to undo.
    expect((await undo(taskId, phone)).json().code).toBe('task_not_completed');
    expect((await complete(taskId, phone)).statusCode).toBe(200);
    const res = await undo(taskId, phone);
    expect(res.json().workDate).toBe(today);
    expect((await publicTask(units['1'].id, taskId)).isCompleted).toBe(false);
    expect((await publicTasks(units['1'].id, `?date=${day}`))[0].isCompleted).toBe(true);
    // Today's statistics and performance leave the undone routine out.
    const performance = (await owner.as({ method: 'GET', url: '/api/employee-performance?range=today' })).json() as {
      employees: unknown[];
    };
    expect(performance.employees).toEqual([]);
    const stats = (await owner.as({ method: 'GET', url: '/api/stats/cleaning?days=1' })).json() as { completedTasks: number };
    expect(stats.completedTasks).toBe(0);
  });

  it('keeps one standing completion after an undo: two taps at once complete it once; the old key answers the old completion', async () => {
    const { units, tasks } = await seed([{ number: '1' }], ['Tiling']);
    const taskId = tasks['1'].Tiling;
    const phone = newDevice();
    const first = await ctx.app.inject({
      method: 'PUT',
      url: `/api/scheduled-tasks-complete/${taskId}`,
      headers: { 'x-shalav-device': phone, 'idempotency-key': `key-${phone}` },
      payload: { workerName: 'Yossi Cohen' },
    });
    expect(first.statusCode).toBe(200);
    expect((await undo(taskId, phone)).statusCode).toBe(200);
    const replay = await ctx.app.inject({
      method: 'PUT',
      url: `/api/scheduled-tasks-complete/${taskId}`,
      headers: { 'x-shalav-device': phone, 'idempotency-key': `key-${phone}` },
      payload: { workerName: 'Yossi Cohen' },
    });
    expect(replay.json()).toEqual(first.json());
    expect((await publicTask(units['1'].id, taskId)).isCompleted).toBe(false);
    const taps = await Promise.all([complete(taskId, phone), complete(taskId, phone)]);
    expect(taps.map((t) => t.statusCode).sort()).toEqual([200, 409]);
    expect((await completionsOf(taskId)).filter((c) => c.reopenedAt === null)).toHaveLength(1);
  });

  it('answers 409 task_not_completed for an open stage and 404 for an unknown task', async () => {
    const { tasks } = await seed([{ number: '1' }], ['Tiling']);
    const open = await undo(tasks['1'].Tiling, newDevice());
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('task_not_completed');
    expect((await undo('00000000-0000-4000-8000-000000000000', newDevice())).statusCode).toBe(404);
    expect((await undo('nonsense', newDevice())).statusCode).toBe(404);
  });

  it('leaves an undone completion out of every read: map, work tracking, progress, statistics, export', async () => {
    const { owner, units, tasks } = await seed([{ number: '1' }], ['Tiling', 'Paint']);
    const phone = newDevice();
    expect((await complete(tasks['1'].Tiling, phone)).statusCode).toBe(200);
    expect((await complete(tasks['1'].Paint, phone)).statusCode).toBe(200);
    expect((await undo(tasks['1'].Paint, phone)).statusCode).toBe(200);
    await expectOneOfTwoDone(owner.as, units['1'].id);
  });
});

/** Every manager read of a unit with two stages, one of which is done. */
async function expectOneOfTwoDone(as: As, unitId: string) {
  const room = ((await as({ method: 'GET', url: '/api/rooms' })).json() as Room[]).find((r) => r.id === unitId)!;
  expect({ total: room.totalTasksToday, done: room.completedTasksToday }).toEqual({ total: 2, done: 1 });
  const details = (await as({ method: 'GET', url: `/api/dashboard/room-details/${unitId}` })).json() as {
    tasks: { name: string; completedAt: string | null }[];
  };
  expect(details.tasks.filter((t) => t.completedAt !== null).map((t) => t.name)).toEqual(['Tiling']);
  const tracked = (await as({ method: 'GET', url: '/api/scheduled-tasks' })).json() as ScheduledTasksPage;
  expect(tracked.counts.completed).toBe(1);
  const matrix = (await as({ method: 'GET', url: '/api/progress-matrix' })).json() as ProgressMatrix;
  expect(matrix.units[0].cells.map((c) => c.state).sort()).toEqual(['done', 'open']);
  const stats = (await as({ method: 'GET', url: '/api/stats/cleaning?days=1' })).json() as {
    completedTasks: number;
    topCleaners: { taskCount: number }[];
  };
  expect(stats.completedTasks).toBe(1);
  expect(stats.topCleaners.map((w) => w.taskCount)).toEqual([1]);
  const performance = (await as({ method: 'GET', url: '/api/employee-performance?range=today' })).json() as {
    employees: { tasksCompleted: number }[];
  };
  expect(performance.employees.map((e) => e.tasksCompleted)).toEqual([1]);
  const kpi = (await as({ method: 'GET', url: '/api/kpi-metrics?range=today' })).json() as { totalCompleted: number };
  expect(kpi.totalCompleted).toBe(1);
  const csv = await as({ method: 'GET', url: '/api/scheduled-tasks/export?format=csv&lang=en&status=completed' });
  expect(csv.statusCode).toBe(200);
  expect(csv.body.trim().split('\n')).toHaveLength(2);
}

describe('PUT /api/scheduled-tasks/{taskId}/review', () => {
  it('accepts a completed stage: the review is kept, the stage stays done, a repeat answers the same without a second row', async () => {
    const { owner, units, tasks } = await seed([{ number: '1' }], ['Tiling']);
    const taskId = tasks['1'].Tiling;
    expect((await complete(taskId, newDevice())).statusCode).toBe(200);
    const res = await review(owner.as, taskId, { decision: 'accepted' });
    expect(res.statusCode, res.body).toBe(200);
    const [completion] = await completionsOf(taskId);
    expect(res.json()).toMatchObject({
      taskId,
      completionId: completion.id,
      decision: 'accepted',
      reason: null,
      reviewerName: 'Dana Levi',
    });
    expect(completion.reviewStatus).toBe('accepted');
    expect((await publicTask(units['1'].id, taskId)).isCompleted).toBe(true);
    const again = await review(owner.as, taskId, { decision: 'accepted' });
    expect(again.json()).toEqual(res.json());
    expect(await ctx.database.db.select().from(taskReviews).where(eq(taskReviews.taskId, taskId))).toHaveLength(1);
  });

  it('rejects with a reason: the stage opens again for every read, the worker page shows the reason until it is completed again', async () => {
    const { owner, units, tasks } = await seed([{ number: '1' }], ['Tiling', 'Paint']);
    const unitId = units['1'].id;
    const phone = newDevice();
    expect((await complete(tasks['1'].Tiling, phone)).statusCode).toBe(200);
    expect((await complete(tasks['1'].Paint, phone)).statusCode).toBe(200);
    const events = await listen(owner.user.projectId);
    advance(minutes(30));
    const res = await review(owner.as, tasks['1'].Paint, { decision: 'rejected', reason: '  Stains on the north wall  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'rejected', reason: 'Stains on the north wall' });
    expect(await events.settle(1)).toEqual([['task.completed', unitId, tasks['1'].Paint]]);
    events.stop();
    expect(await publicTask(unitId, tasks['1'].Paint)).toMatchObject({
      isCompleted: false,
      rejection: { reason: 'Stains on the north wall', rejectedAt: ctx.clock.now.toISOString() },
    });
    expect((await publicTask(unitId, tasks['1'].Tiling)).rejection).toBeNull();
    await expectOneOfTwoDone(owner.as, unitId);
    const [row] = await completionsOf(tasks['1'].Paint);
    expect(row).toMatchObject({ reopenedAs: 'rejected', reviewStatus: 'rejected', reopenedByUserId: owner.user.id });
    // A double click answers the same; accepting what is no longer completed is refused.
    const again = await review(owner.as, tasks['1'].Paint, { decision: 'rejected', reason: 'Stains on the north wall' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    const accept = await review(owner.as, tasks['1'].Paint, { decision: 'accepted' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().code).toBe('task_not_completed');
    // The worker's undo window is over, yet the rejection reopened it: completing again works.
    expect((await complete(tasks['1'].Paint, phone)).statusCode).toBe(200);
    expect(await publicTask(unitId, tasks['1'].Paint)).toMatchObject({ isCompleted: true, rejection: null });
    // A new round: the new completion waits for review, the rejected one stays in the list of rejections.
    const pending = await reviews(owner.as, '?status=pending');
    const rejected = await reviews(owner.as, '?status=rejected');
    expect(pending.items.filter((i) => i.taskId === tasks['1'].Paint)).toHaveLength(1);
    expect(rejected.items.map((i) => [i.taskId, i.review?.reason])).toEqual([[tasks['1'].Paint, 'Stains on the north wall']]);
    expect((await review(owner.as, tasks['1'].Paint, { decision: 'accepted' })).statusCode).toBe(200);
  });

  it('keeps showing the rejection when the stage is completed again and that completion undone', async () => {
    const { owner, units, tasks } = await seed([{ number: '1' }], ['Tiling']);
    const taskId = tasks['1'].Tiling;
    const phone = newDevice();
    expect((await complete(taskId, phone)).statusCode).toBe(200);
    expect((await review(owner.as, taskId, { decision: 'rejected', reason: 'Cracked' })).statusCode).toBe(200);
    expect((await complete(taskId, phone)).statusCode).toBe(200);
    expect((await publicTask(units['1'].id, taskId)).rejection).toBeNull();
    advance(1000);
    expect((await undo(taskId, phone)).statusCode).toBe(200);
    expect(await publicTask(units['1'].id, taskId)).toMatchObject({ isCompleted: false, rejection: { reason: 'Cracked' } });
  });

  it('still asks the photo of a photo-required stage sent back', async () => {
    const o = await registerAndLogin(ctx.app);
    await o.as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms: [{ number: '7' }] } });
    const [room] = (await o.as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
    const created = await o.as({
      method: 'POST',
      url: '/api/task-schedules',
      payload: { roomIds: [room.id], taskTemplates: [{ name: 'Waterproofing', requiresPhoto: true }] },
    });
    expect(created.statusCode).toBe(201);
    const [task] = (await o.as({ method: 'GET', url: `/api/task-schedules?roomId=${room.id}` })).json() as { id: string }[];
    await ctx.database.db.insert(taskCompletions).values({
      projectId: o.user.projectId,
      taskId: task.id,
      unitId: room.id,
      workDate: localDate('Asia/Jerusalem', ctx.clock.now),
      period: 'once',
      workerName: 'Olga',
      photoUrl: '/objects/p/1.jpg',
    });
    expect((await review(o.as, task.id, { decision: 'rejected', reason: 'Photo is blurry' })).statusCode).toBe(200);
    const again = await complete(task.id, newDevice());
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('photo_required');
  });

  it('needs a reason of 1 to 500 characters for a rejection', async () => {
    const { owner, tasks } = await seed([{ number: '1' }], ['Tiling']);
    const taskId = tasks['1'].Tiling;
    expect((await complete(taskId, newDevice())).statusCode).toBe(200);
    for (const body of [
      { decision: 'rejected' },
      { decision: 'rejected', reason: '   ' },
      { decision: 'rejected', reason: 'x'.repeat(501) },
      { decision: 'maybe' },
    ]) {
      const res = await review(owner.as, taskId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await review(owner.as, taskId, { decision: 'rejected', reason: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('is for managers and admins: a worker account 403, another project’s task 404, an open stage 409', async () => {
    const { owner, tasks } = await seed([{ number: '1' }], ['Tiling', 'Paint']);
    const other = await registerAndLogin(ctx.app);
    expect((await complete(tasks['1'].Tiling, newDevice())).statusCode).toBe(200);
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    const manager = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'manager');
    const refused = await review(cleaner, tasks['1'].Tiling, { decision: 'accepted' });
    expect(refused.statusCode).toBe(403);
    expect((await cleaner({ method: 'GET', url: '/api/reviews' })).statusCode).toBe(403);
    const foreign = await review(other.as, tasks['1'].Tiling, { decision: 'accepted' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('task_not_found');
    const open = await review(manager, tasks['1'].Paint, { decision: 'accepted' });
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('task_not_completed');
    expect((await review(manager, tasks['1'].Tiling, { decision: 'accepted' })).statusCode).toBe(200);
    expect((await review(manager, 'nonsense', { decision: 'accepted' })).statusCode).toBe(404);
  });

  it("reviews a daily task's day given by date", async () => {
    const { owner, units, tasks } = await seed([{ number: '1', facilityType: 'hotel' }], ['Make beds'], 'daily');
    const taskId = tasks['1']['Make beds'];
    const yesterday = new Date(ctx.clock.now.getTime() - 86_400_000);
    const day = localDate('Asia/Jerusalem', yesterday);
    expect((await complete(taskId, newDevice(), { completedAt: yesterday.toISOString() })).statusCode).toBe(200);
    expect((await review(owner.as, taskId, { decision: 'rejected', reason: 'Sheets' })).json().code).toBe('task_not_completed');
    expect((await review(owner.as, taskId, { decision: 'rejected', reason: 'Sheets', date: day })).statusCode).toBe(200);
    const [task] = await publicTasks(units['1'].id, `?date=${day}`);
    expect(task).toMatchObject({ isCompleted: false, rejection: { reason: 'Sheets' } });
  });
});

describe('GET /api/reviews', () => {
  it('lists one status newest first with unit, stage, worker, photo and notes; undone completions never appear', async () => {
    const { owner, units, tasks } = await seed(
      [
        { number: '1', floor: 1 },
        { number: '2', floor: 2 },
      ],
      ['Tiling', 'Paint'],
    );
    const phone = newDevice();
    await complete(tasks['1'].Tiling, phone, { notes: 'North wall', workerName: 'Olga' });
    advance(1000);
    await complete(tasks['2'].Tiling, phone, { workerName: 'Ahmed' });
    advance(1000);
    await complete(tasks['2'].Paint, phone, { workerName: 'Ahmed' });
    advance(1000);
    await complete(tasks['1'].Paint, phone, { workerName: 'Olga' });
    expect((await undo(tasks['1'].Paint, phone)).statusCode).toBe(200);
    await review(owner.as, tasks['2'].Paint, { decision: 'accepted' });
    const pending = await reviews(owner.as);
    expect(pending.items.map((i) => [i.unitNumber, i.taskName, i.workerName])).toEqual([
      ['2', 'Tiling', 'Ahmed'],
      ['1', 'Tiling', 'Olga'],
    ]);
    expect(pending.items[1]).toMatchObject({
      floor: 1,
      notes: 'North wall',
      unitId: units['1'].id,
      status: 'pending',
      review: null,
      photoUrl: null,
    });
    expect(pending.nextCursor).toBeNull();
    const accepted = await reviews(owner.as, '?status=accepted');
    expect(accepted.items.map((i) => [i.unitNumber, i.taskName, i.review?.decision])).toEqual([['2', 'Paint', 'accepted']]);
    expect((await reviews(owner.as, '?floor=2')).items.map((i) => i.unitNumber)).toEqual(['2']);
    expect((await reviews(owner.as, '?worker=olg')).items.map((i) => i.workerName)).toEqual(['Olga']);
    expect((await reviews(owner.as, '?taskName=Paint')).items).toEqual([]);
    const other = await registerAndLogin(ctx.app);
    expect((await reviews(other.as)).items).toEqual([]);
  });

  it('filters by a template, a stage and a floor before it takes the page', async () => {
    const { owner, tasks } = await seed(
      [
        { number: '1', floor: 1 },
        { number: '2', floor: 2 },
      ],
      ['Tiling', 'Paint', 'Grout'],
    );
    for (const unit of ['1', '2']) {
      for (const stage of ['Paint', 'Tiling', 'Grout']) {
        await complete(tasks[unit][stage], newDevice());
        advance(1000);
      }
    }
    const tpl = await owner.as({
      method: 'POST',
      url: '/api/task-templates',
      payload: { name: 'Paint', facilityType: 'construction', estimatedMinutes: 5 },
    });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const names = async (query: string) => (await reviews(owner.as, query)).items.map((i) => `${i.unitNumber} ${i.taskName}`);
    expect(await names(`?templateId=${tpl.json().id}`)).toEqual(['2 Paint', '1 Paint']);
    // The filters come before the page: the newest completions are other stages and floor 2's.
    expect(await names(`?templateId=${tpl.json().id}&limit=1`)).toEqual(['2 Paint']);
    expect(await names('?taskName=Tiling&limit=1')).toEqual(['2 Tiling']);
    expect(await names('?floor=1&limit=1')).toEqual(['1 Grout']);
  });

  it('pages by key: every completion once, ties in time broken by id, and a foreign cursor refused', async () => {
    const { owner, units } = await seed(
      [{ number: '1' }],
      Array.from({ length: 7 }, (_, i) => `Stage ${i}`),
    );
    const list = (await owner.as({ method: 'GET', url: `/api/task-schedules?roomId=${units['1'].id}` })).json() as { id: string }[];
    const same = new Date('2026-05-01T08:00:00.123456Z');
    await ctx.database.db.insert(taskCompletions).values(
      list.map((t, i) => ({
        projectId: owner.user.projectId,
        taskId: t.id,
        unitId: units['1'].id,
        workDate: '2026-05-01',
        period: 'once',
        workerName: `W${i}`,
        completedAt: i < 4 ? same : new Date(same.getTime() + i * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await reviews(owner.as, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.completionId));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(7);
    const all = (await reviews(owner.as, '?limit=100')).items;
    expect(seen).toEqual(all.map((i) => i.completionId));
    expect(all.slice(0, 3).map((i) => i.workerName)).toEqual(['W6', 'W5', 'W4']);
    const bad = await owner.as({ method: 'GET', url: '/api/reviews?cursor=bm90LWEtY3Vyc29y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('answers the first page of 2,000 pending completions quickly', async () => {
    const { owner, units } = await seed([{ number: '1' }], ['Base']);
    const projectId = owner.user.projectId;
    const list = await ctx.database.db
      .insert(taskTable)
      .values(Array.from({ length: 2000 }, (_, i) => ({ projectId, unitId: units['1'].id, name: `Stage ${i}` })))
      .returning({ id: taskTable.id });
    const start = Date.parse('2026-04-01T00:00:00Z');
    for (let i = 0; i < list.length; i += 500) {
      await ctx.database.db.insert(taskCompletions).values(
        list.slice(i, i + 500).map((t, j) => ({
          projectId,
          taskId: t.id,
          unitId: units['1'].id,
          workDate: '2026-04-01',
          period: 'once',
          workerName: 'Crew',
          completedAt: new Date(start + (i + j) * 1000),
        })),
      );
    }
    await reviews(owner.as, '?limit=50');
    const t0 = performance.now();
    const page = await reviews(owner.as, '?limit=50');
    const ms = performance.now() - t0;
    expect(page.items).toHaveLength(50);
    expect(page.nextCursor).not.toBeNull();
    console.info(`reviews: first page of ${list.length} pending in ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(1000);
  });
});
