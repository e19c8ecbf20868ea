import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema/index.ts';
import { clientAddress, createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

let seq = 0;
/** A valid new member; each call a new username. */
function member(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const username = `crew${process.pid}x${seq}`;
  return {
    firstName: 'Yossi',
    lastName: 'Cohen',
    username,
    email: `${username}@example.com`,
    phone: '050-7654321',
    role: 'manager',
    isActive: true,
    password: 'crew-pass-1',
    confirmPassword: 'crew-pass-1',
    ...overrides,
  };
}

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
const add = (owner: Owner, body: Record<string, unknown>) => owner.as({ method: 'POST', url: '/api/users', payload: body });
const edit = (owner: Owner, id: string, body: Record<string, unknown>) =>
  owner.as({ method: 'PUT', url: `/api/users/${id}`, payload: body });
const remove = (owner: Owner, id: string) => owner.as({ method: 'DELETE', url: `/api/users/${id}` });
/** The editable fields of a member as the list answers them, for a PUT that changes one thing. */
const editable = (m: Record<string, unknown>) => ({
  firstName: m.firstName,
  lastName: m.lastName,
  username: m.username,
  email: m.email,
  phone: m.phone,
  role: m.role,
  isActive: m.isActive,
});
const signIn = async (creds: { username: string; password: string }) => {
  const { res, cookie } = await login(ctx.app, creds, { headers: clientAddress() });
  return { status: res.statusCode, body: res.json(), as: (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } }) };
};

describe('GET /api/users', () => {
  it("lists only the project's members with counts by role, and never a password hash", async () => {
    const owner = await registerAndLogin(ctx.app);
    const other = await registerAndLogin(ctx.app);
    await add(owner, member({ role: 'manager' }));
    await add(owner, member({ role: 'cleaner' }));
    await add(owner, member({ role: 'cleaner' }));
    await add(other, member());
    const res = await owner.as({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.counts).toEqual({ total: 4, admin: 1, manager: 1, cleaner: 2 });
    expect(list.users).toHaveLength(4);
    expect(list.users[0]).toMatchObject({ username: owner.body.username, role: 'admin', isOwner: true, isActive: true });
    expect(res.body).not.toMatch(/argon2|passwordHash|crew-pass/);
  });
});

describe('POST /api/users', () => {
  it('creates one member on a double-click with one Idempotency-Key, and answers both with the same 201', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member();
    const headers = { 'idempotency-key': `add-user-${process.pid}-${seq}` };
    const send = () => owner.as({ method: 'POST', url: '/api/users', payload: body, headers });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const named = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, body.username));
    expect(named).toHaveLength(1);
    // A retry after the answer was lost gets the same answer too, not "username taken".
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });

  it('keeps both password entries out of the stored fingerprint: a retry with them retyped is the same request', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member();
    const headers = { 'idempotency-key': `retyped-${process.pid}-${seq}` };
    const first = await owner.as({ method: 'POST', url: '/api/users', payload: body, headers });
    expect(first.statusCode).toBe(201);
    const retyped = { ...body, password: 'other-pass-2', confirmPassword: 'other-pass-2' };
    const retry = await owner.as({ method: 'POST', url: '/api/users', payload: retyped, headers });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });

  it('creates a member who signs in with the given role, and writes the audit entry without the hash', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member({ role: 'cleaner' });
    const res = await add(owner, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: body.username, role: 'cleaner', isOwner: false, isActive: true, email: body.email });
    const signedIn = await signIn(body);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ role: 'cleaner', projectId: owner.user.projectId });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.username, body.username));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit).toMatchObject({ action: 'user.created', actorType: 'user', actorId: owner.user.id, actorName: owner.body.username });
    expect(audit.after).toMatchObject({ username: body.username, role: 'cleaner' });
    expect(JSON.stringify(audit)).not.toMatch(/argon2|passwordHash/);
  });

  it.each([
    ['no first name', { firstName: '' }, 'firstName'],
    ['no username', { username: ' ' }, 'username'],
    ['no email', { email: '' }, 'email'],
    ['a malformed email', { email: 'nope' }, 'email'],
    ['no password', { password: '' }, 'password'],
    ['a password of 7 characters', { password: '1234567', confirmPassword: '1234567' }, 'password'],
    ['an unknown role', { role: 'boss' }, 'role'],
  ])('refuses %s with 400 naming the field, and creates nobody', async (_label, override, field) => {
    const owner = await registerAndLogin(ctx.app);
    const res = await add(owner, member(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    expect((await owner.as({ method: 'GET', url: '/api/users' })).json().counts.total).toBe(1);
  });

  it('refuses passwords that do not match with passwords_mismatch', async () => {
    const owner = await registerAndLogin(ctx.app);
    const res = await add(owner, member({ confirmPassword: 'crew-pass-2' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passwords_mismatch');
    expect((await owner.as({ method: 'GET', url: '/api/users' })).json().counts.total).toBe(1);
  });

  it('refuses a username taken in any project, in any case, with 409 username_taken', async () => {
    const owner = await registerAndLogin(ctx.app);
    const other = await registerAndLogin(ctx.app);
    const first = member();
    expect((await add(other, first)).statusCode).toBe(201);
    for (const username of [first.username.toUpperCase(), owner.body.username.toUpperCase()]) {
      const res = await add(owner, member({ username }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('username_taken');
    }
  });

  it('maps a violation of the case-free unique index to username_taken (two creates at once)', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member();
    const [a, b] = await Promise.all([add(owner, body), add(owner, { ...body, username: body.username.toUpperCase() })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('username_taken');
  });
});

describe('sign-in', () => {
  it('compares usernames without regard to case', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member({ username: `MiXed${process.pid}x${++seq}` });
    expect((await add(owner, body)).statusCode).toBe(201);
    expect((await signIn({ username: body.username.toLowerCase(), password: body.password })).status).toBe(200);
    expect((await signIn({ username: body.username.toUpperCase(), password: body.password })).status).toBe(200);
  });
});

describe('PUT /api/users/:id', () => {
  it('changes a member and writes before and after to the audit log', async () => {
    const owner = await registerAndLogin(ctx.app);
    const created = (await add(owner, member())).json();
    const res = await edit(owner, created.id, { ...editable(created), firstName: 'Moshe', role: 'cleaner' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Moshe', role: 'cleaner' });
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'user.updated')));
    expect(audit.before).toMatchObject({ firstName: 'Yossi', role: 'manager' });
    expect(audit.after).toMatchObject({ firstName: 'Moshe', role: 'cleaner' });
    expect(JSON.stringify(audit)).not.toMatch(/argon2|passwordHash/);
  });

  it('keeps the password when none is given, and ends every session when it changes', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member();
    const created = (await add(owner, body)).json();
    const first = await signIn(body);
    const second = await signIn(body);
    expect((await edit(owner, created.id, { ...editable(created), password: '' })).statusCode).toBe(200);
    expect((await first.as('/api/auth/user')).statusCode).toBe(200);
    const mismatch = await edit(owner, created.id, { ...editable(created), password: 'new-pass-99', confirmPassword: 'other-pass' });
    expect(mismatch.json().code).toBe('passwords_mismatch');
    expect((await first.as('/api/auth/user')).statusCode).toBe(200);
    const changed = await edit(owner, created.id, { ...editable(created), password: 'new-pass-99', confirmPassword: 'new-pass-99' });
    expect(changed.statusCode).toBe(200);
    expect((await first.as('/api/auth/user')).statusCode).toBe(401);
    expect((await second.as('/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(body)).status).toBe(401);
    expect((await signIn({ username: body.username, password: 'new-pass-99' })).status).toBe(200);
  });

  it('ends the sessions of a member who is deactivated, and refuses their sign-in', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member();
    const created = (await add(owner, body)).json();
    const session = await signIn(body);
    expect((await session.as('/api/auth/user')).statusCode).toBe(200);
    expect((await edit(owner, created.id, { ...editable(created), isActive: false })).statusCode).toBe(200);
    expect((await session.as('/api/auth/user')).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, created.id))).toEqual([]);
    expect((await signIn(body)).status).toBe(401);
  });

  it('refuses to deactivate yourself with cannot_delete_self', async () => {
    const owner = await registerAndLogin(ctx.app);
    const admin = member({ role: 'admin' });
    await add(owner, admin);
    const second = await signIn(admin);
    const me = second.body;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      payload: { ...editable(me), isActive: false },
      headers: { cookie: (await login(ctx.app, admin, { headers: clientAddress() })).cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('cannot_delete_self');
  });

  it.each([
    ['demoted', { role: 'manager' }],
    ['deactivated', { isActive: false }],
    ['given a new password', { password: 'taken-over-1', confirmPassword: 'taken-over-1' }],
    ['given a new username', { username: 'taken-over-owner' }],
    ['given a new email', { email: 'taken-over@example.com' }],
  ])('refuses the owner %s by another admin with owner_protected', async (_label, change) => {
    const owner = await registerAndLogin(ctx.app);
    const admin = member({ role: 'admin' });
    await add(owner, admin);
    const { cookie } = await login(ctx.app, admin, { headers: clientAddress() });
    const list = (await owner.as({ method: 'GET', url: '/api/users' })).json();
    const ownerRow = list.users.find((u: { isOwner: boolean }) => u.isOwner);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${ownerRow.id}`,
      payload: { ...editable(ownerRow), ...change },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('owner_protected');
    // Still signed in (no password change ended the session), still an active admin, same username and email.
    expect((await owner.as({ method: 'GET', url: '/api/auth/user' })).json()).toMatchObject({
      role: 'admin',
      isActive: true,
      username: ownerRow.username,
      email: ownerRow.email,
    });
  });

  it('refuses to demote the last active admin with last_admin, and lets one of two go', async () => {
    // A project whose registrant is no longer marked as its owner: the rule must not lean on the owner.
    const owner = await registerAndLogin(ctx.app);
    await ctx.app.db.update(users).set({ isOwner: false }).where(eq(users.id, owner.user.id));
    const me = (await owner.as({ method: 'GET', url: '/api/auth/user' })).json();
    const alone = await edit(owner, me.id, { ...editable(me), role: 'manager' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().code).toBe('last_admin');
    expect((await owner.as({ method: 'GET', url: '/api/auth/user' })).json().role).toBe('admin');
    const second = member({ role: 'admin' });
    await add(owner, second);
    expect((await edit(owner, me.id, { ...editable(me), role: 'manager' })).statusCode).toBe(200);
    // Now the second admin is the last one.
    const secondSession = await login(ctx.app, second, { headers: clientAddress() });
    const secondMe = secondSession.res.json();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${secondMe.id}`,
      payload: { ...editable(secondMe), role: 'cleaner' },
      headers: { cookie: secondSession.cookie },
    });
    expect(res.json().code).toBe('last_admin');
  });

  it("answers 404 user_not_found for another project's member", async () => {
    const owner = await registerAndLogin(ctx.app);
    const other = await registerAndLogin(ctx.app);
    const stranger = (await add(other, member())).json();
    const res = await edit(owner, stranger.id, { ...editable(stranger), firstName: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('user_not_found');
    expect((await remove(owner, stranger.id)).json().code).toBe('user_not_found');
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row.firstName).toBe('Yossi');
  });

  it('refuses a username another member has, in any case', async () => {
    const owner = await registerAndLogin(ctx.app);
    const a = (await add(owner, member())).json();
    const b = (await add(owner, member())).json();
    const res = await edit(owner, b.id, { ...editable(b), username: a.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('username_taken');
    // Changing only the case of one's own name is no conflict.
    expect((await edit(owner, b.id, { ...editable(b), username: b.username.toUpperCase() })).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a member, ends their sessions at once, and writes the audit entry', async () => {
    const owner = await registerAndLogin(ctx.app);
    const body = member();
    const created = (await add(owner, body)).json();
    const session = await signIn(body);
    expect((await session.as('/api/auth/user')).statusCode).toBe(200);
    const res = await remove(owner, created.id);
    expect(res.statusCode).toBe(200);
    expect((await session.as('/api/auth/user')).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, created.id))).toEqual([]);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'user.deleted')));
    expect(audit).toMatchObject({ actorId: owner.user.id, actorName: owner.body.username });
    expect(audit.before).toMatchObject({ username: body.username });
    expect(JSON.stringify(audit)).not.toMatch(/argon2|passwordHash/);
  });

  it('refuses to delete yourself with cannot_delete_self and the owner with owner_protected', async () => {
    const owner = await registerAndLogin(ctx.app);
    const self = await remove(owner, owner.user.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('cannot_delete_self');
    const admin = member({ role: 'admin' });
    await add(owner, admin);
    const { cookie } = await login(ctx.app, admin, { headers: clientAddress() });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('owner_protected');
    expect((await owner.as({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });
});

describe('who may manage users', () => {
  it('refuses a manager and a cleaner with 403 on every users route', async () => {
    const owner = await registerAndLogin(ctx.app);
    for (const role of ['manager', 'cleaner']) {
      const body = member({ role });
      const created = (await add(owner, body)).json();
      const { cookie } = await login(ctx.app, body, { headers: clientAddress() });
      const calls = [
        { method: 'GET', url: '/api/users' },
        { method: 'POST', url: '/api/users', payload: member() },
        { method: 'PUT', url: `/api/users/${created.id}`, payload: { ...editable(created), role: 'admin' } },
        { method: 'DELETE', url: `/api/users/${owner.user.id}` },
      ] as const;
      for (const call of calls) expect((await ctx.app.inject({ ...call, headers: { cookie } })).statusCode).toBe(403);
    }
  });
});
