import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { auditLog, users } from '../../db/schema/index.ts';
import { upsertPlatformAdmin } from '../auth/auth.service.ts';
import { clientAddress, cookieOf, createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';

/** Every message the in-process SMTP server received: envelope recipient and raw text. */
const inbox: { to: string; text: string }[] = [];
let smtp: SMTPServer;
let ctx: TestContext;
let noMail: TestContext;
const PLATFORM = { username: 'platform-resets', password: 'platform-secret-1' };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestApp({
    config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Shalav <no-reply@shalav.test>' }, publicUrl: 'https://shalav.test' },
  });
  noMail = await createTestApp();
  await upsertPlatformAdmin(ctx.app.db, PLATFORM.username, PLATFORM.password);
});
afterAll(async () => {
  await ctx?.close();
  await noMail?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
const get = (app: TestContext, cookie: string, url: string) => app.app.inject({ method: 'GET', url, headers: { cookie } });
const signIn = (username: string, password: string) => login(ctx.app, { username, password }, { headers: clientAddress() });
let seq = 0;
async function addMember(owner: Owner, role = 'manager') {
  seq += 1;
  const username = `crew${process.pid}r${seq}`;
  const res = await owner.as({
    method: 'POST',
    url: '/api/users',
    payload: {
      firstName: 'Yossi',
      username,
      email: `${username}@example.com`,
      role,
      password: 'crew-pass-1',
      confirmPassword: 'crew-pass-1',
    },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, username, password: 'crew-pass-1' };
}
const setTemporary = (owner: Owner, id: string) => owner.as({ method: 'POST', url: `/api/users/${id}/temporary-password` });
const changePassword = (cookie: string, currentPassword: string, next = 'my-own-pass-9') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/password',
    payload: { currentPassword, newPassword: next, confirmPassword: next },
    headers: { cookie },
  });

describe('a temporary password from the project admin', () => {
  it('ends the member’s sessions; their next sign-in can do nothing but choose a new password', async () => {
    const owner = await registerAndLogin(ctx.app);
    const member = await addMember(owner);
    const before = await signIn(member.username, member.password);
    const res = await setTemporary(owner, member.id);
    expect(res.statusCode).toBe(200);
    const { username, temporaryPassword } = res.json() as { username: string; temporaryPassword: string };
    expect(username).toBe(member.username);
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await get(ctx, before.cookie, '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(member.username, member.password)).res.statusCode).toBe(401);

    const temp = await signIn(member.username, temporaryPassword);
    expect(temp.res.statusCode).toBe(200);
    expect(temp.res.json()).toMatchObject({ mustChangePassword: true, passwordResetBy: 'admin' });
    expect((await get(ctx, temp.cookie, '/api/auth/user')).json().mustChangePassword).toBe(true);
    const blocked = await get(ctx, temp.cookie, '/api/rooms');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('password_change_required');

    const changed = await changePassword(temp.cookie, temporaryPassword);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ mustChangePassword: false, passwordResetBy: null });
    expect((await get(ctx, cookieOf(changed), '/api/rooms')).statusCode).toBe(200);
    expect((await signIn(member.username, 'my-own-pass-9')).res.json().mustChangePassword).toBe(false);

    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'user.temporary_password_set'));
    expect(entry).toMatchObject({ entityId: member.id, actorName: owner.body.username });
    expect(JSON.stringify(entry)).not.toContain(temporaryPassword);
  });

  it('is refused for the owner, for oneself, for another project’s member, and to a manager', async () => {
    const owner = await registerAndLogin(ctx.app);
    const other = await registerAndLogin(ctx.app);
    const admin = await addMember(owner, 'admin');
    const manager = await addMember(owner, 'manager');
    const adminSession = await signIn(admin.username, admin.password);
    const asAdmin = (id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/users/${id}/temporary-password`, headers: { cookie: adminSession.cookie } });
    const ownerHash = (await ctx.app.db.select().from(users).where(eq(users.id, owner.user.id)))[0]!.passwordHash;

    const onOwner = await asAdmin(owner.user.id);
    expect(onOwner.statusCode).toBe(409);
    expect(onOwner.json().code).toBe('owner_protected');
    expect((await asAdmin(admin.id)).json().code).toBe('own_password_reset');
    const foreign = await setTemporary(other, manager.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('user_not_found');
    const managerSession = await signIn(manager.username, manager.password);
    const byManager = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${admin.id}/temporary-password`,
      headers: { cookie: managerSession.cookie },
    });
    expect(byManager.statusCode).toBe(403);
    expect((await ctx.app.db.select().from(users).where(eq(users.id, owner.user.id)))[0]!.passwordHash).toBe(ownerHash);
    expect((await signIn(manager.username, manager.password)).res.statusCode).toBe(200);
  });
});

describe('while a password change is required', () => {
  it('every signed-in route but the two that choose the password answers 403 password_change_required', async () => {
    const owner = await registerAndLogin(ctx.app);
    const member = await addMember(owner, 'admin');
    const temp = await signIn(member.username, (await setTemporary(owner, member.id)).json().temporaryPassword);
    const allowed = new Set(['GET /api/auth/user', 'PUT /api/user/password']);
    const signedIn = ctx.app.routeAccess.filter(
      (r) => ['member', 'manager', 'admin'].includes(r.access) && r.method !== 'HEAD' && !allowed.has(`${r.method} ${r.url}`),
    );
    expect(signedIn.length).toBeGreaterThan(30);
    for (const route of signedIn) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
      const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: { cookie: temp.cookie } });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode, code: res.json().code }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        code: 'password_change_required',
      });
    }
    expect((await get(ctx, temp.cookie, '/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses keeping the temporary password as one’s own', async () => {
    const owner = await registerAndLogin(ctx.app);
    const member = await addMember(owner);
    const { temporaryPassword } = (await setTemporary(owner, member.id)).json() as { temporaryPassword: string };
    const temp = await signIn(member.username, temporaryPassword);
    const kept = await changePassword(temp.cookie, temporaryPassword, temporaryPassword);
    expect(kept.statusCode).toBe(400);
    expect(kept.json().code).toBe('password_unchanged');
    expect((await get(ctx, temp.cookie, '/api/auth/user')).json().mustChangePassword).toBe(true);
  });

  it('lets a member locked out by wrong guesses in with the temporary password at once', async () => {
    const owner = await registerAndLogin(ctx.app);
    const member = await addMember(owner);
    const from = clientAddress();
    for (let i = 0; i < 10; i += 1) await login(ctx.app, { username: member.username, password: 'forgotten-1' }, { headers: from });
    expect((await login(ctx.app, { username: member.username, password: member.password }, { headers: from })).res.statusCode).toBe(429);
    const { temporaryPassword } = (await setTemporary(owner, member.id)).json() as { temporaryPassword: string };
    expect((await login(ctx.app, { username: member.username, password: temporaryPassword }, { headers: from })).res.statusCode).toBe(200);
  });

  it('of two changes sent at once, one wins and the other is told the current password no longer holds', async () => {
    const owner = await registerAndLogin(ctx.app);
    const results = await Promise.all([
      changePassword(owner.cookie, owner.body.password, 'first-pass-11'),
      changePassword(owner.cookie, owner.body.password, 'second-pass-22'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results.find((r) => r.statusCode === 200)!;
    expect(results.find((r) => r.statusCode === 400)!.json().code).toBe('current_password_wrong');
    expect((await get(ctx, cookieOf(winner), '/api/auth/user')).statusCode).toBe(200);
  });

  it('an admin changes their own password only with the current one, not through the team screen', async () => {
    const owner = await registerAndLogin(ctx.app);
    const me = (await owner.as({ method: 'GET', url: '/api/auth/user' })).json() as Record<string, unknown>;
    const res = await owner.as({
      method: 'PUT',
      url: `/api/users/${owner.user.id}`,
      payload: {
        firstName: me.firstName,
        lastName: me.lastName,
        username: me.username,
        email: me.email,
        phone: me.phone,
        role: 'admin',
        isActive: true,
        password: 'sneaky-pass-1',
        confirmPassword: 'sneaky-pass-1',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('own_password_reset');
    expect((await signIn(owner.body.username, owner.body.password)).res.statusCode).toBe(200);
  });
});

describe('the platform admin resets an owner', () => {
  it('sets a temporary password the owner must change, says so at sign-in, and writes the audit log', async () => {
    const owner = await registerAndLogin(ctx.app);
    const platform = await login(ctx.app, PLATFORM, { url: '/api/admin/login', headers: clientAddress() });
    const reset = (id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/projects/${id}/owner-temporary-password`, headers: { cookie: platform.cookie } });
    expect((await reset('00000000-0000-4000-8000-000000000000')).json().code).toBe('project_not_found');
    expect(
      (await owner.as({ method: 'POST', url: `/api/admin/projects/${owner.user.projectId}/owner-temporary-password` })).statusCode,
    ).toBe(401);

    const res = await reset(owner.user.projectId);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(owner.body.username);
    expect((await get(ctx, owner.cookie, '/api/auth/user')).statusCode).toBe(401);
    const temp = await signIn(owner.body.username, res.json().temporaryPassword);
    expect(temp.res.json()).toMatchObject({ mustChangePassword: true, passwordResetBy: 'platformAdmin' });
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'owner.temporary_password_set'));
    expect(entry).toMatchObject({
      projectId: owner.user.projectId,
      entityId: owner.user.id,
      actorType: 'platform-admin',
      actorName: PLATFORM.username,
    });
  });
});

/** A received message's subject and text, its MIME encodings undone (base64 or quoted-printable, encoded words). */
function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const qp = (text: string) =>
    Buffer.from(
      text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : encoding === 'quoted-printable' ? qp(body) : body;
  const subject = header('Subject').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, word: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : qp(word.replace(/_/g, ' ')),
  );
  return { subject, text };
}

/** The newest e-mail to an address, once every send under way has finished. */
async function mailTo(address: string) {
  await ctx.app.pendingMail.settle();
  const mail = inbox.filter((m) => m.to === address).at(-1);
  if (!mail) throw new Error(`no e-mail reached ${address}`);
  return decodeMail(mail.text);
}
/** The token of the reset link in the newest e-mail to an address. */
async function linkSentTo(address: string): Promise<string> {
  const { text } = await mailTo(address);
  const match = /https:\/\/shalav\.test\/reset-password\?lng=[a-z]{2}#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}
const forgot = (app: TestContext, username: string, language = 'en') =>
  app.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { username, language }, headers: clientAddress() });
const resetWith = (token: string, password = 'reset-pass-77') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: password, confirmPassword: password },
    headers: clientAddress(),
  });

describe('forgot password by e-mail', () => {
  it('answers the same whether or not the username exists, and mails only a real user', async () => {
    const owner = await registerAndLogin(ctx.app);
    const known = await forgot(ctx, owner.body.username.toUpperCase());
    const unknown = await forgot(ctx, 'nobody-by-this-name');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await linkSentTo(owner.body.email);
    expect(inbox.filter((m) => m.to === owner.body.email)).toHaveLength(1);
    expect(inbox.some((m) => decodeMail(m.text).text.includes('nobody-by-this-name'))).toBe(false);
  });

  it('answers a double-click on "set password" with one Idempotency-Key twice with "Password changed"', async () => {
    const owner = await registerAndLogin(ctx.app);
    await forgot(ctx, owner.body.username);
    const token = await linkSentTo(owner.body.email);
    const headers = { ...clientAddress(), 'idempotency-key': `reset-${process.pid}-${token.slice(0, 8)}` };
    const payload = { token, newPassword: 'reset-pass-88', confirmPassword: 'reset-pass-88' };
    const send = () => ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, headers });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect((await signIn(owner.body.username, 'reset-pass-88')).res.statusCode).toBe(200);
  });

  it('writes the e-mail in the language asked for', async () => {
    const owner = await registerAndLogin(ctx.app);
    await forgot(ctx, owner.body.username, 'he');
    const mail = await mailTo(owner.body.email);
    expect(mail.subject).toBe('איפוס הסיסמה שלך בשלב');
    expect(mail.text).toContain('שלום Dana,');
    expect(mail.text).toContain('הקישור תקף ל-30 דקות');
    expect(mail.text).toMatch(/https:\/\/shalav\.test\/reset-password\?lng=he#token=/);
  });

  it('a Russian e-mail links to the reset page in Russian', async () => {
    const owner = await registerAndLogin(ctx.app);
    await forgot(ctx, owner.body.username, 'ru');
    const mail = await mailTo(owner.body.email);
    expect(mail.subject).toBe('Сброс пароля в Shalav');
    expect(mail.text).toMatch(/https:\/\/shalav\.test\/reset-password\?lng=ru#token=[A-Za-z0-9_-]{20,}/);
  });

  it('a link sets a new password once, ends every session, and is refused when used or expired', async () => {
    const owner = await registerAndLogin(ctx.app);
    await forgot(ctx, owner.body.username);
    const token = await linkSentTo(owner.body.email);
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'reset-pass-77', confirmPassword: 'other-pass-77' },
    });
    expect(mismatch.json().code).toBe('passwords_mismatch');
    expect((await resetWith(token)).statusCode).toBe(200);
    expect((await get(ctx, owner.cookie, '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(owner.body.username, 'reset-pass-77')).res.statusCode).toBe(200);
    const again = await resetWith(token, 'third-pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('reset_link_invalid');
    expect((await signIn(owner.body.username, 'reset-pass-77')).res.statusCode).toBe(200);

    await forgot(ctx, owner.body.username);
    const late = await linkSentTo(owner.body.email);
    expect(late).not.toBe(token);
    ctx.clock.now = new Date(Date.now() + 31 * 60_000);
    try {
      const expired = await resetWith(late, 'fourth-pass-7');
      expect(expired.json().code).toBe('reset_link_expired');
    } finally {
      ctx.clock.now = new Date();
    }
    expect((await signIn(owner.body.username, 'reset-pass-77')).res.statusCode).toBe(200);
    expect((await resetWith('x'.repeat(43))).json().code).toBe('reset_link_invalid');
  });

  it('two tabs using one link at once: exactly one sets its password, the other is told the link was used', async () => {
    const owner = await registerAndLogin(ctx.app);
    await forgot(ctx, owner.body.username);
    const token = await linkSentTo(owner.body.email);
    const answers = await Promise.all([resetWith(token, 'tab-one-pass-1'), resetWith(token, 'tab-two-pass-2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.statusCode === 400)!;
    expect(loser.json().code).toBe('reset_link_invalid');
    const winner = answers[0].statusCode === 200 ? 'tab-one-pass-1' : 'tab-two-pass-2';
    const other = winner === 'tab-one-pass-1' ? 'tab-two-pass-2' : 'tab-one-pass-1';
    expect((await signIn(owner.body.username, winner)).res.statusCode).toBe(200);
    expect((await signIn(owner.body.username, other)).res.statusCode).toBe(401);
  });

  it('voids the links sent when the e-mail address or the password changes another way', async () => {
    const owner = await registerAndLogin(ctx.app);
    await forgot(ctx, owner.body.username);
    const beforeEmail = await linkSentTo(owner.body.email);
    await owner.as({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'Dana', email: 'new-address@example.com' } });
    expect((await resetWith(beforeEmail)).json().code).toBe('reset_link_invalid');

    const member = await addMember(owner);
    await forgot(ctx, member.username);
    const beforeTemporary = await linkSentTo(`${member.username}@example.com`);
    await setTemporary(owner, member.id);
    expect((await resetWith(beforeTemporary)).json().code).toBe('reset_link_invalid');
  });

  it('sends at most three links to one user in 30 minutes, answering the same each time', async () => {
    const owner = await registerAndLogin(ctx.app);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await forgot(ctx, owner.body.username));
    await ctx.app.pendingMail.settle();
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(inbox.filter((m) => m.to === owner.body.email)).toHaveLength(3);
  });

  it('says plainly when the server has no SMTP, whatever the username', async () => {
    const res = await forgot(noMail, 'anyone');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('password_reset_unavailable');
    expect((await noMail.app.inject({ method: 'GET', url: '/api/auth/options' })).json()).toEqual({ passwordResetByEmail: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/options' })).json()).toEqual({ passwordResetByEmail: true });
  });
});
