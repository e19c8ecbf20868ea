import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { auditLog, projects, users } from '../../db/schema/index.ts';
import { clientAddress, createTestApp, registerAndLogin, registration, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const register = (payload: Record<string, unknown>, headers = clientAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/register', payload, headers });
const rowCounts = async () => ({
  projects: (await ctx.app.db.select({ n: count() }).from(projects))[0].n,
  users: (await ctx.app.db.select({ n: count() }).from(users))[0].n,
});

describe('registration and sign-in', () => {
  it('registers a project whose owner can sign in and read the current user', async () => {
    const { as, user, body } = await registerAndLogin(ctx.app);
    expect(user.username).toBe(body.username);
    const me = await as({ method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: body.username, role: 'admin', isOwner: true, facilityName: body.facilityName });
  });

  it('answers 201 with the project name and stores the owner, the project and an audit entry', async () => {
    const body = registration({ facilityType: 'residential' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: `Project ${body.facilityName} registered`,
      user: { username: body.username, role: 'admin', isOwner: true, facilityType: 'residential', projectStatus: 'active' },
    });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.username, body.username));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(body.password);
    const [project] = await ctx.app.db.select().from(projects).where(eq(projects.id, row.projectId));
    expect(project).toMatchObject({ name: body.facilityName, status: 'active', timezone: 'Asia/Jerusalem', monthlyPriceAgorot: 139_900 });
    expect(project.qrId.length).toBeGreaterThanOrEqual(22);
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.projectId, project.id));
    expect(audit.map((a) => a.action)).toEqual(['project.registered']);
  });

  it('refuses a second registration with the same username', async () => {
    const body = registration();
    expect((await register(body)).statusCode).toBe(201);
    const before = await rowCounts();
    const again = await register({ ...body, facilityName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Username already exists');
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
  });
});

describe('registration rules', () => {
  it.each([
    ['a blank username', { username: '   ' }, 'username'],
    ['a blank project name', { facilityName: '' }, 'facilityName'],
    ['a password under 8 characters', { password: '1234567' }, 'password'],
    ['a missing card holder', { cardHolderName: '' }, 'cardHolderName'],
    ['a card number over 19 characters', { cardNumber: '42424242424242424242' }, 'cardNumber'],
    ['a CVV of 4 digits', { cardCvv: '1234' }, 'cardCvv'],
    ['expiry month 13', { cardExpiryMonth: 13 }, 'cardExpiryMonth'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['an unknown project type', { facilityType: 'castle' }, 'facilityType'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_label, override, field) => {
    const before = await rowCounts();
    const res = await register(registration(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['a card number failing the Luhn check', { cardNumber: '4242424242424241' }, 400, 'card_invalid', 'The card number is not valid'],
    // A year long past on any clock: last year by the machine's local time was this year in UTC for 2 h on 31 Dec east of Greenwich.
    ['an expired card', { cardExpiryYear: 2020 }, 400, 'card_expired', 'The card has expired'],
    [
      'a declined card',
      { cardNumber: '4000000000000002' },
      402,
      'card_declined',
      'The card was declined by the card issuer. Please use another card.',
    ],
  ])('refuses %s and writes nothing', async (_label, override, status, code, message) => {
    const before = await rowCounts();
    const res = await register(registration(override));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, message });
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['a lower price', 1],
    ['zero', 0],
    ['a higher price', 5000],
    ['text', 'abc'],
  ])('ignores %s sent by the registrant and stores the platform price', async (_label, monthlyPrice) => {
    const { as } = await registerAndLogin(ctx.app, { monthlyPrice });
    expect((await as({ method: 'GET', url: '/api/user/profile' })).json().monthlyPrice).toBe(1399);
  });

  it('shows the current price with the VAT in force today, the first month free', async () => {
    ctx.clock.now = new Date('2024-12-31T12:00:00Z');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/pricing' })).json()).toEqual({
      monthlyPrice: 1399,
      vatBasisPoints: 1700,
      monthlyPriceWithVat: 1637,
      freeMonths: 1,
    });
    ctx.clock.now = new Date('2025-01-01T12:00:00Z');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/pricing' })).json()).toEqual({
      monthlyPrice: 1399,
      vatBasisPoints: 1800,
      monthlyPriceWithVat: 1651,
      freeMonths: 1,
    });
    ctx.clock.now = new Date();
  });

  it('refuses a username that differs from a taken one only in case', async () => {
    const first = await registerAndLogin(ctx.app);
    const res = await register(registration({ username: first.body.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('username_taken');
  });

  it('accepts the optional fields empty and defaults the project type to construction', async () => {
    const { as } = await registerAndLogin(ctx.app, { email: '', firstName: '', phone: undefined, facilityType: undefined });
    const me = (await as({ method: 'GET', url: '/api/auth/user' })).json();
    expect(me).toMatchObject({ email: null, firstName: null, phone: null, facilityType: 'construction' });
  });
});

describe('registration rate limit', () => {
  it('allows one client 20 registration attempts an hour, then answers 429', async () => {
    const from = clientAddress();
    for (let i = 0; i < 20; i++) {
      // Invalid attempts count too (and cost no password hashing).
      expect((await register(registration({ facilityName: '' }), from)).statusCode).toBe(400);
    }
    const blocked = await register(registration(), from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'rate_limited', message: expect.any(String) });
    // Another client is not affected.
    expect((await register(registration())).statusCode).toBe(201);
  });
});
