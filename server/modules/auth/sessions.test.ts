import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '#contract/constants.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/ids.ts';
import { SESSION_COOKIE, purgeExpiredSessions } from '../../plugins/session.ts';
import { createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { upsertPlatformAdmin } from './auth.service.ts';

let ctx: TestContext;
const ADMIN = { username: 'platform-root', password: 'platform-secret-1' };
beforeAll(async () => {
  ctx = await createTestApp();
  await upsertPlatformAdmin(ctx.app.db, ADMIN.username, ADMIN.password);
});
afterAll(async () => ctx?.close());

const MIN = 60_000;
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);
/** Each test signs in from its own client address, so the per-client login limit of one test never touches another. */
let ip = 10;
const client = () => ({ 'x-forwarded-for': `203.0.113.${ip++}` });

describe('login', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie (not Secure outside production)', async () => {
    const { body } = await registerAndLogin(ctx.app);
    const { res } = await login(ctx.app, body, { headers: client() });
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === SESSION_COOKIE)!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(c.secure).toBeFalsy();
    expect(res.json()).toMatchObject({ username: body.username, facilityName: body.facilityName, role: 'admin' });
  });

  it('uses a random token of at least 128 bits and stores only its SHA-256', async () => {
    const { cookie, user } = await registerAndLogin(ctx.app);
    const token = tokenOf(cookie);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].idHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('gives a new session id at each login and ends the session of the cookie it was sent with', async () => {
    const { body, cookie: first } = await registerAndLogin(ctx.app);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: body.username, password: body.password },
      headers: { cookie: first, ...client() },
    });
    expect(second.statusCode).toBe(200);
    const secondCookie = `${SESSION_COOKIE}=${second.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    expect(secondCookie).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(secondCookie)).statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown user and an inactive user with the same 401', async () => {
    const { body, user } = await registerAndLogin(ctx.app);
    const wrong = await login(ctx.app, { username: body.username, password: 'wrong-password' }, { headers: client() });
    const unknown = await login(ctx.app, { username: 'nobody-here', password: 'whatever1' }, { headers: client() });
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const inactive = await login(ctx.app, body, { headers: client() });
    for (const r of [wrong, unknown, inactive]) {
      expect(r.res.statusCode).toBe(401);
      expect(r.res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid username or password' });
      expect(r.cookie).toBe('');
    }
  });

  it('answers blank credentials with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: '  ', password: '' }, headers: client() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please fill username and password');
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const { cookie, user } = await registerAndLogin(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('succeeds without a session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});

describe('session expiry (server side)', () => {
  it(`ends a session idle for more than ${SESSION_IDLE_MINUTES} minutes`, async () => {
    const start = new Date('2026-06-01T08:00:00Z');
    ctx.clock.now = start;
    const { cookie } = await registerAndLogin(ctx.app);
    ctx.clock.now = new Date(start.getTime() + (SESSION_IDLE_MINUTES - 1) * MIN);
    expect((await me(cookie)).statusCode).toBe(200);
    // Activity moved the idle limit: another 119 minutes later the session is still alive.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + (SESSION_IDLE_MINUTES - 1) * MIN);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + (SESSION_IDLE_MINUTES + 1) * MIN);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    // The expired session is gone, even if the clock went back.
    ctx.clock.now = start;
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it(`ends an active session ${SESSION_ABSOLUTE_HOURS} hours after login`, async () => {
    const start = new Date('2026-06-02T06:00:00Z');
    ctx.clock.now = start;
    const { cookie } = await registerAndLogin(ctx.app);
    const absolute = start.getTime() + SESSION_ABSOLUTE_HOURS * 60 * MIN;
    let t = start.getTime();
    while (t + 100 * MIN < absolute) {
      t += 100 * MIN;
      ctx.clock.now = new Date(t);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    ctx.clock.now = new Date(absolute - MIN);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.now = new Date(absolute + MIN);
    expect((await me(cookie)).statusCode).toBe(401);
    ctx.clock.now = new Date();
  });
});

describe('session validity', () => {
  it('ends the sessions of a user who is deactivated', async () => {
    const { cookie, user } = await registerAndLogin(ctx.app);
    expect((await me(cookie)).statusCode).toBe(200);
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ignores a forged cookie', async () => {
    expect((await me(`${SESSION_COOKIE}=forged-token-value`)).statusCode).toBe(401);
  });

  it('sweeps sessions past either limit out of the table, and keeps live ones', async () => {
    const start = new Date('2026-07-01T08:00:00Z');
    ctx.clock.now = start;
    const idle = await registerAndLogin(ctx.app);
    ctx.clock.now = new Date(start.getTime() + 100 * MIN);
    const live = await registerAndLogin(ctx.app);
    await purgeExpiredSessions(ctx.app.db, new Date(start.getTime() + (SESSION_IDLE_MINUTES + 10) * MIN));
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, idle.user.id))).toHaveLength(0);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, live.user.id))).toHaveLength(1);
    // Active to the last minute, but past the absolute lifetime: swept as well.
    const late = new Date(start.getTime() + (SESSION_ABSOLUTE_HOURS * 60 + 101) * MIN);
    await ctx.app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(late.getTime() - MIN) })
      .where(eq(sessions.userId, live.user.id));
    await purgeExpiredSessions(ctx.app.db, new Date(late.getTime() - 2 * MIN));
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, live.user.id))).toHaveLength(1);
    await purgeExpiredSessions(ctx.app.db, late);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, live.user.id))).toHaveLength(0);
    ctx.clock.now = new Date();
  });
});

describe('platform admin login', () => {
  it('signs the platform admin in through its own endpoint', async () => {
    const { res, cookie } = await login(ctx.app, ADMIN, { url: '/api/admin/login', headers: client() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Admin login successful', username: ADMIN.username });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // An admin session is not a project member's session.
    expect((await me(cookie)).statusCode).toBe(401);
    const rooms = await ctx.app.inject({ method: 'GET', url: '/api/rooms', headers: { cookie } });
    expect(rooms.statusCode).toBe(401);
  });

  it("refuses a wrong admin password and a project user's credentials with 'Invalid credentials'", async () => {
    const { body } = await registerAndLogin(ctx.app);
    const wrong = await login(ctx.app, { username: ADMIN.username, password: 'nope-nope' }, { url: '/api/admin/login', headers: client() });
    const asUser = await login(ctx.app, body, { url: '/api/admin/login', headers: client() });
    for (const r of [wrong, asUser]) {
      expect(r.res.statusCode).toBe(401);
      expect(r.res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid credentials' });
      expect(r.cookie).toBe('');
    }
  });

  it('does not accept the platform admin on the project login', async () => {
    const { res } = await login(ctx.app, ADMIN, { headers: client() });
    expect(res.statusCode).toBe(401);
  });
});
