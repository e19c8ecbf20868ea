import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room, RoomDetails, RoomStats } from '#contract/rooms.ts';
import type { ScheduledTasksPage } from '#contract/schedules.ts';
import { projects, tasks, units } from '../../db/schema/index.ts';
import { localDate } from '../../lib/calendar.ts';
import { clientAddress, createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';

/**
 * "Today" for the manager's map and for work tracking is the project's local date, also within two
 * hours of local midnight, where the UTC date differs. A daily task done on the local day counts as done
 * until local midnight and is open again right after it; a once-task stays done. Tasks are completed
 * through the worker route with the clock set, so the stored work date is the one the app computes.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-01-14T12:00:00Z') });
});
afterAll(async () => ctx?.close());

interface Case {
  timeZone: string;
  /** The local day of the completions, and the next one. */
  day: string;
  nextDay: string;
  /** 22:00, 23:00 local on `day`, and 01:00 local on `nextDay`. */
  completeAt: Date;
  lateAt: Date;
  earlyAt: Date;
}

const cases: Case[] = [
  // UTC−5 in January: 23:00 local is already the next day in UTC.
  {
    timeZone: 'America/New_York',
    day: '2026-01-15',
    nextDay: '2026-01-16',
    completeAt: new Date('2026-01-16T03:00:00Z'),
    lateAt: new Date('2026-01-16T04:00:00Z'),
    earlyAt: new Date('2026-01-16T06:00:00Z'),
  },
  // UTC+13 in January (summer time): 01:00 local on the next day is still the day before in UTC.
  {
    timeZone: 'Pacific/Auckland',
    day: '2026-01-15',
    nextDay: '2026-01-16',
    completeAt: new Date('2026-01-15T09:00:00Z'),
    lateAt: new Date('2026-01-15T10:00:00Z'),
    earlyAt: new Date('2026-01-15T12:00:00Z'),
  },
];

describe.each(cases)("'today' in $timeZone, near local midnight", (c) => {
  let manager: { username: string; password: string };
  let unitId: string;
  let onceTaskId: string;
  let dailyTaskId: string;

  beforeAll(async () => {
    ctx.clock.now = new Date('2026-01-14T12:00:00Z');
    const owner = await registerAndLogin(ctx.app);
    manager = { username: owner.body.username, password: owner.body.password };
    const projectId = owner.user.projectId;
    const db = ctx.database.db;
    await db.update(projects).set({ timezone: c.timeZone }).where(eq(projects.id, projectId));
    const [unit] = await db.insert(units).values({ projectId, number: 'N101', floor: 1 }).returning({ id: units.id });
    unitId = unit.id;
    const [once, daily] = await db
      .insert(tasks)
      .values([
        { projectId, unitId, name: 'Plaster', sortOrder: 1, recurrence: 'once' },
        { projectId, unitId, name: 'Sweep', sortOrder: 2, recurrence: 'daily' },
      ])
      .returning();
    onceTaskId = once.id;
    dailyTaskId = daily.id;

    // The clock is set where the test means it to be (a wrong table entry would prove nothing).
    expect(localDate(c.timeZone, c.completeAt)).toBe(c.day);
    expect(localDate(c.timeZone, c.lateAt)).toBe(c.day);
    expect(localDate(c.timeZone, c.earlyAt)).toBe(c.nextDay);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: c.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(c.lateAt)).toBe('23');
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: c.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(c.earlyAt)).toBe('01');
    // Near local midnight the UTC date differs on one side of it.
    expect([localDate('UTC', c.lateAt), localDate('UTC', c.earlyAt)]).not.toEqual([c.day, c.nextDay]);

    // 22:00 local: a worker completes both tasks; the work date is the project's local day.
    ctx.clock.now = c.completeAt;
    for (const taskId of [onceTaskId, dailyTaskId]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/scheduled-tasks-complete/${taskId}`,
        payload: { workerName: 'Night Shift' },
        headers: clientAddress(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().workDate).toBe(c.day);
    }
  });

  afterAll(() => {
    ctx.clock.now = new Date('2026-01-14T12:00:00Z');
  });

  /** What the manager and the worker see at the current clock (a fresh sign-in: the clock jumps hours). */
  async function viewsNow() {
    const { res, cookie } = await login(ctx.app, manager, { headers: clientAddress() });
    expect(res.statusCode).toBe(200);
    const get = async <T>(url: string): Promise<T> => {
      const r = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(r.statusCode, url).toBe(200);
      return r.json() as T;
    };
    const rooms = await get<Room[]>('/api/rooms?withTaskCounts=true');
    const stats = await get<RoomStats>('/api/stats/rooms');
    const details = await get<RoomDetails>(`/api/dashboard/room-details/${unitId}`);
    const tracking = await get<ScheduledTasksPage>('/api/scheduled-tasks');
    const publicList = (
      await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${unitId}`, headers: clientAddress() })
    ).json() as {
      id: string;
      isCompleted: boolean;
    }[];
    const done = (list: { id: string; isCompleted: boolean }[]) =>
      Object.fromEntries(list.map((t) => [t.id === onceTaskId ? 'once' : 'daily', t.isCompleted]));
    return {
      room: rooms.find((r) => r.id === unitId)!,
      stats,
      details,
      detailsDone: done(details.tasks),
      tracking,
      trackingStatus: Object.fromEntries(tracking.items.map((t) => [t.id === onceTaskId ? 'once' : 'daily', t.status])),
      publicDone: done(publicList),
    };
  }

  it('at 23:00 local the daily task counts as done today: the unit is complete', async () => {
    ctx.clock.now = c.lateAt;
    const v = await viewsNow();
    expect(v.room).toMatchObject({ status: 'clean', totalTasksToday: 2, completedTasksToday: 2, lastCleanedBy: 'Night Shift' });
    expect(v.stats).toMatchObject({ totalRooms: 1, clean: 1, inProgress: 0, needsCleaning: 0 });
    expect(v.details).toMatchObject({ date: c.day, totalTasks: 2, completedTasks: 2 });
    expect(v.detailsDone).toEqual({ once: true, daily: true });
    expect(v.trackingStatus).toEqual({ once: 'completed', daily: 'completed' });
    expect(v.tracking.counts).toEqual({ all: 2, pending: 0, in_progress: 0, completed: 2 });
    expect(v.publicDone).toEqual({ once: true, daily: true });
  });

  it('at 01:00 local the next day the daily task is open again; the once-task stays done', async () => {
    ctx.clock.now = c.earlyAt;
    const v = await viewsNow();
    expect(v.room).toMatchObject({ status: 'in_progress', totalTasksToday: 2, completedTasksToday: 1 });
    expect(v.stats).toMatchObject({ totalRooms: 1, clean: 0, inProgress: 1, needsCleaning: 0 });
    expect(v.details).toMatchObject({ date: c.nextDay, totalTasks: 2, completedTasks: 1 });
    expect(v.detailsDone).toEqual({ once: true, daily: false });
    expect(v.trackingStatus).toEqual({ once: 'completed', daily: 'pending' });
    expect(v.tracking.counts).toEqual({ all: 2, pending: 1, in_progress: 0, completed: 1 });
    expect(v.publicDone).toEqual({ once: true, daily: false });
  });
});
