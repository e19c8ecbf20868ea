import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, registration, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('registration and sign-in', () => {
  it('registers a project whose owner can sign in and read the current user', async () => {
    const { as, user, body } = await registerAndLogin(ctx.app);
    expect(user.username).toBe(body.username);
    const me = await as({ method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: body.username, role: 'admin', isOwner: true, facilityName: body.facilityName });
  });

  it('refuses a second registration with the same username', async () => {
    const body = registration();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/register', payload: body })).statusCode).toBe(201);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: { ...body, facilityName: 'Other' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Username already exists');
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});
