import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CleaningStats, EmployeePerformance } from '#contract/insight.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { newDeviceId, seedStages } from '../schedules/test-support.ts';

/**
 * The quality loop's numbers (docs/product.md "Statistics" and "Employee performance"): first-time
 * quality, stages sent back per stage name, and sent-back stages in the rating, against answers
 * worked out by hand. Project time zone Asia/Jerusalem (UTC+2 in March): the clock stands at
 * 2026-03-10 12:00 local, so "today" is 2026-03-10.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-03-10T10:00:00Z') });
});
afterAll(async () => ctx?.close());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;

const TODAY = new Date('2026-03-10T10:00:00Z');
const YESTERDAY = new Date('2026-03-09T10:00:00Z');
const newDevice = () => newDeviceId('phone');
const advance = (minutes: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + minutes * 60_000);
};

/** A project with the named once-stages scheduled, in that order, on each unit; tasks by unit number and name. */
const seed = (numbers: string[], names: string[]) =>
  seedStages(
    ctx.app,
    numbers.map((number) => ({ number })),
    names,
  );

async function complete(taskId: string, workerName: string, device = newDevice()) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/scheduled-tasks-complete/${taskId}`,
    headers: { 'x-shalav-device': device },
    payload: { workerName },
  });
  expect(res.statusCode, res.body).toBe(200);
  advance(1);
}
async function undo(taskId: string, device: string) {
  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/scheduled-tasks-complete/${taskId}`,
    headers: { 'x-shalav-device': device },
  });
  expect(res.statusCode, res.body).toBe(200);
  advance(1);
}
async function accept(owner: Owner, taskId: string) {
  const res = await owner.as({ method: 'PUT', url: `/api/scheduled-tasks/${taskId}/review`, payload: { decision: 'accepted' } });
  expect(res.statusCode, res.body).toBe(200);
  advance(1);
}
async function reject(owner: Owner, taskId: string) {
  const res = await owner.as({
    method: 'PUT',
    url: `/api/scheduled-tasks/${taskId}/review`,
    payload: { decision: 'rejected', reason: 'Grout missing' },
  });
  expect(res.statusCode, res.body).toBe(200);
  advance(1);
}
async function statsOf(owner: Owner, days: number) {
  const res = await owner.as({ method: 'GET', url: `/api/stats/cleaning?days=${days}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CleaningStats;
}

describe('GET /api/stats/cleaning: first-time quality and stages sent back', () => {
  let owner: Owner;
  beforeAll(async () => {
    const seeded = await seed(['1', '2'], ['Tiling', 'Plaster', 'Paint']);
    owner = seeded.owner;
    const t = seeded.tasks;
    // Yesterday: unit 2's Paint sent back, and left so: outside today, inside the last 7 days.
    ctx.clock.now = YESTERDAY;
    await complete(t['2'].Paint, 'Dana');
    await reject(owner, t['2'].Paint);
    ctx.clock.now = TODAY;
    // Today: three stages accepted at their first review, one sent back then accepted.
    await complete(t['1'].Tiling, 'Yossi');
    await accept(owner, t['1'].Tiling);
    await complete(t['1'].Plaster, 'Yossi');
    await accept(owner, t['1'].Plaster);
    await complete(t['2'].Tiling, 'Yossi');
    await accept(owner, t['2'].Tiling);
    await complete(t['2'].Plaster, 'Dana');
    await reject(owner, t['2'].Plaster);
    await complete(t['2'].Plaster, 'Dana');
    await accept(owner, t['2'].Plaster);
    // Accepted, then undone by its phone: an undone completion counts nowhere.
    const phone = newDevice();
    await complete(t['1'].Paint, 'Yossi', phone);
    await accept(owner, t['1'].Paint);
    await undo(t['1'].Paint, phone);
  });

  it('is the share, one decimal, of the stages last reviewed in the period that were accepted at their first review', async () => {
    // Today: 4 stages reviewed (unit 1 Tiling, Plaster; unit 2 Tiling, Plaster), 3 accepted first time.
    expect(await statsOf(owner, 1)).toMatchObject({ firstTimeQuality: 75, reviewedStages: 4 });
    // Seven days: yesterday's Paint, sent back and not reviewed since, is a fifth: 3 of 5.
    expect(await statsOf(owner, 7)).toMatchObject({ firstTimeQuality: 60, reviewedStages: 5 });
  });

  it('counts the rejections given in the period per stage name, most first', async () => {
    expect((await statsOf(owner, 1)).sentBack).toEqual([{ taskName: 'Plaster', sentBack: 1 }]);
    expect((await statsOf(owner, 7)).sentBack).toEqual([
      { taskName: 'Paint', sentBack: 1 },
      { taskName: 'Plaster', sentBack: 1 },
    ]);
  });

  it('is null, with nothing sent back, in a project where nothing was reviewed', async () => {
    const { owner: fresh, tasks } = await seed(['1'], ['Tiling']);
    await complete(tasks['1'].Tiling, 'Yossi');
    expect(await statsOf(fresh, 30)).toMatchObject({ firstTimeQuality: null, reviewedStages: 0, sentBack: [] });
  });

  it('rounds to one decimal: 2 of 3 is 66.7', async () => {
    const { owner: other, tasks } = await seed(['1'], ['A', 'B', 'C']);
    await complete(tasks['1'].A, 'Yossi');
    await accept(other, tasks['1'].A);
    await complete(tasks['1'].B, 'Yossi');
    await accept(other, tasks['1'].B);
    await complete(tasks['1'].C, 'Yossi');
    await reject(other, tasks['1'].C);
    expect(await statsOf(other, 1)).toMatchObject({
      firstTimeQuality: 66.7,
      reviewedStages: 3,
      sentBack: [{ taskName: 'C', sentBack: 1 }],
    });
  });
});

describe('GET /api/employee-performance: sent-back stages in the rating', () => {
  it('counts a sent-back stage as a stage that scored 0, and an undone one not at all', async () => {
    ctx.clock.now = TODAY;
    const { owner, tasks } = await seed(['1', '2'], ['S1', 'S2', 'S3', 'S4']);
    const u1 = tasks['1'];
    await complete(u1.S1, 'Ana');
    await complete(u1.S2, 'Ben');
    await reject(owner, u1.S2);
    await complete(u1.S2, 'Ana');
    await complete(u1.S3, 'Ben');
    const phone = newDevice();
    await complete(u1.S4, 'Ben', phone);
    await undo(u1.S4, phone);
    // Carl's only stage was sent back: he is ranked, with nothing done.
    await complete(tasks['2'].S1, 'Carl');
    await reject(owner, tasks['2'].S1);
    const res = await owner.as({ method: 'GET', url: '/api/employee-performance?range=today' });
    expect(res.statusCode, res.body).toBe(200);
    // Scores (no photos, all in order, ½ each): Ana S1, S2 = 1; Ben S3 = 0.5; Carl none. Judged stages:
    // Ana 2, Ben 1 + 1 sent back, Carl 0 + 1 sent back (Ben's undone S4 nowhere) = 5; average 1.5 / 5 = 0.3.
    // Rating 5 × (score + 5 × 0.3) ÷ (judged + 5): Ana 5 × 2.5 / 7 = 1.8; Ben 5 × 2 / 7 = 1.4; Carl 5 × 1.5 / 6 = 1.3.
    // Without the penalty Ana and Ben would both have 2.5.
    const { employees } = res.json() as EmployeePerformance;
    expect(employees.map((e) => [e.name, e.tasksCompleted, e.roomsCleaned, e.rating, e.efficiency])).toEqual([
      ['Ana', 2, 1, 1.8, expect.any(Number)],
      ['Ben', 1, 1, 1.4, expect.any(Number)],
      ['Carl', 0, 0, 1.3, 0],
    ]);
  });
});
