import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, storedObjects, tasks, units } from '../../db/schema/index.ts';
import { clientAddress, createTestApp, dumpAllTables, registerAndLogin, type TestContext } from '../../test/helpers.ts';

/**
 * Rules of the worker routes that must hold whatever the client sends: an Idempotency-Key stands for
 * one request only, a photo proves work on its own unit only, and a cancelled project takes new work
 * only until its paid period ends (in the project's local date). Everything goes through HTTP.
 */
let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
/** Project 0 and 1 stay active; project 2 is the one the cancellation tests cancel. */
const owners: Owner[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-01-15T10:00:00Z') });
  owners.push(await registerAndLogin(ctx.app), await registerAndLogin(ctx.app), await registerAndLogin(ctx.app));
});
afterAll(async () => ctx?.close());

let unitCounter = 0;
/**
 * A new unit of project `which` with a photo stage, a plain stage and a daily routine. Written straight
 * to the database: the tests move the clock by hours, past the managers' session idle limit.
 */
async function unitWithTasks(which = 0) {
  const projectId = owners[which].user.projectId;
  const db = ctx.database.db;
  const [room] = await db
    .insert(units)
    .values({ projectId, number: `R${100 + ++unitCounter}`, floor: 1 })
    .returning({ id: units.id });
  const [photoTask, plainTask, dailyTask] = await db
    .insert(tasks)
    .values([
      { projectId, unitId: room.id, name: 'Waterproofing', requiresPhoto: true, sortOrder: 1 },
      { projectId, unitId: room.id, name: 'Electrical', sortOrder: 2 },
      { projectId, unitId: room.id, name: 'Sweep', sortOrder: 3, recurrence: 'daily' },
    ])
    .returning();
  return { projectId, room, photoTask, plainTask, dailyTask };
}

/** A photo whose upload finished, stored for the given project and unit (as the upload route leaves it). */
async function uploadedPhoto(projectId: string, unitId: string) {
  const key = `units/${unitId}/${crypto.randomUUID()}`;
  await ctx.database.db
    .insert(storedObjects)
    .values({ projectId, unitId, key, contentType: 'image/jpeg', size: 1000, uploadedAt: ctx.clock.now });
  return `/objects/${key}`;
}

/** Each test sends from its own client address, so the per-client limits never decide an answer here. */
function client() {
  const headers = clientAddress();
  const send = (method: 'PUT' | 'POST', url: string, payload: object, key?: string) =>
    ctx.app.inject({ method, url, payload, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) } });
  return {
    complete: (taskId: string, payload: object, key?: string) => send('PUT', `/api/scheduled-tasks-complete/${taskId}`, payload, key),
    shortage: (payload: object, key?: string) => send('POST', '/api/shortages-public', payload, key),
    measurement: (payload: object, key?: string) => send('POST', '/api/measurements-public', payload, key),
    session: (payload: object) => send('POST', '/api/work-sessions', payload),
    uploadTicket: (payload: object) => send('POST', '/api/objects/upload', payload),
  };
}

const REUSED_KEY = /Idempotency-Key was already used for another request/;

describe('an Idempotency-Key stands for one request', () => {
  it('a key that completed one task, sent to complete another task, is refused with 422 and writes nothing', async () => {
    const a = await unitWithTasks(0);
    const b = await unitWithTasks(0);
    const c = client();
    const key = `done-${crypto.randomUUID()}`;
    const first = await c.complete(a.plainTask.id, { workerName: 'Olena' }, key);
    expect(first.statusCode).toBe(200);
    const before = await dumpAllTables(ctx.database);
    // Another task of the same unit, and a task of another unit of the same project.
    for (const taskId of [a.dailyTask.id, b.plainTask.id]) {
      const reused = await c.complete(taskId, { workerName: 'Olena' }, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ code: 'idempotency_key_reused', message: expect.stringMatching(REUSED_KEY) });
    }
    expect(await dumpAllTables(ctx.database)).toBe(before);
    // Both other tasks are still open; the first one is still done by the first request.
    const listA = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${a.room.id}` })).json();
    expect(listA.map((t: { isCompleted: boolean }) => t.isCompleted)).toEqual([false, true, false]);
    const listB = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${b.room.id}` })).json();
    expect(listB.every((t: { isCompleted: boolean }) => !t.isCompleted)).toBe(true);
    // The same request with the same key is still a replay with the first answer.
    const retry = await c.complete(a.plainTask.id, { workerName: 'Olena' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
  });

  it('a key that reported one shortage, sent with another item or for another unit, is refused with 422 and writes nothing', async () => {
    const a = await unitWithTasks(0);
    const b = await unitWithTasks(0);
    const c = client();
    const key = `short-${crypto.randomUUID()}`;
    const first = await c.shortage({ name: 'Tiles', quantity: 3, apartmentId: a.room.id }, key);
    expect(first.statusCode).toBe(201);
    const before = await dumpAllTables(ctx.database);
    for (const payload of [
      { name: 'Cement', quantity: 3, apartmentId: a.room.id },
      { name: 'Tiles', quantity: 3, apartmentId: b.room.id },
    ]) {
      const reused = await c.shortage(payload, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ code: 'idempotency_key_reused', message: expect.stringMatching(REUSED_KEY) });
    }
    expect(await dumpAllTables(ctx.database)).toBe(before);
    const retry = await c.shortage({ name: 'Tiles', quantity: 3, apartmentId: a.room.id }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });

  it('a key that reported one measurement, sent with another item or for another unit, is refused with 422 and writes nothing', async () => {
    const a = await unitWithTasks(0);
    const b = await unitWithTasks(0);
    const c = client();
    const key = `meas-${crypto.randomUUID()}`;
    const first = await c.measurement({ name: 'Door frame', width: 900, apartmentId: a.room.id }, key);
    expect(first.statusCode).toBe(201);
    const before = await dumpAllTables(ctx.database);
    for (const payload of [
      { name: 'Window', width: 900, apartmentId: a.room.id },
      { name: 'Door frame', width: 900, apartmentId: b.room.id },
    ]) {
      const reused = await c.measurement(payload, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ code: 'idempotency_key_reused', message: expect.stringMatching(REUSED_KEY) });
    }
    expect(await dumpAllTables(ctx.database)).toBe(before);
    const retry = await c.measurement({ name: 'Door frame', width: 900, apartmentId: a.room.id }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });
  it("another project's key is not this project's: the same key completes and reports there as new requests", async () => {
    const mine = await unitWithTasks(0);
    const theirs = await unitWithTasks(1);
    const c = client();
    const key = `shared-${crypto.randomUUID()}`;
    expect((await c.complete(mine.plainTask.id, { workerName: 'Olena' }, key)).statusCode).toBe(200);
    expect((await c.shortage({ name: 'Tiles', apartmentId: mine.room.id }, key)).statusCode).toBe(201);
    expect((await c.measurement({ name: 'Door frame', apartmentId: mine.room.id }, key)).statusCode).toBe(201);
    const done = await c.complete(theirs.plainTask.id, { workerName: 'Rajesh' }, key);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ taskId: theirs.plainTask.id });
    const shortage = await c.shortage({ name: 'Cement', apartmentId: theirs.room.id }, key);
    expect(shortage.statusCode).toBe(201);
    expect(shortage.json()).toMatchObject({ name: 'Cement', apartmentId: theirs.room.id });
    const measurement = await c.measurement({ name: 'Window', apartmentId: theirs.room.id }, key);
    expect(measurement.statusCode).toBe(201);
    expect(measurement.json()).toMatchObject({ name: 'Window', apartmentId: theirs.room.id });
    // And a retry there is a replay of their own request, not a clash with ours.
    expect((await c.complete(theirs.plainTask.id, { workerName: 'Rajesh' }, key)).json()).toEqual(done.json());
    expect((await c.shortage({ name: 'Cement', apartmentId: theirs.room.id }, key)).json()).toEqual(shortage.json());
    expect((await c.measurement({ name: 'Window', apartmentId: theirs.room.id }, key)).json()).toEqual(measurement.json());
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${theirs.room.id}` })).json();
    expect(list.find((t: { id: string }) => t.id === theirs.plainTask.id)).toMatchObject({ isCompleted: true, workerName: 'Rajesh' });
  });
});

describe('a photo proves work on its own unit only', () => {
  it('refuses a photo of another unit of the same project (400), and writes nothing', async () => {
    const a = await unitWithTasks(0);
    const b = await unitWithTasks(0);
    const c = client();
    const photoOfB = await uploadedPhoto(b.projectId, b.room.id);
    const before = await dumpAllTables(ctx.database);
    for (const task of [a.photoTask, a.plainTask]) {
      const res = await c.complete(task.id, { workerName: 'Yossi', photoUrl: photoOfB });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'photo_missing', message: expect.stringMatching(/photo was not found/) });
    }
    expect(await dumpAllTables(ctx.database)).toBe(before);
    // The same photo does prove B's stage.
    expect((await c.complete(b.photoTask.id, { workerName: 'Yossi', photoUrl: photoOfB })).statusCode).toBe(200);
  });

  it('refuses a photo of another project (400), even one stored under this unit, and writes nothing', async () => {
    const a = await unitWithTasks(0);
    const other = await unitWithTasks(1);
    const c = client();
    const photoOfOther = await uploadedPhoto(other.projectId, other.room.id);
    // A row naming unit A but project 1 (never made by the app): the project must match too.
    const strayPhoto = await uploadedPhoto(other.projectId, a.room.id);
    const before = await dumpAllTables(ctx.database);
    for (const photoUrl of [photoOfOther, strayPhoto]) {
      const res = await c.complete(a.photoTask.id, { workerName: 'Yossi', photoUrl });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'photo_missing', message: expect.stringMatching(/photo was not found/) });
    }
    expect(await dumpAllTables(ctx.database)).toBe(before);
    expect(
      (await c.complete(a.photoTask.id, { workerName: 'Yossi', photoUrl: await uploadedPhoto(a.projectId, a.room.id) })).statusCode,
    ).toBe(200);
  });
});

describe("a cancelled project takes new work until its paid period ends, in the project's local date", () => {
  // The project's zone is Asia/Jerusalem (UTC+2 in January): its 16 January starts at 22:00 UTC on the 15th.
  const LATE_15TH = new Date('2026-01-15T21:30:00Z'); // 23:30 on 15 January in Jerusalem
  const EARLY_16TH = new Date('2026-01-15T22:30:00Z'); // 00:30 on 16 January in Jerusalem, still the 15th in UTC

  async function cancelledUntil(paidUntil: string | null) {
    await ctx.database.db.update(projects).set({ status: 'cancelled', paidUntil }).where(eq(projects.id, owners[2].user.projectId));
  }

  /** The five worker writes, on a fresh unit of the cancelled project, from one client. */
  async function tryAllWrites(room: { id: string }, plainTask: { id: string }) {
    const c = client();
    return {
      session: await c.session({ roomId: room.id, workerName: 'Maria' }),
      completion: await c.complete(plainTask.id, { workerName: 'Maria' }),
      shortage: await c.shortage({ name: 'Tiles', apartmentId: room.id }),
      measurement: await c.measurement({ name: 'Door frame', width: 800, apartmentId: room.id }),
      uploadTicket: await c.uploadTicket({ roomId: room.id }),
    };
  }

  async function expectRefused(at: Date, paidUntil: string | null) {
    ctx.clock.now = at;
    await cancelledUntil(paidUntil);
    const { room, plainTask } = await unitWithTasks(2);
    const before = await dumpAllTables(ctx.database);
    const answers = await tryAllWrites(room, plainTask);
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, [res.statusCode, res.json().message]]))).toEqual({
      session: [403, expect.stringMatching(/not active/)],
      completion: [403, expect.stringMatching(/not active/)],
      shortage: [403, expect.stringMatching(/not active/)],
      measurement: [403, expect.stringMatching(/not active/)],
      uploadTicket: [403, expect.stringMatching(/not active/)],
    });
    expect(await dumpAllTables(ctx.database)).toBe(before);
  }

  async function expectAccepted(at: Date, paidUntil: string) {
    ctx.clock.now = at;
    await cancelledUntil(paidUntil);
    const { room, plainTask } = await unitWithTasks(2);
    const answers = await tryAllWrites(room, plainTask);
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.statusCode]))).toEqual({
      session: 201,
      completion: 200,
      shortage: 201,
      measurement: 201,
      uploadTicket: 200,
    });
  }

  it('accepts every worker write while paid_until is still ahead in the local date', async () => {
    await expectAccepted(EARLY_16TH, '2026-01-17');
  });

  it('refuses every worker write (403) once paid_until has passed, and writes nothing', async () => {
    await expectRefused(EARLY_16TH, '2026-01-15');
  });

  it('paid_until is the first day without work: accepted at 23:30 the day before, refused from local midnight', async () => {
    await expectAccepted(LATE_15TH, '2026-01-16');
    // 00:30 local on the 16th: refused, although the UTC date is still the 15th.
    await expectRefused(EARLY_16TH, '2026-01-16');
  });

  it('a cancelled project without a paid_until date takes no work', async () => {
    await expectRefused(LATE_15TH, null);
  });

  /** Work recorded at 23:30 local on the last paid day, with one key; then the clock moves past local midnight. */
  async function recordedJustBeforeTheEnd() {
    ctx.clock.now = LATE_15TH;
    await cancelledUntil('2026-01-16');
    const { room, plainTask } = await unitWithTasks(2);
    const c = client();
    const key = `late-${crypto.randomUUID()}`;
    const send = {
      completion: () => c.complete(plainTask.id, { workerName: 'Maria' }, key),
      shortage: () => c.shortage({ name: 'Tiles', apartmentId: room.id }, key),
      measurement: () => c.measurement({ name: 'Door frame', width: 800, apartmentId: room.id }, key),
    };
    const first = { completion: await send.completion(), shortage: await send.shortage(), measurement: await send.measurement() };
    expect([first.completion.statusCode, first.shortage.statusCode, first.measurement.statusCode]).toEqual([200, 201, 201]);
    // The answers were lost; the phone retries after local midnight, when the paid period has ended.
    ctx.clock.now = EARLY_16TH;
    return { send, first };
  }

  it('a retried completion recorded before the end still gets its first answer after it, and writes nothing', async () => {
    const { send, first } = await recordedJustBeforeTheEnd();
    const before = await dumpAllTables(ctx.database);
    const retry = await send.completion();
    expect([retry.statusCode, retry.json()]).toEqual([200, first.completion.json()]);
    expect(await dumpAllTables(ctx.database)).toBe(before);
  });

  /** Like a completion: the worker page must not say "refused" about a report the manager has. */
  it('a retried shortage or measurement recorded before the end still gets its first answer after it', async () => {
    const { send, first } = await recordedJustBeforeTheEnd();
    const before = await dumpAllTables(ctx.database);
    const retries = { shortage: await send.shortage(), measurement: await send.measurement() };
    expect(await dumpAllTables(ctx.database)).toBe(before);
    expect(Object.fromEntries(Object.entries(retries).map(([name, res]) => [name, [res.statusCode, res.json()]]))).toEqual({
      shortage: [201, first.shortage.json()],
      measurement: [201, first.measurement.json()],
    });
  });

  it('the QR page says the project is inactive from the same moment', async () => {
    const qrId = (await ctx.database.db.select({ qrId: projects.qrId }).from(projects).where(eq(projects.id, owners[2].user.projectId)))[0]
      .qrId;
    await cancelledUntil('2026-01-16');
    ctx.clock.now = LATE_15TH;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/facility/by-qr/${qrId}` })).json().isActive).toBe(true);
    ctx.clock.now = EARLY_16TH;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/facility/by-qr/${qrId}` })).json().isActive).toBe(false);
  });
});
