import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects, users } from '../../db/schema/index.ts';
import { clientAddress, createTestApp, dumpAllTables, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { hashPassword } from './auth.service.ts';

const logLines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  // Everything the server logs, at the most verbose level, is captured.
  ctx = await createTestApp({ logger: { level: 'trace', stream } });
});
afterAll(async () => ctx?.close());

const CARD = { number: '5105105105105100', cvv: '987' };
const NEW_CARD = { number: '4012888888881881', cvv: '741' };
const cardPayload = (number: string, cvv: string, year = new Date().getFullYear() + 3) => ({
  cardHolderName: 'Dana Levi',
  cardNumber: number,
  cardExpiryMonth: 7,
  cardExpiryYear: year,
  cardCvv: cvv,
});

describe('card data is never kept', () => {
  it('stores no card number or CVV in any table or log line, from registration, card update, declined and invalid cards', async () => {
    const { as } = await registerAndLogin(ctx.app, { cardNumber: CARD.number, cardCvv: CARD.cvv });
    expect(
      (
        await as({
          method: 'PUT',
          url: '/api/user/credit-card',
          headers: clientAddress(),
          payload: cardPayload(NEW_CARD.number, NEW_CARD.cvv),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await as({ method: 'PUT', url: '/api/user/credit-card', headers: clientAddress(), payload: cardPayload('4000000000000002', '555') }))
        .statusCode,
    ).toBe(402);
    const invalid = await as({
      method: 'PUT',
      url: '/api/user/credit-card',
      headers: clientAddress(),
      payload: cardPayload('4111111111111112', '5556'),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).not.toContain('4111111111111112');

    const tables = await dumpAllTables(ctx.database);
    expect(tables).toContain('"card_last4":"1881"'); // the dump does see the projects table
    const logs = logLines.join('');
    expect(logLines.length).toBeGreaterThan(5); // and the log did capture the requests
    for (const secret of [CARD.number, NEW_CARD.number, '4000000000000002', '4111111111111112']) {
      expect(tables).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    for (const cvv of [CARD.cvv, NEW_CARD.cvv, '5556']) {
      expect(logs).not.toMatch(new RegExp(`"(cardCvv|cvv)":"?${cvv}`));
      expect(tables).not.toMatch(new RegExp(`cvv[^,]*${cvv}`, 'i'));
    }
    // No column anywhere is meant for them.
    expect(tables).not.toMatch(/"card_number"|"card_cvv"|"cvv"/);
  });
});

describe('GET /api/user/profile', () => {
  it("shows the owner's own record with billing data and the masked card only", async () => {
    ctx.clock.now = new Date('2026-01-31T10:00:00Z');
    const { as, body } = await registerAndLogin(ctx.app, { cardNumber: CARD.number, cardCvv: CARD.cvv });
    ctx.clock.now = new Date('2026-02-15T10:00:00Z');
    expect((await as({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401); // two weeks idle
    const { cookie } = await login(ctx.app, body, { headers: clientAddress() });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: body.username,
      facilityName: body.facilityName,
      monthlyPrice: 1399,
      paidUntil: null,
      // Registered on Jan 31: the next billing date clamps to the month's last day.
      nextBillingDate: '2026-02-28',
      card: {
        brand: 'mastercard',
        last4: '5100',
        expiryMonth: body.cardExpiryMonth,
        expiryYear: body.cardExpiryYear,
        holderName: 'Dana Levi',
      },
    });
    expect(res.body).not.toContain(CARD.number);
    expect(res.body).not.toContain('passwordHash');
    ctx.clock.now = new Date();
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/credit-card', () => {
  it('replaces the card and answers the profile with the new masked card', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const [before] = await ctx.app.db.select().from(projects).where(eq(projects.id, user.projectId));
    const res = await as({
      method: 'PUT',
      url: '/api/user/credit-card',
      headers: clientAddress(),
      payload: cardPayload('5555555555554444', '321', 2030),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toEqual({ brand: 'mastercard', last4: '4444', expiryMonth: 7, expiryYear: 2030, holderName: 'Dana Levi' });
    const [after] = await ctx.app.db.select().from(projects).where(eq(projects.id, user.projectId));
    expect(after.cardToken).not.toBe(before.cardToken);
    expect(after.cardLast4).toBe('4444');
  });

  it('answers a declined card with 402 and changes nothing', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const [before] = await ctx.app.db.select().from(projects).where(eq(projects.id, user.projectId));
    const res = await as({
      method: 'PUT',
      url: '/api/user/credit-card',
      headers: clientAddress(),
      payload: cardPayload('4000000000000002', '123'),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'card_declined', message: 'The card was declined by the card issuer. Please use another card.' });
    const [after] = await ctx.app.db.select().from(projects).where(eq(projects.id, user.projectId));
    expect(after).toEqual(before);
  });

  it('refuses invalid input with 400 and changes nothing', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const [before] = await ctx.app.db.select().from(projects).where(eq(projects.id, user.projectId));
    for (const payload of [
      cardPayload('4242424242424241', '123'),
      cardPayload('4242424242424242', '12'),
      { ...cardPayload('4242424242424242', '123'), cardExpiryMonth: 0 },
      cardPayload('4242424242424242', '123', 2001),
    ]) {
      expect((await as({ method: 'PUT', url: '/api/user/credit-card', headers: clientAddress(), payload })).statusCode).toBe(400);
    }
    const [after] = await ctx.app.db.select().from(projects).where(eq(projects.id, user.projectId));
    expect(after).toEqual(before);
  });
});

describe('PUT /api/user/cancel-account', () => {
  it('cancels the project, keeps it usable until the paid period ends, and refuses a second cancel with 409', async () => {
    ctx.clock.now = new Date('2026-03-10T09:00:00Z');
    const reg = await registerAndLogin(ctx.app);
    const { user } = reg;
    ctx.clock.now = new Date('2026-03-20T09:00:00Z');
    const { cookie } = await login(ctx.app, reg.body, { headers: clientAddress() });
    const as = (opts: { method: 'GET' | 'PUT'; url: string }) => ctx.app.inject({ ...opts, headers: { cookie } });
    const res = await as({ method: 'PUT', url: '/api/user/cancel-account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account cancelled', paidUntil: '2026-04-10' });
    const [project] = await ctx.app.db.select().from(projects).where(eq(projects.id, user.projectId));
    expect(project).toMatchObject({ status: 'cancelled', paidUntil: '2026-04-10' });
    const me = await as({ method: 'GET', url: '/api/auth/user' });
    expect(me.json().projectStatus).toBe('cancelled');
    expect((await as({ method: 'GET', url: '/api/user/profile' })).json().paidUntil).toBe('2026-04-10');

    const again = await as({ method: 'PUT', url: '/api/user/cancel-account' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'account_inactive', message: 'The account is not active' });
    ctx.clock.now = new Date();
  });
});

describe('roles', () => {
  it('lets a manager or worker see their profile but not change the card, cancel, or (a worker) change units', async () => {
    const owner = await registerAndLogin(ctx.app);
    const passwordHash = await hashPassword('member-pass');
    const rows = await ctx.app.db
      .insert(users)
      .values([
        { projectId: owner.user.projectId, username: `mgr-${owner.user.id}`, passwordHash, role: 'manager' },
        { projectId: owner.user.projectId, username: `wrk-${owner.user.id}`, passwordHash, role: 'cleaner' },
      ])
      .returning();
    const [manager, worker] = await Promise.all(
      rows.map(async (r) => (await login(ctx.app, { username: r.username, password: 'member-pass' }, { headers: clientAddress() })).cookie),
    );
    const [before] = await ctx.app.db.select().from(projects).where(eq(projects.id, owner.user.projectId));
    for (const cookie of [manager, worker]) {
      expect(cookie).not.toBe('');
      const req = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
        ctx.app.inject({ method, url, payload, headers: { cookie } });
      expect((await req('GET', '/api/user/profile')).statusCode).toBe(200);
      const card = await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/credit-card',
        payload: cardPayload('5555555555554444', '321'),
        headers: { cookie, ...clientAddress() },
      });
      expect(card.statusCode).toBe(403);
      expect(card.json()).toEqual({ code: 'forbidden', message: 'You do not have permission for this action' });
      expect((await req('PUT', '/api/user/cancel-account')).statusCode).toBe(403);
    }
    const workerReq = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, payload, headers: { cookie: worker } });
    // A worker with an account reads the map (docs/product.md "Permissions") but changes nothing,
    // and is not sent the project's card; a manager still sees it masked.
    expect((await workerReq('GET', '/api/user/profile')).json().card).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: manager } })).json().card).toMatchObject({
      last4: '4242',
    });
    expect((await workerReq('GET', '/api/rooms')).statusCode).toBe(200);
    expect((await workerReq('POST', '/api/rooms', { number: 'W101' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/rooms', headers: { cookie: manager } })).statusCode).toBe(200);
    const [after] = await ctx.app.db.select().from(projects).where(eq(projects.id, owner.user.projectId));
    expect(after).toEqual(before);
  });

  it('refuses project users on platform-admin routes', async () => {
    const { as } = await registerAndLogin(ctx.app);
    for (const url of ['/api/admin/users', '/api/admin/hotels', '/api/admin/customers-billing']) {
      const res = await as({ method: 'GET', url });
      // A project user's session is no platform session: 401, never data (server/plugins/access.ts).
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    }
  });
});
