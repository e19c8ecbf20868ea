import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taskCompletions } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { newDeviceId, seedStages, signInMember } from './test-support.ts';

/** The review queue's count and bulk accept (docs/decisions/029-quality-loop.md). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type As = Awaited<ReturnType<typeof registerAndLogin>>['as'];
const newDevice = () => newDeviceId('queue');

/** A project with one unit per number and the named stages on each; tasks by unit number and name. */
const seed = (numbers: string[], names: string[]) =>
  seedStages(
    ctx.app,
    numbers.map((number) => ({ number })),
    names,
  );

const complete = (taskId: string, device = newDevice()) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/scheduled-tasks-complete/${taskId}`,
    headers: { 'x-shalav-device': device },
    payload: { workerName: 'Yossi Cohen' },
  });
const undo = (taskId: string, device: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/scheduled-tasks-complete/${taskId}`, headers: { 'x-shalav-device': device } });
const count = async (as: As) => {
  const res = await as({ method: 'GET', url: '/api/reviews/count' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { pending: number }).pending;
};
const accept = (as: As, items: { taskId: string; date?: string }[], headers: Record<string, string> = {}) =>
  as({ method: 'POST', url: '/api/reviews/accept', payload: { items }, headers });
const statusOf = async (taskId: string) =>
  (await ctx.database.db.select().from(taskCompletions).where(eq(taskCompletions.taskId, taskId))).map((c) => c.reviewStatus);

describe('GET /api/reviews/count', () => {
  it('counts the project’s completions waiting for review: not undone, accepted or sent back ones, nor another project’s', async () => {
    const { owner, tasks } = await seed(['1', '2'], ['Tiling', 'Paint']);
    const other = await seed(['9'], ['Tiling']);
    expect(await count(owner.as)).toBe(0);
    for (const n of ['1', '2']) for (const name of ['Tiling', 'Paint']) expect((await complete(tasks[n][name])).statusCode).toBe(200);
    expect((await complete(other.tasks['9'].Tiling)).statusCode).toBe(200);
    expect(await count(owner.as)).toBe(4);
    expect(await count(other.owner.as)).toBe(1);
    const phone = newDevice();
    const done = await seed(['5'], ['Tiling']);
    expect((await complete(done.tasks['5'].Tiling, phone)).statusCode).toBe(200);
    expect((await undo(done.tasks['5'].Tiling, phone)).statusCode).toBe(200);
    expect(await count(done.owner.as)).toBe(0);
    const review = (taskId: string, payload: Record<string, unknown>) =>
      owner.as({ method: 'PUT', url: `/api/scheduled-tasks/${taskId}/review`, payload });
    expect((await review(tasks['1'].Tiling, { decision: 'accepted' })).statusCode).toBe(200);
    expect((await review(tasks['1'].Paint, { decision: 'rejected', reason: 'Dirty' })).statusCode).toBe(200);
    expect(await count(owner.as)).toBe(2);
  });

  it('is for managers and admins: a worker account gets 403', async () => {
    const { owner } = await seed(['1'], ['Tiling']);
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    const manager = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'manager');
    expect((await cleaner({ method: 'GET', url: '/api/reviews/count' })).statusCode).toBe(403);
    expect(await count(manager)).toBe(0);
  });
});

describe('POST /api/reviews/accept', () => {
  it('accepts each completed stage and says per item what happened: accepted, already, not completed, not found', async () => {
    const { owner, tasks } = await seed(['1', '2'], ['Tiling', 'Paint']);
    const other = await seed(['9'], ['Tiling']);
    const foreign = other.tasks['9'].Tiling;
    for (const taskId of [tasks['1'].Tiling, tasks['1'].Paint, tasks['2'].Tiling, foreign])
      expect((await complete(taskId)).statusCode).toBe(200);
    expect(
      (await owner.as({ method: 'PUT', url: `/api/scheduled-tasks/${tasks['1'].Paint}/review`, payload: { decision: 'accepted' } }))
        .statusCode,
    ).toBe(200);
    const res = await accept(owner.as, [
      { taskId: tasks['1'].Tiling },
      { taskId: tasks['1'].Paint },
      { taskId: tasks['2'].Paint },
      { taskId: foreign },
      { taskId: 'nonsense' },
      { taskId: tasks['2'].Tiling },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { taskId: tasks['1'].Tiling, outcome: 'accepted' },
        { taskId: tasks['1'].Paint, outcome: 'already' },
        { taskId: tasks['2'].Paint, outcome: 'not_completed' },
        { taskId: foreign, outcome: 'not_found' },
        { taskId: 'nonsense', outcome: 'not_found' },
        { taskId: tasks['2'].Tiling, outcome: 'accepted' },
      ],
    });
    expect(await statusOf(tasks['1'].Tiling)).toEqual(['accepted']);
    expect(await statusOf(tasks['2'].Tiling)).toEqual(['accepted']);
    expect(await statusOf(tasks['2'].Paint)).toEqual([]);
    expect(await statusOf(foreign)).toEqual(['pending']);
    expect(await count(owner.as)).toBe(0);
    expect(await count(other.owner.as)).toBe(1);
    const again = await accept(owner.as, [{ taskId: tasks['1'].Tiling }]);
    expect(again.json()).toEqual({ results: [{ taskId: tasks['1'].Tiling, outcome: 'already' }] });
  });

  it('replays the answer for a repeated Idempotency-Key', async () => {
    const { owner, tasks } = await seed(['1'], ['Tiling']);
    expect((await complete(tasks['1'].Tiling)).statusCode).toBe(200);
    const key = `accept-${process.pid}-${Date.now()}`;
    const first = await accept(owner.as, [{ taskId: tasks['1'].Tiling }], { 'idempotency-key': key });
    const second = await accept(owner.as, [{ taskId: tasks['1'].Tiling }], { 'idempotency-key': key });
    expect(first.json()).toEqual({ results: [{ taskId: tasks['1'].Tiling, outcome: 'accepted' }] });
    expect(second.json()).toEqual(first.json());
  });

  it('refuses a worker account with 403 and writes nothing', async () => {
    const { owner, tasks } = await seed(['1'], ['Tiling']);
    expect((await complete(tasks['1'].Tiling)).statusCode).toBe(200);
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    expect((await accept(cleaner, [{ taskId: tasks['1'].Tiling }])).statusCode).toBe(403);
    expect(await statusOf(tasks['1'].Tiling)).toEqual(['pending']);
  });

  it('refuses an empty selection, more than 100 items and a bad date with 400', async () => {
    const { owner, tasks } = await seed(['1'], ['Tiling']);
    expect((await complete(tasks['1'].Tiling)).statusCode).toBe(200);
    const many = Array.from({ length: 101 }, () => ({ taskId: tasks['1'].Tiling }));
    for (const items of [[], many, [{ taskId: tasks['1'].Tiling, date: '2026-13-40' }]]) {
      const res = await accept(owner.as, items);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const missing = await owner.as({ method: 'POST', url: '/api/reviews/accept', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(await statusOf(tasks['1'].Tiling)).toEqual(['pending']);
  });
});
