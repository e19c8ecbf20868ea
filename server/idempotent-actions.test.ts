import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idempotentRequests, projects, units } from './db/schema/index.ts';
import { upsertPlatformAdmin } from './modules/auth/auth.service.ts';
import { clientAddress, createTestApp, login, registerAndLogin, type TestContext } from './test/helpers.ts';

/**
 * Actions that a double-click repeats answer the second click as the first
 * (docs/decisions/015-idempotent-creates.md): the second request with the same key does nothing and
 * gets the same answer, instead of a red "not found" or "already inactive" after a success.
 */
let ctx: TestContext;
const PLATFORM = { username: 'idempotent-admin', password: 'platform-secret-1' };
beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-03-10T09:00:00Z') });
  await upsertPlatformAdmin(ctx.app.db, PLATFORM.username, PLATFORM.password);
});
afterAll(async () => ctx?.close());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
let seq = 0;
const keyOf = (name: string) => ({ 'idempotency-key': `${name}-${process.pid}-${(seq += 1)}` });

async function addMember(owner: Owner) {
  seq += 1;
  const username = `twice${process.pid}m${seq}`;
  const res = await owner.as({
    method: 'POST',
    url: '/api/users',
    payload: {
      firstName: 'Dana',
      username,
      email: `${username}@example.com`,
      role: 'manager',
      password: 'crew-pass-1',
      confirmPassword: 'crew-pass-1',
    },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, username };
}

async function platformAdmin() {
  const session = await login(ctx.app, PLATFORM, { url: '/api/admin/login', headers: clientAddress() });
  expect(session.res.statusCode).toBe(200);
  return (opts: Parameters<Owner['as']>[0]) => ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: session.cookie } });
}

describe('a temporary password, clicked twice', () => {
  it('sets one password and shows it on both answers; the table keeps neither the password nor the key', async () => {
    const owner = await registerAndLogin(ctx.app);
    const member = await addMember(owner);
    const headers = keyOf('temp-pass');
    const send = () => owner.as({ method: 'POST', url: `/api/users/${member.id}/temporary-password`, headers });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const { temporaryPassword } = first.json() as { temporaryPassword: string };
    expect(second.json()).toEqual(first.json());
    // The password shown is the one that works: the repeat did not set another.
    expect(
      (await login(ctx.app, { username: member.username, password: temporaryPassword }, { headers: clientAddress() })).res.statusCode,
    ).toBe(200);
    const stored = await ctx.app.db
      .select()
      .from(idempotentRequests)
      .where(eq(idempotentRequests.route, 'POST /api/users/:id/temporary-password'));
    const text = JSON.stringify(stored);
    expect(stored.length).toBeGreaterThan(0);
    expect(text).not.toContain(temporaryPassword);
    expect(text).not.toContain(headers['idempotency-key']);
  });

  it('refuses the same key for another member instead of answering with the first member’s password', async () => {
    const owner = await registerAndLogin(ctx.app);
    const [a, b] = [await addMember(owner), await addMember(owner)];
    const headers = keyOf('temp-pass-two');
    expect((await owner.as({ method: 'POST', url: `/api/users/${a.id}/temporary-password`, headers })).statusCode).toBe(200);
    const other = await owner.as({ method: 'POST', url: `/api/users/${b.id}/temporary-password`, headers });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
  });
});

describe('deleting, clicked twice', () => {
  it('deletes the unit once and answers both clicks with the same 200', async () => {
    const owner = await registerAndLogin(ctx.app);
    const created = await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: `D${process.pid}` } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const headers = keyOf('delete-unit');
    const first = await owner.as({ method: 'DELETE', url: `/api/rooms/${id}`, headers });
    const second = await owner.as({ method: 'DELETE', url: `/api/rooms/${id}`, headers });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await ctx.app.db.select().from(units).where(eq(units.id, id))).toEqual([]);
    // Without the key, a second delete still says the unit is gone.
    expect((await owner.as({ method: 'DELETE', url: `/api/rooms/${id}` })).statusCode).toBe(404);
  });
});

describe('platform actions, clicked twice', () => {
  it('deactivates once and answers both clicks alike, where the second used to be 409 project_already_inactive', async () => {
    const owner = await registerAndLogin(ctx.app);
    const asAdmin = await platformAdmin();
    const headers = keyOf('deactivate');
    const send = () =>
      asAdmin({ method: 'PUT', url: `/api/admin/projects/${owner.user.projectId}/deactivate`, payload: { reason: 'unpaid' }, headers });
    const first = await send();
    const second = await send();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, owner.user.projectId));
    expect(row!.status).toBe('inactive');

    const again = keyOf('reactivate');
    const reactivate = () => asAdmin({ method: 'PUT', url: `/api/admin/reactivate-account/${owner.user.projectId}`, headers: again });
    const [on1, on2] = [await reactivate(), await reactivate()];
    expect([on1.statusCode, on2.statusCode]).toEqual([200, 200]);
    expect(on2.json()).toEqual(on1.json());
  });

  it('runs billing once for a double-click: both answers show the run that happened', async () => {
    await registerAndLogin(ctx.app);
    ctx.clock.now = new Date('2025-04-20T09:00:00Z'); // the project's first month is due
    const asAdmin = await platformAdmin();
    const headers = keyOf('billing-run');
    const asOf = '2025-04-20';
    const send = () => asAdmin({ method: 'POST', url: '/api/admin/billing/run', payload: { asOf }, headers });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().invoicesCreated).toBeGreaterThan(0);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });
});
