import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressMatrix } from '#contract/progress-matrix.ts';
import type { StageReview } from '#contract/review-state.ts';
import { EXPORT_WORDS } from '#contract/export-words.ts';
import type { RoomDetails } from '#contract/rooms.ts';
import type { ScheduledTasksPage } from '#contract/schedules.ts';
import { csvLines } from '../../lib/xlsx-test-support.ts';
import { createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { seedStages } from './test-support.ts';

/**
 * Every manager screen shows each stage's review state (docs/decisions/029-quality-loop.md): unit
 * details (the map's dialog and the handover report read the same route), work tracking and its
 * export, and the progress matrix.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
type As = Owner['as'];

const advance = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};

/** A project with one unit and the named stages on it. */
async function seed(names: string[], recurrence: 'once' | 'daily' = 'once') {
  const { owner, units, tasks } = await seedStages(ctx.app, [{ number: '7', floor: 0 }], names, recurrence);
  return { owner, unit: units['7'], tasks: tasks['7'] };
}

const complete = async (taskId: string) => {
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/scheduled-tasks-complete/${taskId}`, payload: { workerName: 'Dana' } });
  expect(res.statusCode, res.body).toBe(200);
};
const review = async (as: As, taskId: string, payload: Record<string, unknown>) => {
  const res = await as({ method: 'PUT', url: `/api/scheduled-tasks/${taskId}/review`, payload });
  expect(res.statusCode, res.body).toBe(200);
};

/** The review state of every stage, by name, as each screen reads it. */
async function statesOf(as: As, unitId: string, query = '') {
  const details = await as({ method: 'GET', url: `/api/dashboard/room-details/${unitId}${query}` });
  expect(details.statusCode, details.body).toBe(200);
  const tracking = await as({ method: 'GET', url: '/api/scheduled-tasks' });
  expect(tracking.statusCode, tracking.body).toBe(200);
  const matrix = await as({ method: 'GET', url: '/api/progress-matrix' });
  expect(matrix.statusCode, matrix.body).toBe(200);
  const m = matrix.json() as ProgressMatrix;
  const [row] = m.units;
  return {
    details: Object.fromEntries((details.json() as RoomDetails).tasks.map((t) => [t.name, t.review])),
    tracking: Object.fromEntries((tracking.json() as ScheduledTasksPage).items.map((t) => [t.name, t.review])),
    matrix: Object.fromEntries(m.stages.map((s, i) => [s.name, row.cells[i].review])),
  };
}

/** The export's Review column by task name, in a language. */
async function exportedReviews(as: As, lang: string): Promise<Record<string, string>> {
  const res = await as({ method: 'GET', url: `/api/scheduled-tasks/export?format=csv&lang=${lang}` });
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = csvLines(res.body);
  const words = EXPORT_WORDS[lang as keyof typeof EXPORT_WORDS].scheduledTasks.columns;
  const column = header.indexOf(words.review);
  expect(column).toBeGreaterThan(-1);
  return Object.fromEntries(rows.map((r) => [r[header.indexOf(words.task)], r[column]]));
}

const awaiting: StageReview = { state: 'awaiting', reason: null };
const accepted: StageReview = { state: 'accepted', reason: null };
const sentBack = (reason: string): StageReview => ({ state: 'sent_back', reason });

describe('review state on every screen', () => {
  it('follows a stage through complete, accept, reject and complete again', async () => {
    const { owner, unit, tasks } = await seed(['Plaster', 'Paint', 'Tiles']);
    const everywhere = (states: Record<string, StageReview | null>) => ({ details: states, tracking: states, matrix: states });

    expect(await statesOf(owner.as, unit.id)).toEqual(everywhere({ Plaster: null, Paint: null, Tiles: null }));

    await complete(tasks.Plaster);
    await complete(tasks.Paint);
    expect(await statesOf(owner.as, unit.id)).toEqual(everywhere({ Plaster: awaiting, Paint: awaiting, Tiles: null }));

    advance(60_000);
    await review(owner.as, tasks.Plaster, { decision: 'accepted' });
    await review(owner.as, tasks.Paint, { decision: 'rejected', reason: 'Stains on the north wall' });
    expect(await statesOf(owner.as, unit.id)).toEqual(
      everywhere({ Plaster: accepted, Paint: sentBack('Stains on the north wall'), Tiles: null }),
    );
    const en = EXPORT_WORDS.en.reviewState;
    expect(await exportedReviews(owner.as, 'en')).toEqual({
      Plaster: en.accepted,
      Paint: `${en.sent_back}: Stains on the north wall`,
      Tiles: '',
    });
    const ru = EXPORT_WORDS.ru.reviewState;
    expect(await exportedReviews(owner.as, 'ru')).toMatchObject({
      Plaster: ru.accepted,
      Paint: `${ru.sent_back}: Stains on the north wall`,
    });

    // Completed again: a new round, awaiting review; the rejection no longer shows.
    advance(60_000);
    await complete(tasks.Paint);
    expect(await statesOf(owner.as, unit.id)).toEqual(everywhere({ Plaster: accepted, Paint: awaiting, Tiles: null }));
    expect(await exportedReviews(owner.as, 'he')).toEqual({
      Plaster: EXPORT_WORDS.he.reviewState.accepted,
      Paint: EXPORT_WORDS.he.reviewState.awaiting,
      Tiles: '',
    });

    // Sent back a second time: the latest reason shows.
    advance(60_000);
    await review(owner.as, tasks.Paint, { decision: 'rejected', reason: 'Second coat missing' });
    const latest = await statesOf(owner.as, unit.id);
    expect(latest.details.Paint).toEqual(sentBack('Second coat missing'));
    expect(latest.tracking.Paint).toEqual(sentBack('Second coat missing'));
    expect(latest.matrix.Paint).toEqual(sentBack('Second coat missing'));
  });

  it('shows the stage sent back again when its re-completion is undone, with the reason of the latest rejection', async () => {
    const { owner, unit, tasks } = await seed(['Paint']);
    const phone = `phone-${process.pid}-000001-review`;
    const send = (method: 'PUT' | 'DELETE') =>
      ctx.app.inject({
        method,
        url: `/api/scheduled-tasks-complete/${tasks.Paint}`,
        headers: { 'x-shalav-device': phone },
        ...(method === 'PUT' ? { payload: { workerName: 'Dana' } } : {}),
      });
    expect((await send('PUT')).statusCode).toBe(200);
    await review(owner.as, tasks.Paint, { decision: 'rejected', reason: 'Drips' });
    advance(60_000);
    expect((await send('PUT')).statusCode).toBe(200);
    expect((await statesOf(owner.as, unit.id)).tracking.Paint).toEqual(awaiting);
    advance(60_000);
    const undone = await send('DELETE');
    expect(undone.statusCode, undone.body).toBe(200);
    const states = await statesOf(owner.as, unit.id);
    expect(states).toEqual({
      details: { Paint: sentBack('Drips') },
      tracking: { Paint: sentBack('Drips') },
      matrix: { Paint: sentBack('Drips') },
    });
  });

  it('keeps a daily stage sent back only on its own day, and shows nothing of another project', async () => {
    const { owner, unit, tasks } = await seed(['Clean'], 'daily');
    const other = await seed(['Clean'], 'daily');
    await complete(tasks.Clean);
    await review(owner.as, tasks.Clean, { decision: 'rejected', reason: 'Floor still wet' });
    const today = await statesOf(owner.as, unit.id);
    expect(today.details.Clean).toEqual(sentBack('Floor still wet'));
    expect(today.tracking.Clean).toEqual(sentBack('Floor still wet'));
    expect((await statesOf(other.owner.as, other.unit.id)).tracking.Clean).toBeNull();

    advance(24 * 60 * 60_000);
    // The session may not last a day: sign in again.
    const { cookie } = await login(ctx.app, { username: owner.body.username, password: owner.body.password });
    const as: As = (opts) => ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });
    const tomorrow = await statesOf(as, unit.id);
    expect(tomorrow.details.Clean).toBeNull();
    expect(tomorrow.tracking.Clean).toBeNull();
  });
});
