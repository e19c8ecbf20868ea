import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { purgeExpiredSessions } from '../../plugins/session.ts';
import { createTestApp, registerAndLogin, testConfig, type TestContext } from '../../test/helpers.ts';
import { upsertPlatformAdmin } from './auth.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const MIN = 60_000;
const TOO_MANY = { code: 'login_rate_limited', message: 'Too many login attempts. Please wait a few minutes and try again.' };
/** Each call a client address of its own. */
let next = 1;
const address = () => `10.${Math.floor(next / 250) % 250}.${next++ % 250}.7`;

const signIn = (creds: { username: string; password: string }, remoteAddress: string, url = '/api/login', app = ctx.app) =>
  app.inject({ method: 'POST', url, payload: creds, remoteAddress });

/** A project owner whose password is known (signed in once from a helper address of its own). */
async function owner() {
  const { body } = await registerAndLogin(ctx.app);
  return { username: body.username, password: body.password };
}

async function failTimes(creds: { username: string }, from: string, times: number, url = '/api/login') {
  for (let i = 0; i < times; i++) {
    const res = await signIn({ username: creds.username, password: `wrong-${i}` }, from, url);
    expect(res.statusCode).toBe(401);
  }
}

describe('sign-in limits', () => {
  it('never locks anyone out for signing in correctly: 15 correct sign-ins in a row all succeed', async () => {
    const creds = await owner();
    const from = address();
    for (let i = 0; i < 15; i++) expect((await signIn(creds, from)).statusCode).toBe(200);
  });

  it('locks the client that failed 10 times for 15 minutes (429 + Retry-After), not the owner elsewhere', async () => {
    const creds = await owner();
    const attacker = address();
    await failTimes(creds, attacker, 10);

    const blocked = await signIn({ username: creds.username, password: 'wrong-again' }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    // Even the right password does not get through from that address.
    expect((await signIn(creds, attacker)).statusCode).toBe(429);
    // The owner, on another address, signs in.
    expect((await signIn(creds, address())).statusCode).toBe(200);

    // 15 minutes later the address may try again.
    const start = ctx.clock.now;
    try {
      ctx.clock.now = new Date(start.getTime() + 14 * MIN);
      const later = await signIn(creds, attacker);
      expect(later.statusCode).toBe(429);
      expect(Number(later.headers['retry-after'])).toBe(60);
      ctx.clock.now = new Date(start.getTime() + 15 * MIN);
      expect((await signIn(creds, attacker)).statusCode).toBe(200);
    } finally {
      ctx.clock.now = start;
    }
  });

  it('counts only failures: 9 failures and a correct sign-in clear the count', async () => {
    const creds = await owner();
    const from = address();
    await failTimes(creds, from, 9);
    expect((await signIn(creds, from)).statusCode).toBe(200);
    await failTimes(creds, from, 9);
    expect((await signIn(creds, from)).statusCode).toBe(200);
  });

  it('keeps the lock across a restart (a second app on the same database)', async () => {
    const creds = await owner();
    const attacker = address();
    await failTimes(creds, attacker, 10);
    const restarted = await buildApp({ config: testConfig(), database: ctx.database, now: () => ctx.clock.now, logger: false });
    try {
      await restarted.ready();
      expect((await signIn(creds, attacker, '/api/login', restarted)).statusCode).toBe(429);
      expect((await signIn(creds, address(), '/api/login', restarted)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('cannot be reset by trying many other usernames', async () => {
    const creds = await owner();
    const attacker = address();
    await failTimes(creds, attacker, 10);
    // Other usernames from the same address: each has its own count, none frees the locked one.
    for (let i = 0; i < 20; i++) {
      expect((await signIn({ username: `other-${next}-${i}`, password: 'x' }, attacker)).statusCode).toBe(401);
    }
    // Far more usernames than the old 5,000-entry memory cache held.
    const now = ctx.clock.now;
    const filler = Array.from({ length: 6000 }, (_, i) => ({
      realm: 'user',
      username: `filler-${next}-${i}`,
      client: attacker,
      failures: 1,
      windowStart: now,
    }));
    for (let i = 0; i < filler.length; i += 1000) await ctx.app.db.insert(loginFailures).values(filler.slice(i, i + 1000));
    expect((await signIn(creds, attacker)).statusCode).toBe(429);
  });

  it('shares one count between case variants of a username', async () => {
    const creds = await owner();
    const attacker = address();
    await failTimes({ username: creds.username.toUpperCase() }, attacker, 10);
    expect((await signIn(creds, attacker)).statusCode).toBe(429);
  });

  it('after 50 failures from all addresses, closes the username to new addresses but not to known ones', async () => {
    const creds = await owner();
    const known = address();
    expect((await signIn(creds, known)).statusCode).toBe(200);
    // A botnet: 5 addresses, 10 tries each (the most each may make), 50 in all.
    for (let bot = 0; bot < 4; bot++) await failTimes(creds, address(), 10);
    const last = address();
    await failTimes(creds, last, 9);
    const fresh = address();
    // Still open at 49 failures.
    expect((await signIn({ username: creds.username, password: 'x' }, fresh)).statusCode).toBe(401);

    const newcomer = await signIn(creds, address());
    expect(newcomer.statusCode).toBe(429);
    expect(newcomer.json()).toEqual(TOO_MANY);
    expect(Number(newcomer.headers['retry-after'])).toBe(15 * 60);
    // The owner's usual address still gets in.
    expect((await signIn(creds, known)).statusCode).toBe(200);
    // Other usernames are untouched.
    const other = await owner();
    expect((await signIn(other, address())).statusCode).toBe(200);
  });

  it('applies to the platform-admin login too, as a username space of its own', async () => {
    const admin = { username: `root-${next}`, password: 'platform-secret-1' };
    await upsertPlatformAdmin(ctx.app.db, admin.username, admin.password);
    const attacker = address();
    await failTimes(admin, attacker, 10, '/api/admin/login');
    const blocked = await signIn(admin, attacker, '/api/admin/login');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(admin, address(), '/api/admin/login')).statusCode).toBe(200);
    // The project login's count for the same name is separate.
    expect((await signIn(admin, attacker)).statusCode).toBe(401);
  });

  it('keeps an overall flood limit of 100 login requests per address in 15 minutes', async () => {
    const from = address();
    for (let i = 0; i < 100; i++) {
      // Blank passwords fail validation before any hashing, but still count against the address.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `u${i}`, password: '' },
        remoteAddress: from,
      });
      expect(res.statusCode).toBe(400);
    }
    const flooded = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'u', password: '' },
      remoteAddress: from,
    });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toEqual(TOO_MANY);
  });

  it('the session sweep drops counts that no longer matter and keeps locks and known addresses', async () => {
    const creds = await owner();
    const known = address();
    expect((await signIn(creds, known)).statusCode).toBe(200);
    const attacker = address();
    await failTimes(creds, attacker, 10);
    const stale = address();
    await failTimes(creds, stale, 1);
    const rows = () =>
      ctx.app.db
        .select({ client: loginFailures.client })
        .from(loginFailures)
        .where(and(eq(loginFailures.realm, 'user'), eq(loginFailures.username, creds.username.toLowerCase())))
        // Leave out the address registerAndLogin signed in from: it is known, like `known`.
        .then((found) => found.filter((r) => !r.client.startsWith('198.18.')));
    const now = ctx.clock.now.getTime();
    await purgeExpiredSessions(ctx.app.db, new Date(now + 14 * MIN));
    expect((await rows()).map((r) => r.client).sort()).toEqual(['*', attacker, known, stale].sort());
    // 15 minutes on: the stale count and the username count are gone, the lock has just ended, the known address stays.
    await purgeExpiredSessions(ctx.app.db, new Date(now + 16 * MIN));
    expect((await rows()).map((r) => r.client)).toEqual([known]);
  });
});
