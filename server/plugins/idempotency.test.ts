import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentRequests, measurements, projects, shortages, taskTemplates, units, users } from '../db/schema/index.ts';
import { clientAddress, createTestApp, registerAndLogin, registration, type TestContext } from '../test/helpers.ts';
import { IDEMPOTENCY_TTL_MS, purgeIdempotentRequests } from './idempotency.ts';

/** One submission per click: create routes honour Idempotency-Key (docs/decisions/015-idempotent-creates.md). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

let n = 0;
const newKey = () => `key-${process.pid}-${++n}-${Math.random().toString(36).slice(2)}`;
const unitsOf = async (projectId: string) => ctx.database.db.select().from(units).where(eq(units.projectId, projectId));

describe('Idempotency-Key on create routes', () => {
  it('answers a repeated request with the first answer and creates one unit', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const headers = { 'idempotency-key': newKey() };
    const first = await as({ method: 'POST', url: '/api/rooms', payload: { number: 'A1' }, headers });
    const again = await as({ method: 'POST', url: '/api/rooms', payload: { number: 'A1' }, headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await unitsOf(user.projectId)).toHaveLength(1);
  });

  it('makes a double-click (two requests at once) one record and two identical successes', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const headers = { 'idempotency-key': newKey() };
    const [a, b] = await Promise.all([
      as({ method: 'POST', url: '/api/rooms', payload: { number: 'B1' }, headers }),
      as({ method: 'POST', url: '/api/rooms', payload: { number: 'B1' }, headers }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await unitsOf(user.projectId)).toHaveLength(1);
  });

  it('refuses the same key with another body (422) or from another session, and creates nothing', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const headers = { 'idempotency-key': newKey() };
    expect((await as({ method: 'POST', url: '/api/rooms', payload: { number: 'C1' }, headers })).statusCode).toBe(201);
    const other = await as({ method: 'POST', url: '/api/rooms', payload: { number: 'C2' }, headers });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for another request');
    const stranger = await registerAndLogin(ctx.app);
    expect((await stranger.as({ method: 'POST', url: '/api/rooms', payload: { number: 'C1' }, headers })).statusCode).toBe(422);
    expect((await unitsOf(user.projectId)).map((u) => u.number)).toEqual(['C1']);
    expect(await unitsOf(stranger.user.projectId)).toEqual([]);
  });

  it('frees the key of a refused request, so the corrected form can be sent with it', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    await as({ method: 'POST', url: '/api/rooms', payload: { number: 'D1' } });
    const headers = { 'idempotency-key': newKey() };
    expect((await as({ method: 'POST', url: '/api/rooms', payload: { number: 'D1' }, headers })).statusCode).toBe(409);
    expect((await as({ method: 'POST', url: '/api/rooms', payload: { number: 'D2' }, headers })).statusCode).toBe(201);
    expect((await unitsOf(user.projectId)).map((u) => u.number).sort()).toEqual(['D1', 'D2']);
  });

  it('takes over a claim abandoned by a crash (no answer after a minute)', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const key = newKey();
    await ctx.database.db
      .insert(idempotentRequests)
      .values({ route: 'POST /api/rooms', key, caller: 'x', fingerprint: 'y', createdAt: new Date(Date.now() - 5 * 60_000) });
    const res = await as({ method: 'POST', url: '/api/rooms', payload: { number: 'E1' }, headers: { 'idempotency-key': key } });
    expect(res.statusCode).toBe(201);
    expect(await unitsOf(user.projectId)).toHaveLength(1);
  });

  it('refuses a malformed key with 400', async () => {
    const { as } = await registerAndLogin(ctx.app);
    expect(
      (await as({ method: 'POST', url: '/api/rooms', payload: { number: 'F1' }, headers: { 'idempotency-key': 'no spaces!' } })).statusCode,
    ).toBe(400);
  });

  it('registers one project on a double-click of "Register now", and both clicks see the success', async () => {
    const body = registration();
    const headers = { ...clientAddress(), 'idempotency-key': newKey() };
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/register', payload: body, headers }),
      ctx.app.inject({ method: 'POST', url: '/api/register', payload: body, headers }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(await ctx.database.db.select().from(users).where(eq(users.username, body.username))).toHaveLength(1);
    expect(await ctx.database.db.select().from(projects).where(eq(projects.name, body.facilityName))).toHaveLength(1);
    // Nothing secret is kept with the stored answer.
    const stored = JSON.stringify(await ctx.database.db.select().from(idempotentRequests));
    expect(stored).not.toContain(body.cardNumber);
    expect(stored).not.toContain(body.password);
  });

  it('keeps the card number out of the fingerprint: a retry with the same key and another card is the same request', async () => {
    const body = registration();
    const headers = { ...clientAddress(), 'idempotency-key': newKey() };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: body, headers });
    expect(first.statusCode).toBe(201);
    // Had the card number gone into the fingerprint (even hashed), the retry would be refused as another request.
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...body, cardNumber: '5555555555554444', cardCvv: '999' },
      headers,
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('creates one shortage, one measurement and one template per key', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const twice = async (url: string, payload: object) => {
      const headers = { 'idempotency-key': newKey() };
      const [a, b] = await Promise.all([as({ method: 'POST', url, payload, headers }), as({ method: 'POST', url, payload, headers })]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    };
    await twice('/api/shortages', { name: 'Cement', quantity: 2 });
    await twice('/api/measurements', { name: 'Window', quantity: 1, height: 1200, width: 900 });
    await twice('/api/task-templates', { name: 'Tiling', facilityType: 'construction' });
    const mine = <T extends typeof shortages | typeof measurements | typeof taskTemplates>(table: T) =>
      ctx.database.db
        .select()
        .from(table as typeof shortages)
        .where(and(eq((table as typeof shortages).projectId, user.projectId)));
    expect(await mine(shortages)).toHaveLength(1);
    expect(await mine(measurements)).toHaveLength(1);
    expect(await mine(taskTemplates)).toHaveLength(1);
  });

  it('forgets answers after a day', async () => {
    const key = newKey();
    await ctx.database.db.insert(idempotentRequests).values({
      route: 'POST /api/rooms',
      key,
      caller: 'x',
      fingerprint: 'y',
      status: 201,
      body: '{}',
      createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1000),
    });
    await purgeIdempotentRequests(ctx.database.db);
    expect(await ctx.database.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key))).toEqual([]);
  });
});
