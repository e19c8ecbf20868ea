import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CleaningStats, EmployeePerformance, KpiMetrics } from '#contract/insight.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { newDeviceId, seedStages } from '../schedules/test-support.ts';

/**
 * Statistics, employee performance and KPI are computed once per change of the project and shared
 * by every manager who asks meanwhile (docs/decisions/037-reads-that-stay-fast.md), and every
 * change a worker or a manager makes is in the next answer.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-03-10T10:00:00Z') });
});
afterAll(async () => ctx?.close());

type Seeded = Awaited<ReturnType<typeof seedStages>>;
type Owner = Seeded['owner'];

const get = async <T>(owner: Owner, url: string) => {
  const res = await owner.as({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const stats = (o: Owner) => get<CleaningStats>(o, '/api/stats/cleaning?days=7');
const performance = (o: Owner) => get<EmployeePerformance>(o, '/api/employee-performance?range=week');
const kpi = (o: Owner) => get<KpiMetrics>(o, '/api/kpi-metrics?range=week');

async function complete(taskId: string, workerName: string) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/scheduled-tasks-complete/${taskId}`,
    headers: { 'x-shalav-device': newDeviceId('phone') },
    payload: { workerName },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('reports shared between managers', () => {
  let a: Seeded;
  beforeAll(async () => {
    a = await seedStages(ctx.app, [{ number: 'A1' }, { number: 'A2' }], ['Plaster', 'Paint']);
    await complete(a.tasks.A1.Plaster, 'Dana');
  });

  it('computes statistics once for eight managers asking at once', async () => {
    expect((await stats(a.owner)).completedTasks).toBe(1);
    await complete(a.tasks.A1.Paint, 'Dana'); // a change: the next answer is computed again
    const before = ctx.database.stats.queries;
    const answers = await Promise.all(Array.from({ length: 8 }, () => stats(a.owner)));
    expect(answers.every((s) => s.completedTasks === 2)).toBe(true);
    // Eight session checks (at most two statements each) and one computation (seven statements),
    // not eight computations side by side.
    expect(ctx.database.stats.queries - before).toBeLessThanOrEqual(8 * 2 + 7);
  });

  it("shows a worker's completion and a manager's rejection in the next answer", async () => {
    const before = await stats(a.owner);
    const ranked = await performance(a.owner);
    await complete(a.tasks.A2.Plaster, 'Yossi');
    const after = await stats(a.owner);
    expect(after.completedTasks).toBe(before.completedTasks + 1);
    expect(after.topCleaners.map((w) => w.cleanerName)).toContain('Yossi');
    expect((await performance(a.owner)).employees.length).toBe(ranked.employees.length + 1);
    expect((await kpi(a.owner)).totalCompleted).toBe(after.completedTasks);

    const sent = await a.owner.as({
      method: 'PUT',
      url: `/api/scheduled-tasks/${a.tasks.A2.Plaster}/review`,
      payload: { decision: 'rejected', reason: 'Cracks' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const rejected = await stats(a.owner);
    expect(rejected.completedTasks).toBe(before.completedTasks);
    expect(rejected.sentBack).toEqual([{ taskName: 'Plaster', sentBack: 1 }]);
    expect((await kpi(a.owner)).totalCompleted).toBe(before.completedTasks);
  });

  it('shares work tracking, the progress matrix, the review list, shortages and measurements the same way', async () => {
    type Page = { counts: { completed: number; pending: number } };
    type Named = { name: string }[];
    const screens = ['/api/scheduled-tasks', '/api/progress-matrix', '/api/reviews?status=pending', '/api/shortages', '/api/measurements'];
    const read = () => Promise.all(screens.map((url) => get<unknown>(a.owner, url)));
    const first = await read();
    const before = ctx.database.stats.queries;
    const again = await Promise.all(Array.from({ length: 8 }, read));
    expect(again.every((answers) => JSON.stringify(answers) === JSON.stringify(first))).toBe(true);
    // A session check each and nothing else: the test's clock stands still, so no session is touched
    // (a second statement), and one screen computed again would add its own.
    expect(ctx.database.stats.queries - before).toBeLessThanOrEqual(8 * screens.length);
    await complete(a.tasks.A2.Paint, 'Dana');
    for (const [url, payload] of [
      ['/api/shortages', { name: 'Tiles', quantity: 4 }],
      ['/api/measurements', { name: 'Window', quantity: 1, height: 1200, width: 900 }],
    ] as const) {
      const made = await a.owner.as({ method: 'POST', url, payload });
      expect(made.statusCode, made.body).toBe(201);
    }
    const [page, , reviews, shortages, measurements] = (await read()) as [Page, unknown, { items: { taskId: string }[] }, Named, Named];
    expect(page.counts.completed).toBe((first[0] as Page).counts.completed + 1);
    expect(reviews.items.map((i) => i.taskId)).toContain(a.tasks.A2.Paint);
    expect(shortages.map((r) => r.name)).toEqual(['Tiles']);
    expect(measurements.map((r) => r.name)).toEqual(['Window']);
  });

  it('keeps each range and each project apart', async () => {
    const b = await seedStages(ctx.app, [{ number: 'B1' }], ['Tiles']);
    expect((await stats(b.owner)).completedTasks).toBe(0);
    expect((await stats(a.owner)).completedTasks).toBeGreaterThan(0);
    await complete(b.tasks.B1.Tiles, 'Avi');
    expect((await stats(b.owner)).topCleaners.map((w) => w.cleanerName)).toEqual(['Avi']);
    expect((await stats(a.owner)).topCleaners.map((w) => w.cleanerName)).not.toContain('Avi');
    const today = await get<EmployeePerformance>(b.owner, '/api/employee-performance?range=today');
    const month = await get<EmployeePerformance>(b.owner, '/api/employee-performance?range=month');
    expect(today.employees.map((e) => e.name)).toEqual(['Avi']);
    expect(month.employees.map((e) => e.name)).toEqual(['Avi']);
    const days1 = await get<CleaningStats>(b.owner, '/api/stats/cleaning?days=1');
    const days30 = await get<CleaningStats>(b.owner, '/api/stats/cleaning?days=30');
    expect([days1.perDay.length, days30.perDay.length]).toEqual([1, 30]);
  });

  it('computes the day again when the project’s day changes', async () => {
    const saved = ctx.clock.now;
    ctx.clock.now = new Date('2026-03-10T21:50:00Z'); // 23:50 in Jerusalem
    try {
      const c = await seedStages(ctx.app, [{ number: 'C1' }], ['Roof']);
      await complete(c.tasks.C1.Roof, 'Dana');
      expect((await get<CleaningStats>(c.owner, '/api/stats/cleaning?days=1')).completedTasks).toBe(1);
      ctx.clock.now = new Date('2026-03-10T22:10:00Z'); // 00:10: a new day, nothing done yet
      expect((await get<CleaningStats>(c.owner, '/api/stats/cleaning?days=1')).completedTasks).toBe(0);
    } finally {
      ctx.clock.now = saved;
    }
  });
});
