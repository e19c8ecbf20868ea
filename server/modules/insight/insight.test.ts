import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { taskCompletions, tasks, workSessions } from '../../db/schema/index.ts';
import { trendOf } from '#contract/insight.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { csvLines, sheetRows, unzip } from '../../lib/xlsx-test-support.ts';
import { topWorkersInTurns, workersInTurns, workersOfPeriod } from './insight.service.ts';
import { storeWorkerDays, sumWorkerDays, topWorkers, workersInPeriod, type Period, type WorkerDayRow } from './insight.queries.ts';

/**
 * Statistics and employee performance against answers worked out by hand (docs/product.md
 * "Statistics", "Employee performance"). Project time zone Asia/Jerusalem (UTC+2 in March); the
 * clock stands at 2026-03-10 12:00 local, so "today" is 2026-03-10 and yesterday 2026-03-09.
 */
let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
let a: Owner;
let b: Owner;

const at = (iso: string) => new Date(iso);

async function unit(owner: Owner, number: string, floor: number) {
  const res = await owner.as({ method: 'POST', url: '/api/rooms', payload: { number, floor } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return (res.json() as { id: string }).id;
}

type Stage = { name: string; sortOrder: number; estimatedMinutes: number; recurrence?: 'once' | 'daily' };
async function stages(owner: Owner, unitId: string, list: Stage[]) {
  const rows = await ctx.database.db
    .insert(tasks)
    .values(list.map((s) => ({ projectId: owner.user.projectId, unitId, ...s })))
    .returning();
  return Object.fromEntries(rows.map((r) => [r.name, r]));
}

async function done(
  owner: Owner,
  task: { id: string; unitId: string; recurrence: string },
  workerName: string,
  completedAt: string,
  workDate: string,
  photo = false,
) {
  await ctx.database.db.insert(taskCompletions).values({
    projectId: owner.user.projectId,
    taskId: task.id,
    unitId: task.unitId,
    workDate,
    period: task.recurrence === 'once' ? 'once' : workDate,
    workerName,
    photoUrl: photo ? `/objects/photos/${crypto.randomUUID()}.jpg` : null,
    completedAt: at(completedAt),
  });
}

async function signIn(owner: Owner, unitId: string, workerName: string, createdAt: string, workDate: string) {
  await ctx.database.db
    .insert(workSessions)
    .values({ projectId: owner.user.projectId, unitId, workerName, workDate, createdAt: at(createdAt) });
}

beforeAll(async () => {
  ctx = await createTestApp({ now: at('2026-03-10T10:00:00Z') });
  a = await registerAndLogin(ctx.app);
  b = await registerAndLogin(ctx.app);

  const u1 = await unit(a, 'A1', 1);
  const u2 = await unit(a, 'A2', 1);
  const u3 = await unit(a, 'B1', 2);
  const s1 = await stages(a, u1, [
    { name: 'a1', sortOrder: 1, estimatedMinutes: 30 },
    { name: 'a2', sortOrder: 2, estimatedMinutes: 20 },
    { name: 'a3', sortOrder: 3, estimatedMinutes: 10 },
    { name: 'sweep', sortOrder: 9, estimatedMinutes: 5, recurrence: 'daily' },
  ]);
  const s2 = await stages(a, u2, [
    { name: 'b1', sortOrder: 1, estimatedMinutes: 30 },
    { name: 'b2', sortOrder: 2, estimatedMinutes: 20 },
  ]);
  const s3 = await stages(a, u3, [
    { name: 'c1', sortOrder: 1, estimatedMinutes: 30 },
    { name: 'c2', sortOrder: 2, estimatedMinutes: 20 },
  ]);
  await done(a, s1.a1, 'Dana', '2026-03-08T08:00:00Z', '2026-03-08', true);
  // 21:50 UTC is 23:50 local on the 9th: yesterday. 22:10 UTC is 00:10 local on the 10th: today.
  await done(a, s1.sweep, 'Yossi', '2026-03-09T21:50:00Z', '2026-03-09');
  await done(a, s2.b1, 'Dana', '2026-03-09T22:10:00Z', '2026-03-10', true);
  await signIn(a, u1, 'Dana', '2026-03-10T06:50:00Z', '2026-03-10');
  // "dana " is Dana: case and spacing do not make another worker.
  await done(a, s1.a2, 'dana ', '2026-03-10T07:20:00Z', '2026-03-10');
  await done(a, s1.a3, 'DANA', '2026-03-10T07:40:00Z', '2026-03-10', true);
  await signIn(a, u3, 'Yossi', '2026-03-10T07:30:00Z', '2026-03-10');
  // c2 before c1: out of order.
  await done(a, s3.c2, 'Yossi', '2026-03-10T08:00:00Z', '2026-03-10', true);
  await done(a, s1.sweep, 'Yossi', '2026-03-10T08:10:00Z', '2026-03-10');

  // The other project: a Dana of its own, and a one-stage worker for the small-sample rule.
  const other = await unit(b, 'A1', 1);
  const os = await stages(b, other, [
    { name: 'x1', sortOrder: 1, estimatedMinutes: 10 },
    { name: 'x2', sortOrder: 2, estimatedMinutes: 10 },
    { name: 'x3', sortOrder: 3, estimatedMinutes: 10 },
  ]);
  await done(b, os.x1, 'Lucky', '2026-03-10T08:00:00Z', '2026-03-10', true);
  await done(b, os.x2, 'Dana', '2026-03-10T08:30:00Z', '2026-03-10');
});
afterAll(async () => ctx?.close());

describe('GET /api/stats/cleaning', () => {
  it('counts today in the project time zone: open stages, done ones, per unit, top workers', async () => {
    const res = await a.as({ method: 'GET', url: '/api/stats/cleaning?days=1' });
    expect(res.statusCode).toBe(200);
    // Open today: A1 a2, a3, sweep (a1 was done on the 8th); A2 b1, b2; B1 c1, c2.
    expect(res.json()).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-10',
      totalTasks: 7,
      completedTasks: 5,
      averageTasksPerRoom: 2.3,
      // Yesterday: A1 a2, a3, sweep; A2 b1, b2; B1 c1, c2 open; the 23:50 sweep done.
      previous: { totalTasks: 7, completedTasks: 1 },
      perDay: [{ date: '2026-03-10', completed: 5 }],
      topCleaners: [
        // Dana worked in A1 (3 open) and A2 (2 open) and did 3; Yossi in B1 (2) and A1 (3) and did 2.
        { cleanerName: 'DANA', completionRate: 60, taskCount: 3 },
        { cleanerName: 'Yossi', completionRate: 40, taskCount: 2 },
      ],
    });
  });

  it('looks back N days with every day present, and floors progress all time', async () => {
    const res = await a.as({ method: 'GET', url: '/api/stats/cleaning?days=7' });
    const body = res.json();
    // Seven once-stages and the daily sweep on each of seven days.
    expect(body).toMatchObject({ from: '2026-03-04', to: '2026-03-10', totalTasks: 14, completedTasks: 7 });
    expect(body.perDay.map((d: { completed: number }) => d.completed)).toEqual([0, 0, 0, 0, 1, 1, 5]);
    expect(body.floors).toEqual([
      { floor: 1, units: 2, doneUnits: 1, stages: 5, doneStages: 4 },
      { floor: 2, units: 1, doneUnits: 0, stages: 2, doneStages: 1 },
    ]);
  });

  it('lists floors from the lowest, basements first, and units without a floor last', async () => {
    const c = await registerAndLogin(ctx.app);
    const noFloor = await c.as({ method: 'POST', url: '/api/rooms', payload: { number: 'Lobby' } });
    expect(noFloor.statusCode, noFloor.body).toBe(201);
    const upper = await unit(c, '201', 2);
    const basement = await unit(c, 'P1', -1);
    const os = await stages(c, upper, [{ name: 'Paint', sortOrder: 1, estimatedMinutes: 10 }]);
    await stages(c, basement, [{ name: 'Seal', sortOrder: 1, estimatedMinutes: 10 }]);
    await done(c, os.Paint, 'Dana', '2026-03-10T08:00:00Z', '2026-03-10');
    const res = await c.as({ method: 'GET', url: '/api/stats/cleaning?days=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().floors).toEqual([
      { floor: -1, units: 1, doneUnits: 0, stages: 1, doneStages: 0 },
      { floor: 2, units: 1, doneUnits: 1, stages: 1, doneStages: 1 },
      { floor: null, units: 1, doneUnits: 0, stages: 0, doneStages: 0 },
    ]);
  });

  it('counts an undone or sent-back stage as open, and a stage done again once', async () => {
    const c = await registerAndLogin(ctx.app);
    const u = await unit(c, '101', 1);
    const os = await stages(c, u, [
      { name: 'Paint', sortOrder: 1, estimatedMinutes: 10 },
      { name: 'Seal', sortOrder: 2, estimatedMinutes: 10 },
    ]);
    const reopened = (task: (typeof os)['Paint'], workDate: string, reopenedAs: 'undone' | 'rejected') =>
      ctx.database.db.insert(taskCompletions).values({
        projectId: c.user.projectId,
        taskId: task.id,
        unitId: u,
        workDate,
        period: 'once',
        workerName: 'Dana',
        completedAt: at(`${workDate}T08:00:00Z`),
        reopenedAt: at(`${workDate}T09:00:00Z`),
        reopenedAs,
      });
    await reopened(os.Paint, '2026-03-09', 'undone');
    await reopened(os.Seal, '2026-03-08', 'rejected');
    await done(c, os.Seal, 'Dana', '2026-03-10T08:00:00Z', '2026-03-10');
    const res = await c.as({ method: 'GET', url: '/api/stats/cleaning?days=1' });
    expect(res.statusCode).toBe(200);
    // Paint stands undone; Seal was sent back and done again today: open today, done once.
    expect(res.json()).toMatchObject({ totalTasks: 2, completedTasks: 1, previous: { totalTasks: 2, completedTasks: 0 } });
    expect(res.json().floors).toEqual([{ floor: 1, units: 1, doneUnits: 0, stages: 2, doneStages: 1 }]);
  });

  it('refuses a period it cannot look back over, and strangers', async () => {
    for (const days of ['0', '91', 'x']) {
      const res = await a.as({ method: 'GET', url: `/api/stats/cleaning?days=${days}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBeTruthy();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/stats/cleaning' })).statusCode).toBe(401);
  });

  it("exports the summary the screen shows, in the reader's language", async () => {
    const res = await a.as({ method: 'GET', url: '/api/stats/cleaning/export?days=1&format=csv&lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="statistics-1-days-2026-03-10.csv"');
    // A1 has all of today's stages done; A2 and B1 some: 71% of stages, 33% of units, score 52; 2.3 × 8 min.
    expect(
      Object.fromEntries(
        csvLines(res.body)
          .slice(1)
          .map(([k, v]) => [k, v]),
      ),
    ).toEqual({
      Done: '1',
      'In progress': '2',
      'Not started': '0',
      'Total apartments': '3',
      'Active apartments': '3',
      'Stages open': '7',
      'Stages done': '5',
      'Stages done in the period (%)': '71',
      'Apartments done (%)': '33',
      'Average stages per apartment': '2.3',
      'Efficiency score (%)': '52',
      'Estimated session time (min)': '18',
      'Stages done per day: 2026-03-10': '5',
    });
    const he = await a.as({ method: 'GET', url: '/api/stats/cleaning/export?days=7&format=xlsx&lang=he' });
    const sheet = unzip(he.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('rightToLeft="1"');
    const rows = sheetRows(sheet);
    expect(rows[0].A.value).toBe('נתון');
    expect(rows).toHaveLength(1 + 12 + 7);
    expect(rows.find((r) => r.A.value === 'שלבים שהושלמו')?.B).toMatchObject({ type: 'n', value: 7 });
  });

  it("shows another project's workers to nobody", async () => {
    const res = await b.as({ method: 'GET', url: '/api/stats/cleaning?days=30' });
    expect(
      res
        .json()
        .topCleaners.map((w: { cleanerName: string }) => w.cleanerName)
        .sort(),
    ).toEqual(['Dana', 'Lucky']);
    expect(res.json()).toMatchObject({ totalTasks: 3, completedTasks: 2 });
  });
});

describe('GET /api/employee-performance and /api/kpi-metrics', () => {
  it('ranks workers with the documented formulas', async () => {
    const res = await a.as({ method: 'GET', url: '/api/employee-performance?range=today' });
    expect(res.statusCode).toBe(200);
    // Quality: Dana b1 (photo, in order) 1 + a2 (in order) 0.5 + a3 (photo, in order) 1 = 2.5 of 3;
    // Yossi c2 (photo, out of order) 0.5 + sweep (in order) 0.5 = 1 of 2; project average 3.5 / 5 = 0.7.
    // Rating 5 × (q + 5 × 0.7) / (n + 5): Dana 5 × 6 / 8 = 3.75, Yossi 5 × 4.5 / 7 = 3.21.
    // Time: Dana b1 first of its day at 00:10 → its 30 min estimate; a2 30 min after sign-in; a3 20 min
    // after a2: 80 min for 60 estimated = 75%. Yossi 30 + 10 min for 25 estimated = 63%.
    expect(res.json().employees).toEqual([
      { id: 'dana', rank: 1, name: 'DANA', tasksCompleted: 3, roomsCleaned: 2, rating: 3.8, efficiency: 75, trend: 'up' },
      { id: 'yossi', rank: 2, name: 'Yossi', tasksCompleted: 2, roomsCleaned: 2, rating: 3.2, efficiency: 63, trend: 'up' },
    ]);
    const kpi = await a.as({ method: 'GET', url: '/api/kpi-metrics?range=today' });
    expect(kpi.json()).toEqual({
      totalCompleted: 5,
      totalTasks: 7,
      completionRate: 71,
      avgTime: 24,
      avgRating: 3.5,
      efficiency: 71,
      trend: 'up',
    });
  });

  it('caps efficiency at 100 % when stages are done faster than estimated (docs/product.md "Employee performance")', async () => {
    const c = await registerAndLogin(ctx.app);
    const u = await unit(c, 'F1', 1);
    const s = await stages(c, u, [
      { name: 'f1', sortOrder: 1, estimatedMinutes: 60 },
      { name: 'f2', sortOrder: 2, estimatedMinutes: 60 },
    ]);
    // Signed in at 08:00, two one-hour stages done 10 and 20 minutes later: 120 estimated in 20 = 600 %.
    await signIn(c, u, 'Speedy', '2026-03-10T08:00:00Z', '2026-03-10');
    await done(c, s.f1, 'Speedy', '2026-03-10T08:10:00Z', '2026-03-10', true);
    await done(c, s.f2, 'Speedy', '2026-03-10T08:20:00Z', '2026-03-10', true);
    const res = await c.as({ method: 'GET', url: '/api/employee-performance?range=today' });
    expect(res.json().employees).toMatchObject([{ name: 'Speedy', tasksCompleted: 2, efficiency: 100 }]);
    const kpi = await c.as({ method: 'GET', url: '/api/kpi-metrics?range=today' });
    expect(kpi.json()).toMatchObject({ totalCompleted: 2, efficiency: 100 });
  });

  it('does not give five stars for one lucky stage: ratings are shrunk toward the average', async () => {
    const res = await b.as({ method: 'GET', url: '/api/employee-performance?range=week' });
    // Lucky: one stage with photo, in order (1); Dana one in order without photo (0.5); average 0.75.
    expect(res.json().employees.map((e: { name: string; rating: number }) => [e.name, e.rating])).toEqual([
      ['Lucky', 4],
      ['Dana', 3.5],
    ]);
  });

  it('is for managers only, and refuses an unknown range', async () => {
    expect((await a.as({ method: 'GET', url: '/api/employee-performance?range=year' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/kpi-metrics' })).statusCode).toBe(401);
  });

  it('says up, down or stable against the previous period with a ±5% band', () => {
    expect([trendOf(105, 100), trendOf(106, 100), trendOf(95, 100), trendOf(94, 100), trendOf(1, 0), trendOf(0, 0)]).toEqual([
      'stable',
      'up',
      'stable',
      'down',
      'up',
      'stable',
    ]);
  });
});

describe('the workers read a few units at a time (as on the embedded database)', () => {
  let periods: Period[];
  let c: Owner;

  beforeAll(async () => {
    c = await registerAndLogin(ctx.app);
    const projectId = c.user.projectId;
    const plan: Stage[] = [
      { name: 's1', sortOrder: 1, estimatedMinutes: 30 },
      { name: 's2', sortOrder: 2, estimatedMinutes: 20 },
      { name: 's3', sortOrder: 3, estimatedMinutes: 10 },
      { name: 's4', sortOrder: 4, estimatedMinutes: 10 },
      { name: 'sweep', sortOrder: 9, estimatedMinutes: 5, recurrence: 'daily' },
    ];
    const u: string[] = [];
    const s: Awaited<ReturnType<typeof stages>>[] = [];
    for (let i = 0; i < 9; i++) {
      u.push(await unit(c, `C${i + 1}`, 1 + (i % 3)));
      s.push(await stages(c, u[i], plan));
    }
    const reopened = async (task: { id: string; unitId: string }, workerName: string, completedAt: string, workDate: string, as: string) =>
      ctx.database.db.insert(taskCompletions).values({
        projectId,
        taskId: task.id,
        unitId: task.unitId,
        workDate,
        period: 'once',
        workerName,
        completedAt: at(completedAt),
        reopenedAt: at(completedAt),
        reopenedAs: as,
      });
    // Before the week: s1 of C1 (in order later), and a rejected then undone s2 of C2.
    await done(c, s[0].s1, 'Dana', '2026-03-02T07:00:00Z', '2026-03-02', true);
    await reopened(s[1].s2, 'Dana', '2026-03-05T07:00:00Z', '2026-03-05', 'rejected');
    await reopened(s[1].s2, 'Dana', '2026-03-08T07:00:00Z', '2026-03-08', 'undone');
    // The 8th: Dana, named three ways, signs in, works past a break; Mira signs in at the instant she does a stage.
    await signIn(c, u[0], 'Dana', '2026-03-08T06:00:00Z', '2026-03-08');
    await done(c, s[0].s2, ' dana  ', '2026-03-08T06:20:07.123Z', '2026-03-08', true);
    await done(c, s[0].s3, 'DANA', '2026-03-08T06:45:59.999Z', '2026-03-08');
    await done(c, s[1].s1, 'Dana', '2026-03-08T09:30:00Z', '2026-03-08');
    await done(c, s[1].sweep, 'Dana', '2026-03-08T09:41:30Z', '2026-03-08');
    await signIn(c, u[2], 'Mi  Ra', '2026-03-08T08:00:00Z', '2026-03-08');
    await done(c, s[2].s1, 'mi ra', '2026-03-08T08:00:00Z', '2026-03-08', true);
    // Two of Mira's stages at one instant, and one done before an earlier stage of its unit.
    await done(c, s[2].s3, 'Mi Ra', '2026-03-08T08:25:00Z', '2026-03-08');
    await done(c, s[3].s2, 'Mi Ra', '2026-03-08T08:25:00Z', '2026-03-08', true);
    // Blank and missing names count nowhere; a rejected and an undone completion neither.
    await done(c, s[4].s1, '   ', '2026-03-08T10:00:00Z', '2026-03-08');
    await ctx.database.db.insert(taskCompletions).values({
      projectId,
      taskId: s[4].s2.id,
      unitId: u[4],
      workDate: '2026-03-08',
      period: 'once',
      workerName: null,
      completedAt: at('2026-03-08T10:05:00Z'),
    });
    await reopened(s[5].s1, 'Yossi', '2026-03-08T10:00:00Z', '2026-03-08', 'rejected');
    await reopened(s[5].s2, 'Mi Ra', '2026-03-08T10:00:00Z', '2026-03-08', 'undone');
    // The 9th: Yossi only signs in (a unit with no stage done), Dana signs in without a stage that day,
    // then Yossi works in C6 with daily sweeps on two days, the first after a sign-in elsewhere.
    await signIn(c, u[6], 'Yossi', '2026-03-09T05:00:00Z', '2026-03-09');
    await signIn(c, u[7], 'Dana', '2026-03-09T05:00:00Z', '2026-03-09');
    await signIn(c, u[8], 'Ghost', '2026-03-09T05:30:00Z', '2026-03-09');
    await done(c, s[5].s1, 'Yossi', '2026-03-09T05:50:00Z', '2026-03-09', true);
    await done(c, s[5].sweep, 'yossi', '2026-03-09T05:50:00Z', '2026-03-09');
    await done(c, s[5].s4, 'Yossi', '2026-03-09T09:00:00Z', '2026-03-09');
    // Two first stages of a day at one instant: the smaller estimate counts, the other took no time.
    await done(c, s[5].sweep, 'Yossi', '2026-03-10T06:00:00Z', '2026-03-10', true);
    await done(c, s[5].s2, 'Yossi', '2026-03-10T06:00:00Z', '2026-03-10');
    await done(c, s[0].s4, 'Dana', '2026-03-10T06:10:00Z', '2026-03-10');
    await done(c, s[3].s1, 'Mi  Ra', '2026-03-10T06:10:00Z', '2026-03-10');
    periods = [
      { projectId, from: '2026-03-04', to: '2026-03-10' },
      { projectId, from: '2026-03-08', to: '2026-03-08' },
      { projectId, from: '2026-03-09', to: '2026-03-10' },
      { projectId, from: '2026-03-01', to: '2026-03-03' },
      { projectId, from: '2026-02-01', to: '2026-02-07' },
    ];
  });

  const byKey = <T extends { key: string }>(rows: T[]) => [...rows].sort((x, y) => x.key.localeCompare(y.key));
  // A worker's days, each with its units in order (a day's units may come in any order).
  const byDay = (rows: WorkerDayRow[]) =>
    [...rows]
      .map((r) => ({ ...r, unitIds: [...r.unitIds].sort() }))
      .sort((x, y) => x.key.localeCompare(y.key) || x.day.localeCompare(y.day));

  it('gives employee performance the same workers as the one statement, whatever the slice', async () => {
    const db = ctx.database.reportsDb;
    const whole = byKey(sumWorkerDays(await workersInPeriod(db, periods[0])));
    // The data reaches what the sums must get right: three workers, names folded, a break, seconds.
    expect(whole.map((w) => [w.key, w.name, w.completed, w.units])).toEqual([
      ['dana', 'Dana', 5, 2],
      ['mi ra', 'Mi  Ra', 4, 2],
      ['yossi', 'Yossi', 5, 1],
    ]);
    expect(whole[0].minutes % 1).not.toBe(0);
    for (const p of periods) {
      const expected = byDay(await workersInPeriod(db, p));
      for (const chunkUnits of [1, 2, 7, 100]) {
        expect(byDay(await workersInTurns(db, p, chunkUnits)), `${p.from}–${p.to}, ${chunkUnits} per slice`).toEqual(expected);
      }
    }
  });

  it('gives statistics the same top workers, in the same order, as the one statement, whatever the slice', async () => {
    const db = ctx.database.reportsDb;
    expect((await topWorkers(db, periods[0])).map((w) => w.name)).toEqual(['Dana', 'Yossi', 'Mi  Ra']);
    for (const p of periods) {
      const expected = await topWorkers(db, p);
      for (const chunkUnits of [1, 2, 7, 100]) {
        expect(await topWorkersInTurns(db, p, chunkUnits), `${p.from}–${p.to}, ${chunkUnits} per slice`).toEqual(expected);
      }
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'reads them so for statistics and employee performance on the embedded database',
    async () => {
      const query = vi.spyOn(ctx.database.pglite!, 'query');
      try {
        for (const url of ['/api/stats/cleaning?days=7', '/api/employee-performance?range=week']) {
          query.mockClear();
          expect((await c.as({ method: 'GET', url })).statusCode).toBe(200);
          // A slice reads its units from a list (ofUnits in insight.queries.ts); the one statement does not.
          expect(
            query.mock.calls.some(([statement]) => String(statement).includes('as slice(unit_id)')),
            url,
          ).toBe(true);
        }
      } finally {
        query.mockRestore();
      }
    },
  );
});

describe('the days that are over, stored (docs/decisions/043-worker-days.md)', () => {
  let d: Owner;
  let week: Period;
  let s1: Awaited<ReturnType<typeof stages>>;
  let s2: Awaited<ReturnType<typeof stages>>;
  const run = async (statement: SQL) => rowsOf(await ctx.database.db.execute(statement));

  beforeAll(async () => {
    d = await registerAndLogin(ctx.app);
    const u1 = await unit(d, 'D1', 1);
    const u2 = await unit(d, 'D2', 1);
    s1 = await stages(d, u1, [
      { name: 's1', sortOrder: 1, estimatedMinutes: 30 },
      { name: 's2', sortOrder: 2, estimatedMinutes: 20 },
      { name: 's3', sortOrder: 3, estimatedMinutes: 10 },
      { name: 'sweep', sortOrder: 9, estimatedMinutes: 5, recurrence: 'daily' },
    ]);
    s2 = await stages(d, u2, [
      { name: 's1', sortOrder: 1, estimatedMinutes: 30 },
      { name: 's2', sortOrder: 2, estimatedMinutes: 20 },
    ]);
    await signIn(d, u1, 'Dana', '2026-03-04T06:00:00Z', '2026-03-04');
    await done(d, s1.s1, 'Dana', '2026-03-04T06:30:00Z', '2026-03-04', true);
    await done(d, s1.sweep, 'Dana', '2026-03-04T06:40:00Z', '2026-03-04');
    await done(d, s1.s3, 'Mira', '2026-03-05T08:00:00Z', '2026-03-05');
    await done(d, s2.s1, 'Mira', '2026-03-05T09:00:00Z', '2026-03-05');
    await done(d, s1.s2, 'Dana', '2026-03-06T07:00:00Z', '2026-03-06');
    // Yesterday and today (the clock stands at 2026-03-10): summed on every read, never stored.
    await done(d, s2.s2, 'Mira', '2026-03-09T10:00:00Z', '2026-03-09');
    await done(d, s1.sweep, 'Dana', '2026-03-10T07:00:00Z', '2026-03-10');
    week = { projectId: d.user.projectId, from: '2026-03-04', to: '2026-03-10' };
  });

  const rounded = <T extends { key: string; minutes: number }>(rows: T[]) =>
    [...rows].sort((x, y) => x.key.localeCompare(y.key)).map((r) => ({ ...r, minutes: Math.round(r.minutes * 1e6) / 1e6 }));
  const summedNow = async () => rounded(sumWorkerDays(await workersInPeriod(ctx.database.reportsDb, week)));
  const read = async () => rounded(await workersOfPeriod(ctx.app, week));
  const marks = async () =>
    (
      await run(sql`select to_char(work_date, 'YYYY-MM-DD') as day, gen::int as gen, summed_gen = gen as fresh from worker_day_marks
         where project_id = ${week.projectId} order by work_date`)
    ).map((r) => ({ day: String(r.day), gen: Number(r.gen), fresh: r.fresh === true }));

  it('stores the days before yesterday on the first read and reads them from there after', async () => {
    const expected = await summedNow();
    expect(expected.map((w) => [w.key, w.completed, w.units])).toEqual([
      ['dana', 4, 1],
      ['mira', 3, 2],
    ]);
    expect(await read()).toEqual(expected);
    expect((await marks()).map((m) => [m.day, m.fresh])).toEqual([
      ...['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'].map((day) => [day, true]),
      // Marked by their writes (the test's clock is months behind the database's), not stored.
      ['2026-03-09', false],
      ['2026-03-10', false],
    ]);
    // What is stored is what is read: a stored day changed by hand shows.
    await run(sql`update worker_days set completed = completed + 100 where project_id = ${week.projectId} and work_date = '2026-03-04'`);
    expect((await read()).find((w) => w.key === 'dana')?.completed).toBe(104);
    await run(sql`update worker_days set completed = completed - 100 where project_id = ${week.projectId} and work_date = '2026-03-04'`);
    expect(await read()).toEqual(expected);
  });

  // Each write changes the answer, and the stored days must follow it.
  const writes: [string, () => Promise<unknown>][] = [
    ['a stage done late, on a day that is over', () => done(d, s1.sweep, 'Yossi', '2026-03-05T05:00:00Z', '2026-03-05')],
    ['a sign-in on a day that is over', () => signIn(d, s1.s3.unitId, 'Mira', '2026-03-05T07:30:00Z', '2026-03-05')],
    [
      'a photo added to a stage',
      () => run(sql`update task_completions set photo_url = '/objects/photos/late.jpg' where task_id = ${s2.s1.id}`),
    ],
    [
      'an earlier stage undone, which leaves a later one out of order on another day',
      () => run(sql`update task_completions set reopened_at = now(), reopened_as = 'undone' where task_id = ${s1.s1.id}`),
    ],
    ['an estimate changed', () => run(sql`update tasks set estimated_minutes = 45 where id = ${s1.sweep.id}`)],
    ['a stage added before one done', () => stages(d, s2.s1.unitId, [{ name: 's0', sortOrder: 0, estimatedMinutes: 15 }])],
    [
      // Its own day and the later day of the stage after it, which it puts in order.
      'that stage done late, on a day before the stages after it',
      async () => {
        const [s0] = await ctx.database.db
          .select()
          .from(tasks)
          .where(and(eq(tasks.unitId, s2.s1.unitId), eq(tasks.name, 's0')));
        await done(d, s0!, 'Mira', '2026-03-04T09:00:00Z', '2026-03-04');
      },
    ],
    ['that stage removed', () => run(sql`delete from tasks where unit_id = ${s2.s1.unitId} and name = 's0'`)],
    ['stages moved', () => run(sql`update tasks set sort_order = 10 - sort_order where unit_id = ${s1.s1.unitId} and recurrence = 'once'`)],
    // Only the days of the stages done after it, which it leaves out of order.
    ['a stage not done moved before the ones done', () => run(sql`update tasks set sort_order = 0 where id = ${s1.s1.id}`)],
    ['a name written another way', () => run(sql`update task_completions set worker_name = 'Miriam' where task_id = ${s1.s3.id}`)],
  ];
  for (const [what, write] of writes) {
    it(`follows ${what}`, async () => {
      const before = await summedNow();
      expect(await read()).toEqual(before);
      await write();
      const after = await summedNow();
      expect(after, 'the write changes the figures').not.toEqual(before);
      expect(await read()).toEqual(after);
    });
  }

  it('leaves the marks alone on a review, and never stores a day summed before a later write', async () => {
    await read();
    const standing = await marks();
    await run(sql`update task_completions set review_status = 'accepted' where project_id = ${week.projectId}`);
    expect(await marks()).toEqual(standing);
    // A read that summed the 7th before a write to it must not store what it summed.
    const seventh = standing.find((m) => m.day === '2026-03-07')!;
    await done(d, s1.sweep, 'Late', '2026-03-07T04:00:00Z', '2026-03-07');
    const stale = sumWorkerDays(await workersInPeriod(ctx.database.reportsDb, { ...week, from: '2026-03-07', to: '2026-03-07' }));
    expect(stale.some((w) => w.key === 'late')).toBe(true);
    expect(await storeWorkerDays(ctx.database.reportsDb, week.projectId, new Map([['2026-03-07', seventh.gen]]), [])).toEqual([]);
    expect((await read()).some((w) => w.key === 'late')).toBe(true);
  });

  it('touches no mark for what is done today, and lets a project with stored days be deleted', async () => {
    const e = await registerAndLogin(ctx.app);
    const u = await unit(e, 'E1', 1);
    const s = await stages(e, u, [{ name: 'e1', sortOrder: 1, estimatedMinutes: 10 }]);
    const today = new Date().toISOString().slice(0, 10);
    await done(e, s.e1, 'Dana', new Date().toISOString(), today);
    const count = async (projectId: string) =>
      Number((await run(sql`select count(*) as n from worker_day_marks where project_id = ${projectId}`))[0].n);
    expect(await count(e.user.projectId)).toBe(0);
    await run(sql`delete from projects where id = ${week.projectId}`);
    expect(await count(week.projectId)).toBe(0);
  });
});
