import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, storedObjects, users } from '../../db/schema/index.ts';
import { purgeStaleUploads } from '../objects/objects.sweep.ts';
import { clientAddress, cookieOf, createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 3)]);
const profileOf = async (userId: string) => (await ctx.app.db.select().from(users).where(eq(users.id, userId)))[0]!;
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('PUT /api/user/profile', () => {
  it('changes only the caller, and GET /api/auth/user says so at once', async () => {
    const owner = await registerAndLogin(ctx.app);
    const other = await registerAndLogin(ctx.app);
    const res = await owner.as({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { firstName: ' Miriam ', lastName: 'Azulay', email: '', phone: '052-1111111', city: 'Haifa' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Miriam', lastName: 'Azulay', email: null, phone: '052-1111111', city: 'Haifa' });
    expect((await owner.as({ method: 'GET', url: '/api/auth/user' })).json()).toMatchObject({ firstName: 'Miriam', email: null });
    expect((await other.as({ method: 'GET', url: '/api/auth/user' })).json()).toMatchObject({ firstName: 'Dana' });
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, owner.user.id));
    expect(entry).toMatchObject({ action: 'user.profile_updated', actorName: owner.body.username });
    expect(JSON.stringify(entry)).not.toContain('passwordHash');
  });

  it('refuses a bad e-mail with 400 and changes nothing', async () => {
    const owner = await registerAndLogin(ctx.app);
    const before = await profileOf(owner.user.id);
    const res = await owner.as({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'X', email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(await profileOf(owner.user.id)).toEqual(before);
  });
});

describe('profile picture', () => {
  const put = (owner: Owner, body: Buffer, type = 'image/png') =>
    owner.as({ method: 'PUT', url: '/api/user/profile-picture', payload: body, headers: { 'content-type': type } });

  it('stores the picture for the project only, replaces the old one, and keeps it from the unused-photo sweep', async () => {
    const owner = await registerAndLogin(ctx.app);
    const outsider = await registerAndLogin(ctx.app);
    const first = await put(owner, PNG);
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().profileImageUrl as string;
    expect(firstUrl).toMatch(new RegExp(`^/objects/users/${owner.user.id}/`));
    const read = await get(owner.cookie, firstUrl);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect((await get(outsider.cookie, firstUrl)).statusCode).toBe(404);

    const second = await put(owner, JPEG, 'image/jpeg');
    const secondUrl = second.json().profileImageUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await get(owner.cookie, firstUrl)).statusCode).toBe(404);
    expect((await ctx.app.storage.get(firstUrl.slice('/objects/'.length))) ?? null).toBeNull();
    expect((await owner.as({ method: 'GET', url: '/api/auth/user' })).json().profileImageUrl).toBe(secondUrl);

    // A week later no task uses it, but a member shows it: the sweep leaves it.
    await purgeStaleUploads(ctx.app.db, ctx.app.storage, new Date(Date.now() + 30 * 86_400_000));
    expect((await get(owner.cookie, secondUrl)).statusCode).toBe(200);

    const removed = await owner.as({ method: 'DELETE', url: '/api/user/profile-picture' });
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await get(owner.cookie, secondUrl)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(storedObjects).where(eq(storedObjects.projectId, owner.user.projectId))).toEqual([]);
  });

  it('refuses what is not a picture with 415, and a too large one with 413, changing nothing', async () => {
    const owner = await registerAndLogin(ctx.app);
    const text = await put(owner, Buffer.from('hello, not a picture'));
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('photo_type_unsupported');
    const big = await put(owner, Buffer.concat([PNG, Buffer.alloc(2 * 1_048_576)]));
    expect(big.statusCode).toBe(413);
    expect((await profileOf(owner.user.id)).profileImageUrl).toBeNull();
  });
});

describe('PUT /api/user/password', () => {
  const change = (cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PUT', url: '/api/user/password', payload: body, headers: { cookie, ...headers } });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const owner = await registerAndLogin(ctx.app);
    const before = await profileOf(owner.user.id);
    const res = await change(owner.cookie, {
      currentPassword: 'wrong-one',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('current_password_wrong');
    expect((await profileOf(owner.user.id)).passwordHash).toBe(before.passwordHash);
    expect((await owner.as({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('refuses mismatched entries, the username, and a short password', async () => {
    const owner = await registerAndLogin(ctx.app);
    const current = owner.body.password;
    const mismatch = await change(owner.cookie, {
      currentPassword: current,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pasS',
    });
    expect(mismatch.json().code).toBe('passwords_mismatch');
    const name = owner.body.username.toUpperCase();
    const same = await change(owner.cookie, { currentPassword: current, newPassword: name, confirmPassword: name });
    expect(same.json().code).toBe('password_is_username');
    const short = await change(owner.cookie, { currentPassword: current, newPassword: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('validation_failed');
  });

  it('ends every other session, renews the current one, and the new password signs in', async () => {
    const owner = await registerAndLogin(ctx.app);
    const phone = await login(ctx.app, { username: owner.body.username, password: owner.body.password }, { headers: clientAddress() });
    const res = await change(owner.cookie, {
      currentPassword: owner.body.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    const renewed = cookieOf(res);
    expect(renewed).not.toBe('');
    expect(renewed).not.toBe(owner.cookie);
    expect((await get(phone.cookie, '/api/auth/user')).statusCode).toBe(401);
    expect((await get(owner.cookie, '/api/auth/user')).statusCode).toBe(401);
    expect((await get(renewed, '/api/auth/user')).statusCode).toBe(200);
    const old = await login(ctx.app, { username: owner.body.username, password: owner.body.password }, { headers: clientAddress() });
    expect(old.res.statusCode).toBe(401);
    const fresh = await login(ctx.app, { username: owner.body.username, password: 'brand-new-pass' }, { headers: clientAddress() });
    expect(fresh.res.statusCode).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins: the eleventh try from one address is refused', async () => {
    const owner = await registerAndLogin(ctx.app);
    const from = clientAddress();
    const wrong = { currentPassword: 'guess-guess', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    for (let i = 0; i < 10; i += 1) expect((await change(owner.cookie, wrong, from)).statusCode).toBe(400);
    const locked = await change(owner.cookie, { ...wrong, currentPassword: owner.body.password }, from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('login_rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('lists the caller’s sessions with their devices, ends one, then all others, never the current one', async () => {
    const owner = await registerAndLogin(ctx.app);
    const creds = { username: owner.body.username, password: owner.body.password };
    const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    const phone = await login(ctx.app, creds, { headers: { ...clientAddress(), 'user-agent': android } });
    const laptop = await login(ctx.app, creds, { headers: clientAddress() });
    const other = await registerAndLogin(ctx.app);

    const list = (await owner.as({ method: 'GET', url: '/api/user/sessions' })).json().sessions as {
      id: string;
      userAgent: string | null;
      current: boolean;
    }[];
    expect(list).toHaveLength(3);
    expect(list[0]!.current).toBe(true);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = list.find((s) => s.userAgent === android)!;
    expect(phoneSession).toBeDefined();
    expect(JSON.stringify(list)).not.toMatch(/idHash|[0-9a-f]{64}/);

    // Another user cannot end it (404), nor can one end one's own current session (409).
    const foreign = await other.as({ method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('session_not_found');
    const current = await owner.as({ method: 'DELETE', url: `/api/user/sessions/${list[0]!.id}` });
    expect(current.statusCode).toBe(409);
    expect(current.json().code).toBe('current_session');

    expect((await owner.as({ method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}` })).json()).toEqual({ ended: 1 });
    expect((await get(phone.cookie, '/api/auth/user')).statusCode).toBe(401);
    expect((await get(laptop.cookie, '/api/auth/user')).statusCode).toBe(200);
    expect((await owner.as({ method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}` })).statusCode).toBe(404);

    expect((await owner.as({ method: 'DELETE', url: '/api/user/sessions' })).json()).toEqual({ ended: 1 });
    expect((await get(laptop.cookie, '/api/auth/user')).statusCode).toBe(401);
    expect((await owner.as({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    expect((await get(other.cookie, '/api/auth/user')).statusCode).toBe(200);
  });
});

describe('profile pictures and the photo quota', () => {
  it('do not use up the crew’s daily photo allowance', async () => {
    // Room for one work photo (10 MB) and one megabyte more.
    const small = await createTestApp({ config: { uploadQuotaBytesPerDay: 11 * 1_048_576 } });
    try {
      const owner = await registerAndLogin(small.app);
      const picture = Buffer.concat([PNG, Buffer.alloc(1_500_000, 1)]);
      const put = await owner.as({
        method: 'PUT',
        url: '/api/user/profile-picture',
        payload: picture,
        headers: { 'content-type': 'image/png' },
      });
      expect(put.statusCode).toBe(200);
      const unit = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A1' } })).json() as { id: string };
      const ticket = await small.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: unit.id } });
      expect(ticket.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
