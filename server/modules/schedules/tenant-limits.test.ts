import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, WRITE_CHUNK_ROWS } from '#contract/limits.ts';
import type { Room } from '#contract/rooms.ts';
import { tasks, units } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';

/** What one tenant may ask at once (docs/decisions/014-tenant-limits.md). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type As = Awaited<ReturnType<typeof registerAndLogin>>['as'];
const labels = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const bulk = (as: As, numbers: string[]) =>
  as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms: numbers.map((number) => ({ number })) } });
const roomsOf = async (as: As) => (await as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
const schedule = (as: As, payload: Record<string, unknown>) => as({ method: 'POST', url: '/api/task-schedules', payload });
const named = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i + 1}` }));
const taskCount = async (projectId: string) =>
  (await ctx.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.projectId, projectId))).length;

describe('limits per request and per project', () => {
  it('refuses a schedule of more than 100,000 tasks (units × tasks) with a 400 naming the limit, writing nothing', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const unitIds = Array.from({ length: Math.floor(LIMITS.taskRowsPerSchedule / 100) + 1 }, () => randomUUID());
    const res = await schedule(as, { roomIds: unitIds, taskTemplates: named('T', 100) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('at most 100,000 tasks');
    expect(await taskCount(user.projectId)).toBe(0);
  });

  it('names the limit when a request carries too many units or tasks', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const many = await schedule(as, {
      roomIds: Array.from({ length: LIMITS.unitsPerSchedule + 1 }, () => randomUUID()),
      taskTemplates: named('T', 1),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain(`at most ${LIMITS.unitsPerSchedule} units`);
    const longList = await schedule(as, { roomId: randomUUID(), taskTemplates: named('T', LIMITS.tasksPerSchedule + 1) });
    expect(longList.statusCode).toBe(400);
    expect(longList.json().message).toContain(`at most ${LIMITS.tasksPerSchedule} tasks`);
  });

  it('accepts exactly the maximum: 100 tasks in one schedule, and 100,000 units × tasks pass the row limit', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    expect((await bulk(as, ['M1'])).statusCode).toBe(200);
    const [unit] = await roomsOf(as);
    const full = await schedule(as, { roomId: unit.id, taskTemplates: named('T', LIMITS.tasksPerSchedule) });
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({ tasksCreated: LIMITS.tasksPerSchedule });
    expect(await taskCount(user.projectId)).toBe(LIMITS.tasksPerSchedule);
    // Exactly units × tasks = 100,000 is not refused by the row limit: the (unknown) units are what is refused.
    const rows = await schedule(as, {
      roomIds: Array.from({ length: LIMITS.taskRowsPerSchedule / LIMITS.tasksPerSchedule }, () => randomUUID()),
      taskTemplates: named('R', LIMITS.tasksPerSchedule),
    });
    expect([rows.statusCode, rows.json().code]).toEqual([404, 'units_not_found']);
  });

  it('keeps a unit at 100 tasks at most: a schedule that would pass it answers 422 and writes nothing', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    expect((await bulk(as, ['U1', 'U2'])).statusCode).toBe(200);
    const [u1, u2] = await roomsOf(as);
    expect((await schedule(as, { roomId: u1.id, taskTemplates: named('A', 95) })).statusCode).toBe(201);

    const over = await schedule(as, { roomIds: [u1.id, u2.id], taskTemplates: named('B', 6) });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('A unit can carry at most 100 tasks: 1 of the chosen units would have more');
    expect(await taskCount(user.projectId)).toBe(95);

    // Names the unit already has add nothing: 5 new + 5 repeated brings it to exactly 100.
    const fits = await schedule(as, { roomIds: [u1.id, u2.id], taskTemplates: [...named('A', 5), ...named('B', 5)] });
    expect(fits.statusCode).toBe(201);
    expect(fits.json()).toMatchObject({ tasksCreated: 5 + 10, tasksSkipped: 5 });
    expect(await taskCount(user.projectId)).toBe(110);
  });

  it(`keeps a project at ${LIMITS.unitsPerProject} units: the generator and the single add answer 422 past it, writing nothing`, async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const first = await bulk(as, labels('A', LIMITS.unitsPerProject - 1));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: LIMITS.unitsPerProject - 1, skipped: 0 });

    const over = await bulk(as, ['B1', 'B2', 'A1']);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(`A project can have at most ${LIMITS.unitsPerProject} units`);
    // Labels that exist already do not count against the limit.
    expect((await bulk(as, ['B1', 'A1'])).json()).toMatchObject({ created: 1, skipped: 1 });
    const single = await as({ method: 'POST', url: '/api/rooms', payload: { number: 'C1' } });
    expect(single.statusCode).toBe(422);
    const count = await ctx.database.db.select({ id: units.id }).from(units).where(eq(units.projectId, user.projectId));
    expect(count).toHaveLength(LIMITS.unitsPerProject);
  });
});

describe('one tenant cannot hold the database', () => {
  it("answers another tenant's worker while the largest schedule is written in chunks", async () => {
    const big = await registerAndLogin(ctx.app);
    const unitCount = 2000;
    expect((await bulk(big.as, labels('W', unitCount))).statusCode).toBe(200);
    const unitIds = (await roomsOf(big.as)).map((r) => r.id);
    const stages = named('Stage ', 10);

    const other = await registerAndLogin(ctx.app);
    expect((await bulk(other.as, ['101'])).statusCode).toBe(200);
    const [unit] = await roomsOf(other.as);
    await schedule(other.as, { roomId: unit.id, taskTemplates: named('S', 7) });

    const statementsBefore = ctx.database.stats.queries;
    let done = false;
    const t0 = performance.now();
    const job = schedule(big.as, { roomIds: unitIds, taskTemplates: stages }).finally(() => (done = true));
    const latencies: number[] = [];
    // A worker's phone polling its list every few milliseconds (bounded, in case the job never ends).
    while (!done && latencies.length < 500) {
      const t = performance.now();
      const headers = { 'x-forwarded-for': `198.19.0.${(latencies.length % 200) + 1}` };
      const res = await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${unit.id}`, headers });
      expect(res.statusCode).toBe(200);
      if (!done) latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await job;
    const total = performance.now() - t0;
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tasksCreated: unitCount * stages.length, tasksSkipped: 0 });
    expect(await taskCount(big.user.projectId)).toBe(unitCount * stages.length);
    // Written as (units × tasks) / WRITE_CHUNK_ROWS statements, not one…
    expect(ctx.database.stats.queries - statementsBefore).toBeGreaterThanOrEqual((unitCount * stages.length) / WRITE_CHUNK_ROWS);
    // …and the other tenant got answers all along, each within a fraction of the whole job.
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(total / 2);
  });
});
