import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shouldSeedDemo } from './demo-data.ts';
import { loggableError } from './plugins/errors.ts';
import { createTestApp, registerAndLogin, type TestContext } from './test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('input the database cannot take is a 400, not a 500', () => {
  it('refuses NUL characters in paths, query strings and bodies, signed in or not', async () => {
    const owner = await registerAndLogin(ctx.app);
    const responses = [
      await ctx.app.inject({ method: 'GET', url: '/api/facility/by-qr/%00' }),
      await ctx.app.inject({ method: 'GET', url: '/api/worker-names?qrId=a%00' }),
      await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x\u0000', password: 'y' } }),
      await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A\u00001' } }),
      await owner.as({ method: 'GET', url: '/api/scheduled-tasks?search=%00' }),
      await owner.as({
        method: 'POST',
        url: '/api/task-schedules',
        payload: { roomIds: ['x'], taskTemplates: [{ name: 'ok', translations: { en: { name: 'b\u0000d' } } }] },
      }),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Text must not contain NUL characters');
    }
  });

  it('refuses impossible dates', async () => {
    const owner = await registerAndLogin(ctx.app);
    const unit = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'D1' } })).json();
    for (const date of ['2024-13-45', '2024-02-30', '0000-01-01']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${unit.id}?date=${date}` })).statusCode).toBe(400);
      expect((await owner.as({ method: 'GET', url: `/api/dashboard/room-details/${unit.id}?date=${date}` })).statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scheduled-tasks-public/${unit.id}?date=2024-02-29` })).statusCode).toBe(200);
  });
});

describe('what an unexpected error may log', () => {
  it("keeps a failed query's parameters out of the log", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const err = new DrizzleQueryError('insert into "projects" values ($1, $2)', ['sbx_secret_card_token', '$argon2id$v=19$hash'], cause);
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain('sbx_secret_card_token');
    expect(logged).not.toContain('argon2id');
    expect(logged).toContain('invalid byte sequence');
    expect(loggableError(err).code).toBe('22021');
  });
});

describe('demo data', () => {
  it('is seeded by default only into an empty embedded database outside production', () => {
    expect(shouldSeedDemo({ demoData: undefined, env: 'development' }, true, 'pglite')).toBe(true);
    expect(shouldSeedDemo({ demoData: undefined, env: 'production' }, true, 'pglite')).toBe(false);
    expect(shouldSeedDemo({ demoData: undefined, env: 'development' }, true, 'postgres')).toBe(false);
    expect(shouldSeedDemo({ demoData: true, env: 'production' }, true, 'pglite')).toBe(true);
  });
});

describe('updates that were silently dropped', () => {
  it("a unit's facility type can be changed", async () => {
    const owner = await registerAndLogin(ctx.app);
    const unit = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'F1' } })).json();
    const res = await owner.as({ method: 'PUT', url: `/api/rooms/${unit.id}`, payload: { facilityType: 'hotel' } });
    expect(res.json().facilityType).toBe('hotel');
  });

  it('a shortage Idempotency-Key reused for another report is refused, not answered with the old one', async () => {
    const owner = await registerAndLogin(ctx.app);
    const a = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'K1' } })).json();
    const b = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'K2' } })).json();
    const headers = { 'idempotency-key': `reuse-${crypto.randomUUID()}` };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/shortages-public', payload: { name: 'Cement', apartmentId: a.id }, headers }))
        .statusCode,
    ).toBe(201);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/shortages-public',
      payload: { name: 'Sand', apartmentId: b.id },
      headers,
    });
    expect(other.statusCode).toBe(422);
  });
});
