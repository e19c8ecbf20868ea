import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLog, invoices, projects, sandboxCharges } from '../../db/schema/index.ts';
import { upsertPlatformAdmin } from '../auth/auth.service.ts';
import { signInMember } from '../schedules/test-support.ts';
import { buildApp } from '../../app.ts';
import { localDate } from '../../lib/calendar.ts';
import { clientAddress, createTestApp, login, registerAndLogin, testConfig, type TestContext } from '../../test/helpers.ts';
import { billableProjectIds, claimDueCharges, issueInvoices, vatTable, withBillingLock, type BillableProject } from './billing.queries.ts';
import { planInvoices, runBilling, SYSTEM_ACTOR } from './billing.service.ts';
import { startBillingScheduler } from './billing.scheduler.ts';

const ADMIN = { username: 'billing-admin', password: 'platform-secret-1' };
const DECLINES_ON_CHARGE = '4000000000000341';
const SELLER = { name: 'Shalav Ltd', registrationNumber: '516179157', address: '1 Herzl St, Tel Aviv' };

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp({ now: new Date('2024-05-10T09:00:00Z') });
  await upsertPlatformAdmin(ctx.app.db, ADMIN.username, ADMIN.password);
});
afterEach(async () => ctx?.close());

/** Signs in at the clock's time (sessions expire as the test clock moves by months) and sends one request. */
async function signedIn(creds: { username: string; password: string }, opts: InjectOptions, url = '/api/login') {
  const session = await login(ctx.app, creds, { url, headers: clientAddress() });
  expect(session.res.statusCode).toBe(200);
  return ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: session.cookie } });
}
const admin = (opts: InjectOptions) => signedIn(ADMIN, opts, '/api/admin/login');
const asOwner = (p: { body: { username: string; password: string } }, opts: InjectOptions) => signedIn(p.body, opts);

/** Registers a project on a date (its billing anchor), optionally with another card. */
async function projectOn(isoDate: string, cardNumber?: string) {
  ctx.clock.now = new Date(`${isoDate}T09:00:00Z`);
  return registerAndLogin(ctx.app, cardNumber ? { cardNumber } : {});
}
const at = (isoDate: string) => (ctx.clock.now = new Date(`${isoDate}T09:00:00Z`));
const run = (asOf: string) => runBilling(ctx.app, { asOf });
const invoicesOf = (projectId: string) =>
  ctx.app.db.select().from(invoices).where(eq(invoices.projectId, projectId)).orderBy(asc(invoices.periodStart));
const projectRow = async (projectId: string) => (await ctx.app.db.select().from(projects).where(eq(projects.id, projectId)))[0];
const card = (cardNumber: string) => ({
  cardHolderName: 'Dana Levi',
  cardNumber,
  cardExpiryMonth: 12,
  cardExpiryYear: 2030,
  cardCvv: '123',
});

describe('billing runs', () => {
  it('14 monthly runs across December 2024 and January 2025: 14 invoices, 17% then 18%, numbers without gaps', async () => {
    const { user } = await projectOn('2024-05-10');
    const dates = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2024, 5 + i, 10)).toISOString().slice(0, 10));
    for (const date of dates) {
      at(date);
      expect(await run(date)).toEqual({ invoicesCreated: 1, charged: 1, failed: 0 });
      expect(await run(date)).toEqual({ invoicesCreated: 0, charged: 0, failed: 0 });
    }
    const rows = await invoicesOf(user.projectId);
    expect(rows.map((r) => r.periodStart)).toEqual(dates);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(rows.every((r) => r.status === 'paid' && r.attempts === 1)).toBe(true);
    expect(rows[6]).toMatchObject({ periodStart: '2024-12-10', periodEnd: '2025-01-09', vatBasisPoints: 1700, vatAgorot: 23_783 });
    expect(rows[7]).toMatchObject({ periodStart: '2025-01-10', vatBasisPoints: 1800, vatAgorot: 25_182, totalAgorot: 165_082 });
    expect(rows.filter((r) => r.vatBasisPoints === 1700)).toHaveLength(7);
    expect(rows[0]).toMatchObject({ amountAgorot: 139_900, customerName: expect.any(String), customerCity: 'Tel Aviv' });
    expect(rows[0].description).toContain('10/06/2024–09/07/2024');
    expect(rows[0].description).toMatch(/^מנוי שלב/);
    // The registration month is free.
    expect(rows.some((r) => r.periodStart < '2024-06-10')).toBe(false);
  });

  it('a backfill bills every missed month once; a repeated and two concurrent runs give one invoice per period and one charge', async () => {
    const a = await projectOn('2025-01-15');
    const b = await projectOn('2025-01-20');
    at('2025-04-25');
    const [first, second] = await Promise.all([run('2025-04-25'), run('2025-04-25')]);
    expect(first.invoicesCreated + second.invoicesCreated).toBe(6);
    expect(first.charged + second.charged).toBe(6);
    expect(await run('2025-04-25')).toEqual({ invoicesCreated: 0, charged: 0, failed: 0 });
    for (const p of [a, b]) expect((await invoicesOf(p.user.projectId)).map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
    const numbers = (await ctx.app.db.select({ n: invoices.number }).from(invoices)).map((r) => r.n).sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await ctx.app.db.select().from(sandboxCharges)).toHaveLength(6);
  });

  it('a run that died between the gateway and its write is finished with the same key: never charged twice', async () => {
    const { user } = await projectOn('2025-01-10');
    at('2025-02-10');
    // A run issues the invoice, claims it, charges it, and dies before writing the answer.
    const claim = await chargeThenDie('2025-02-10');
    expect(claim.chargeKey).toBe(`invoice:${claim.id}:1`);
    // A run within 10 minutes leaves the claim alone; after them it takes it over with the same key.
    expect(await run('2025-02-10')).toEqual({ invoicesCreated: 0, charged: 0, failed: 0 });
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
    expect(await run('2025-02-10')).toEqual({ invoicesCreated: 0, charged: 1, failed: 0 });
    const [invoice] = await invoicesOf(user.projectId);
    expect(invoice).toMatchObject({ status: 'paid', attempts: 1, chargeKey: claim.chargeKey, chargingSince: null });
    expect(await ctx.app.db.select().from(sandboxCharges)).toHaveLength(1);
  });

  it('days 29–31 fall back to the month’s last day, counted from the anchor', async () => {
    const { user } = await projectOn('2025-01-31');
    at('2025-05-31');
    await run('2025-05-31');
    const rows = await invoicesOf(user.projectId);
    expect(rows.map((r) => [r.periodStart, r.periodEnd])).toEqual([
      ['2025-02-28', '2025-03-30'],
      ['2025-03-31', '2025-04-29'],
      ['2025-04-30', '2025-05-30'],
      ['2025-05-31', '2025-06-29'],
    ]);
  });
});

/** A run that issues the one invoice due by `asOf`, claims it, is charged for it, and dies before writing the answer. */
async function chargeThenDie(asOf: string) {
  expect(await issueOnly(asOf)).toBe(1);
  const [claim] = await claimDueCharges(ctx.app.db, {
    asOf,
    now: ctx.clock.now,
    staleBefore: new Date(ctx.clock.now.getTime() - 600_000),
    limit: 10,
  });
  expect((await ctx.app.gateway.charge(claim.cardToken!, claim.totalAgorot, claim.description, claim.chargeKey)).ok).toBe(true);
  return claim;
}

/** The first half of a run: issues the invoices due by `asOf`, charges nothing. */
async function issueOnly(asOf: string) {
  const vat = await vatTable(ctx.app.db);
  const ids = await billableProjectIds(ctx.app.db, null, 100);
  return issueInvoices(ctx.app.db, ids, (rows) => planInvoices(rows, asOf, vat, SELLER), SYSTEM_ACTOR);
}

describe('failed charges', () => {
  it('a catch-up run tries each invoice once and dates what it issues on the day it runs', async () => {
    const { user } = await projectOn('2025-01-10', DECLINES_ON_CHARGE);
    // The server was down past the billing date and every retry date but the last.
    at('2025-02-15');
    expect(await run('2025-02-15')).toEqual({ invoicesCreated: 1, charged: 0, failed: 1 });
    const [invoice] = await invoicesOf(user.projectId);
    expect(invoice).toMatchObject({ issueDate: '2025-02-15', periodStart: '2025-02-10', attempts: 1, nextAttemptOn: '2025-02-16' });
    expect(await projectRow(user.projectId)).toMatchObject({ status: 'active' });
  });

  it('a card update after a run died mid-charge finishes that charge under its key: never charged twice', async () => {
    const owner = await projectOn('2025-01-10');
    at('2025-02-10');
    const claim = await chargeThenDie('2025-02-10');
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
    const updated = await asOwner(owner, {
      method: 'PUT',
      url: '/api/user/credit-card',
      headers: clientAddress(),
      payload: card('5555555555554444'),
    });
    expect(updated.statusCode).toBe(200);
    expect((await invoicesOf(owner.user.projectId))[0]).toMatchObject({ status: 'paid', chargeKey: claim.chargeKey });
    expect(await ctx.app.db.select().from(sandboxCharges)).toHaveLength(1);
  });

  it('0341: retried on +1, +3, +7, then inactive; a new card pays at once and reactivates', async () => {
    const owner = await projectOn('2025-01-10', DECLINES_ON_CHARGE);
    const { user } = owner;
    for (const [date, failed] of [
      ['2025-02-10', 1],
      ['2025-02-11', 1],
      ['2025-02-12', 0],
      ['2025-02-13', 1],
      ['2025-02-16', 0],
      ['2025-02-17', 1],
    ] as const) {
      at(date);
      expect(await run(date)).toMatchObject({ charged: 0, failed });
    }
    const [invoice] = await invoicesOf(user.projectId);
    expect(invoice).toMatchObject({ status: 'failed', attempts: 4, nextAttemptOn: null });
    expect(await projectRow(user.projectId)).toMatchObject({ status: 'inactive', inactiveReason: 'payment_failed' });
    at('2025-03-10');
    expect(await run('2025-03-10')).toMatchObject({ invoicesCreated: 0, charged: 0 });
    // Workers are refused; the manager still signs in and updates the card.
    const qr = (await projectRow(user.projectId)).qrId;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/facility/by-qr/${qr}` })).json()).toMatchObject({ isActive: false });

    at('2025-03-20');
    const declined = await asOwner(owner, {
      method: 'PUT',
      url: '/api/user/credit-card',
      headers: clientAddress(),
      payload: card(DECLINES_ON_CHARGE),
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().payment).toEqual({ charged: 0, failed: 1, reactivated: false });
    expect(await projectRow(user.projectId)).toMatchObject({ status: 'inactive' });
    const updated = await asOwner(owner, {
      method: 'PUT',
      url: '/api/user/credit-card',
      headers: clientAddress(),
      payload: card('4242424242424242'),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().payment).toEqual({ charged: 1, failed: 0, reactivated: true });
    expect((await invoicesOf(user.projectId))[0]).toMatchObject({ status: 'paid' });
    expect(await projectRow(user.projectId)).toMatchObject({ status: 'active', inactiveReason: null, billingResumesOn: '2025-04-10' });
    // The inactive month (from 10 March) is never invoiced; billing resumes on the next billing date.
    at('2025-04-10');
    expect(await run('2025-04-10')).toEqual({ invoicesCreated: 1, charged: 1, failed: 0 });
    expect((await invoicesOf(user.projectId)).map((r) => r.periodStart)).toEqual(['2025-02-10', '2025-04-10']);
    const actions = (await ctx.app.db.select().from(auditLog).where(eq(auditLog.projectId, user.projectId))).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['invoice.created', 'invoice.failed', 'project.inactive', 'invoice.paid', 'project.reactivated']),
    );
  });

  it('cancellation: no invoice after the paid period, inactive when it ends', async () => {
    const owner = await projectOn('2025-01-10');
    const { user } = owner;
    at('2025-02-10');
    await run('2025-02-10');
    at('2025-02-15');
    const cancelled = await asOwner(owner, { method: 'PUT', url: '/api/user/cancel-account' });
    expect(cancelled.json()).toMatchObject({ paidUntil: '2025-03-10' });
    at('2025-03-09');
    await run('2025-03-09');
    expect(await projectRow(user.projectId)).toMatchObject({ status: 'cancelled' });
    at('2025-03-10');
    expect(await run('2025-03-10')).toEqual({ invoicesCreated: 0, charged: 0, failed: 0 });
    expect(await projectRow(user.projectId)).toMatchObject({ status: 'inactive', inactiveReason: 'cancelled' });
    at('2025-05-10');
    await run('2025-05-10');
    expect(await invoicesOf(user.projectId)).toHaveLength(1);
  });
});

describe('rules a mutation review found unguarded (issue 27)', () => {
  it('a catch-up run across the VAT change bills each period at the rate in force on its own billing date', async () => {
    const { user } = await projectOn('2024-10-10');
    at('2025-02-10');
    expect(await run('2025-02-10')).toMatchObject({ invoicesCreated: 4 });
    const rows = await invoicesOf(user.projectId);
    expect(rows.map((r) => [r.periodStart, r.vatBasisPoints, r.issueDate])).toEqual([
      ['2024-11-10', 1700, '2025-02-10'],
      ['2024-12-10', 1700, '2025-02-10'],
      ['2025-01-10', 1800, '2025-02-10'],
      ['2025-02-10', 1800, '2025-02-10'],
    ]);
    expect(rows[0]).toMatchObject({ vatAgorot: 23_783, totalAgorot: 163_683 });
  });

  it('a project the platform admin deactivated is not charged on its retry dates', async () => {
    const { user } = await projectOn('2025-01-10', DECLINES_ON_CHARGE);
    at('2025-02-10');
    expect(await run('2025-02-10')).toMatchObject({ charged: 0, failed: 1 });
    const [invoice] = await invoicesOf(user.projectId);
    expect(invoice).toMatchObject({ status: 'failed', nextAttemptOn: '2025-02-11' });
    const charges = (await ctx.app.db.select().from(sandboxCharges)).length;
    const off = await admin({ method: 'PUT', url: `/api/admin/projects/${user.projectId}/deactivate`, payload: { reason: 'Closed' } });
    expect(off.statusCode).toBe(200);
    for (const date of ['2025-02-11', '2025-02-13', '2025-02-17', '2025-03-10']) {
      at(date);
      expect(await run(date)).toEqual({ invoicesCreated: 0, charged: 0, failed: 0 });
    }
    expect(await ctx.app.db.select().from(sandboxCharges)).toHaveLength(charges);
    expect((await invoicesOf(user.projectId))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('the platform admin', () => {
  it('runs billing for a date, and refuses bad input with 400', async () => {
    await projectOn('2025-01-10');
    at('2025-02-10');
    const res = await admin({ method: 'POST', url: '/api/admin/billing/run', payload: { asOf: '2025-02-10' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invoicesCreated: 1, charged: 1, failed: 0 });
    for (const payload of [{ asOf: '2025-02-30' }, { asOf: 'soon' }, { asOf: 20250210 }]) {
      expect((await admin({ method: 'POST', url: '/api/admin/billing/run', payload })).statusCode).toBe(400);
    }
    const manager = await registerAndLogin(ctx.app);
    expect((await asOwner(manager, { method: 'POST', url: '/api/admin/billing/run', payload: {} })).statusCode).toBe(401);
  });

  it('reactivates an inactive project: old invoices stay owed, the inactive months are never invoiced', async () => {
    const { user } = await projectOn('2025-01-10', DECLINES_ON_CHARGE);
    for (const date of ['2025-02-10', '2025-02-11', '2025-02-13', '2025-02-17']) {
      at(date);
      await run(date);
    }
    expect(await projectRow(user.projectId)).toMatchObject({ status: 'inactive' });
    at('2025-04-20');
    const res = await admin({ method: 'PUT', url: `/api/admin/reactivate-account/${user.projectId}?admin=true` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.projectId, isActive: true, status: 'active', inactiveReason: null });
    const again = await admin({ method: 'PUT', url: `/api/admin/reactivate-account/${user.projectId}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('account_already_active');
    const unknown = await admin({ method: 'PUT', url: '/api/admin/reactivate-account/00000000-0000-4000-8000-000000000000' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'project_not_found']);
    expect((await admin({ method: 'PUT', url: '/api/admin/reactivate-account/nope' })).statusCode).toBe(404);

    at('2025-05-10');
    expect(await run('2025-05-10')).toMatchObject({ invoicesCreated: 1, failed: 1 });
    const rows = await invoicesOf(user.projectId);
    expect(rows.map((r) => [r.periodStart, r.status])).toEqual([
      ['2025-02-10', 'failed'],
      ['2025-05-10', 'failed'],
    ]);
    const audit = await admin({ method: 'GET', url: `/api/admin/projects/${user.projectId}/audit` });
    const reactivated = audit.json().entries.find((e: { action: string }) => e.action === 'project.reactivated');
    expect(reactivated).toMatchObject({ actorType: 'platform-admin', actorName: ADMIN.username, before: { status: 'inactive' } });
    expect(audit.json().entries[0].id).toBeGreaterThan(audit.json().entries.at(-1).id);
  });

  it('changes the price from the next invoice on and deactivates a project with a reason', async () => {
    const { user } = await projectOn('2025-01-10');
    at('2025-02-10');
    await run('2025-02-10');
    const price = await admin({ method: 'PUT', url: `/api/admin/projects/${user.projectId}/price`, payload: { monthlyPrice: 2000 } });
    expect(price.statusCode).toBe(200);
    expect(
      (await admin({ method: 'PUT', url: `/api/admin/projects/${user.projectId}/price`, payload: { monthlyPrice: -1 } })).statusCode,
    ).toBe(400);
    at('2025-03-10');
    await run('2025-03-10');
    expect((await invoicesOf(user.projectId)).map((r) => r.amountAgorot)).toEqual([139_900, 200_000]);

    const url = `/api/admin/projects/${user.projectId}/deactivate`;
    expect((await admin({ method: 'PUT', url, payload: { reason: '' } })).statusCode).toBe(400);
    const off = await admin({ method: 'PUT', url, payload: { reason: 'Fraud check' } });
    expect(off.json()).toMatchObject({ status: 'inactive', inactiveReason: 'admin', isActive: false });
    expect(await projectRow(user.projectId)).toMatchObject({ inactiveNote: 'Fraud check' });
    const twice = await admin({ method: 'PUT', url, payload: { reason: 'Again' } });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'project_already_inactive']);
    at('2025-04-10');
    expect(await run('2025-04-10')).toEqual({ invoicesCreated: 0, charged: 0, failed: 0 });

    const list = await admin({ method: 'GET', url: `/api/admin/projects/${user.projectId}/invoices` });
    expect(list.json().invoices).toHaveLength(2);
    const doc = await admin({ method: 'GET', url: `/api/admin/invoices/${list.json().invoices[0].id}` });
    expect(doc.json()).toMatchObject({ number: 2, seller: ctx.app.config.billing.business });
    expect((await admin({ method: 'GET', url: '/api/admin/invoices/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});

describe('an issued invoice', () => {
  it('shows the seller, customer and amounts it was issued with after a restart with another seller, a new price and profile', async () => {
    const owner = await projectOn('2025-01-10');
    const projectId = owner.user.projectId;
    at('2025-02-10');
    await run('2025-02-10');
    const docOf = async (app: typeof ctx.app, id: string) => {
      const session = await login(app, ADMIN, { url: '/api/admin/login', headers: clientAddress() });
      return (await app.inject({ method: 'GET', url: `/api/admin/invoices/${id}`, headers: { cookie: session.cookie } })).json();
    };
    const [first] = await invoicesOf(projectId);
    const issued = await docOf(ctx.app, first.id);
    expect(issued).toMatchObject({ seller: ctx.app.config.billing.business, amountAgorot: 139_900, customerCity: 'Tel Aviv' });

    await admin({ method: 'PUT', url: `/api/admin/projects/${projectId}/price`, payload: { monthlyPrice: 2000 } });
    const profile = { firstName: 'Noa', lastName: 'Katz', city: 'Haifa' };
    expect((await asOwner(owner, { method: 'PUT', url: '/api/user/profile', payload: profile })).statusCode).toBe(200);
    const restarted = await buildApp({
      config: testConfig({ billing: { ...ctx.app.config.billing, business: SELLER } }),
      database: ctx.database,
      now: () => ctx.clock.now,
      logger: false,
    });
    try {
      await restarted.ready();
      expect(await docOf(restarted, first.id)).toEqual(issued);
      at('2025-03-10');
      await runBilling(restarted, { asOf: '2025-03-10' });
      const [, second] = await invoicesOf(projectId);
      expect(await docOf(restarted, second.id)).toMatchObject({
        seller: SELLER,
        amountAgorot: 200_000,
        customerContact: 'Noa Katz',
        customerCity: 'Haifa',
      });
    } finally {
      await restarted.close();
    }
  });
});

describe('a project’s invoices', () => {
  it('managers see their own; another project’s answers 404; a cleaner is refused', async () => {
    const mine = await projectOn('2025-01-10');
    const theirs = await projectOn('2025-01-12');
    at('2025-02-12');
    await run('2025-02-12');
    const manager = await signInMember(ctx.app, ctx.app.db, mine.user.projectId, 'manager');
    const list = await manager({ method: 'GET', url: '/api/invoices' });
    expect(list.statusCode).toBe(200);
    expect(list.json().invoices).toHaveLength(1);
    const id = list.json().invoices[0].id;
    const doc = await asOwner(mine, { method: 'GET', url: `/api/invoices/${id}` });
    expect(doc.json()).toMatchObject({ id, projectId: mine.user.projectId, status: 'paid', seller: { name: expect.any(String) } });
    const other = await asOwner(theirs, { method: 'GET', url: `/api/invoices/${id}` });
    expect([other.statusCode, other.json().code]).toEqual([404, 'invoice_not_found']);
    expect((await asOwner(theirs, { method: 'GET', url: '/api/invoices/not-an-id' })).statusCode).toBe(404);
    const cleaner = await signInMember(ctx.app, ctx.app.db, mine.user.projectId, 'cleaner');
    expect((await cleaner({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(403);
    expect((await cleaner({ method: 'GET', url: `/api/invoices/${id}` })).statusCode).toBe(403);
  });
});

describe('the scheduler', () => {
  it('runs billing by itself, never twice at once, and stops', async () => {
    const { user } = await projectOn('2025-01-10');
    at('2025-02-10');
    const scheduler = startBillingScheduler(ctx.app, 60_000, 60_000);
    await Promise.all([scheduler.tick(), scheduler.tick()]);
    expect(await invoicesOf(user.projectId)).toHaveLength(1);
    await scheduler.stop();
    at('2025-03-10');
    await scheduler.tick();
    expect(await invoicesOf(user.projectId)).toHaveLength(1);
  });
});

describe('planning invoices', () => {
  const vat = [
    { effectiveFrom: '2025-01-01', rate: 1800 },
    { effectiveFrom: '2000-01-01', rate: 1700 },
  ];
  const project = (over: Partial<BillableProject>): BillableProject => ({
    id: 'p',
    name: 'Tower A',
    status: 'active',
    billingAnchor: '2024-01-29',
    paidUntil: null,
    billingResumesOn: null,
    monthlyPriceAgorot: 139_900,
    ownerName: null,
    ownerCity: null,
    ownerUsername: 'dana',
    lastPeriodStart: null,
    ...over,
  });
  const starts = (over: Partial<BillableProject>, asOf: string) =>
    planInvoices([project(over)], asOf, vat, SELLER).map((i) => i.periodStart);

  it('anchors on the 29th and 30th fall back in short months and come back after them', () => {
    expect(starts({ billingAnchor: '2024-01-29' }, '2024-04-30')).toEqual(['2024-02-29', '2024-03-29', '2024-04-29']);
    expect(starts({ billingAnchor: '2023-01-29' }, '2023-03-31')).toEqual(['2023-02-28', '2023-03-29']);
    expect(starts({ billingAnchor: '2024-01-30' }, '2024-03-31')).toEqual(['2024-02-29', '2024-03-30']);
  });

  it('skips what is invoiced, the months before billing resumes, and a cancelled project’s unpaid time', () => {
    expect(starts({ billingAnchor: '2025-01-10', lastPeriodStart: '2025-02-10' }, '2025-04-10')).toEqual(['2025-03-10', '2025-04-10']);
    expect(starts({ billingAnchor: '2025-01-10', billingResumesOn: '2025-04-10' }, '2025-04-10')).toEqual(['2025-04-10']);
    expect(starts({ billingAnchor: '2025-01-10', status: 'cancelled', paidUntil: '2025-03-10' }, '2025-05-10')).toEqual(['2025-02-10']);
    const [invoice] = planInvoices([project({ billingAnchor: '2024-12-01', ownerName: 'Dana Levi' })], '2025-01-01', vat, SELLER);
    expect(invoice).toMatchObject({ vatBasisPoints: 1800, vatAgorot: 25_182, customerContact: 'Dana Levi', nextAttemptOn: '2025-01-01' });
  });
});

describe('one billing run at a time', () => {
  it('on PostgreSQL a second instance skips the run while the first holds the lock', async () => {
    let inner: string | undefined = 'not run';
    const outer = await withBillingLock(ctx.database, async () => {
      inner = await withBillingLock(ctx.database, async () => 'second');
      return 'first';
    });
    expect(outer).toBe('first');
    // The embedded database belongs to one process: there is no second instance to exclude.
    expect(inner).toBe(ctx.database.kind === 'postgres' ? undefined : 'second');
  });
});

describe('a billing run for a future date', () => {
  it('run ahead where allowed, gives a next billing date after the last paid period and keeps a cancelled project to its end', async () => {
    const ahead = await createTestApp({
      now: new Date('2025-03-01T09:00:00Z'),
      config: { billing: { ...testConfig().billing, allowFutureDates: true } },
    });
    try {
      await upsertPlatformAdmin(ahead.app.db, ADMIN.username, ADMIN.password);
      const owner = await registerAndLogin(ahead.app);
      expect(await runBilling(ahead.app, { asOf: '2025-05-01' })).toEqual({ invoicesCreated: 2, charged: 2, failed: 0 });
      // Paid through 31 May: the next billing date is 1 June, not 1 April (the first after the clock's today).
      expect((await owner.as({ method: 'GET', url: '/api/user/profile' })).json()).toMatchObject({ nextBillingDate: '2025-06-01' });
      const session = await login(ahead.app, ADMIN, { url: '/api/admin/login', headers: clientAddress() });
      const rows = await ahead.app.inject({ method: 'GET', url: '/api/admin/customers-billing', headers: { cookie: session.cookie } });
      expect(rows.json()).toEqual([expect.objectContaining({ nextBillingDate: '2025-06-01', unpaidInvoices: 0 })]);
      const cancelled = await owner.as({ method: 'PUT', url: '/api/user/cancel-account' });
      expect(cancelled.json()).toMatchObject({ paidUntil: '2025-06-01' });
    } finally {
      await ahead.close();
    }
  });

  it('is refused with 400 whatever the gateway and issues nothing, unless the test configuration allows it', async () => {
    const live = await createTestApp({ now: new Date('2025-03-01T09:00:00Z') });
    const sandbox = live.app.gateway;
    const real = await createTestApp({
      now: new Date('2025-03-01T09:00:00Z'),
      gateway: { sandbox: false, tokenizeCard: (c) => sandbox.tokenizeCard(c), charge: (...a) => sandbox.charge(...a) },
    });
    const allowed = await createTestApp({
      now: new Date('2025-03-01T09:00:00Z'),
      config: { billing: { ...testConfig().billing, allowFutureDates: true } },
    });
    try {
      for (const t of [live, real, allowed]) {
        await upsertPlatformAdmin(t.app.db, ADMIN.username, ADMIN.password);
        await registerAndLogin(t.app);
      }
      const runAt = async (t: TestContext, asOf: string) => {
        const session = await login(t.app, ADMIN, { url: '/api/admin/login', headers: clientAddress() });
        return t.app.inject({ method: 'POST', url: '/api/admin/billing/run', payload: { asOf }, headers: { cookie: session.cookie } });
      };
      for (const t of [live, real]) {
        const ahead = await runAt(t, '2025-04-01');
        expect([ahead.statusCode, ahead.json().code]).toEqual([400, 'bad_request']);
        // The day after today on the billing calendar (Israel, UTC+2 in March) is refused too.
        expect((await runAt(t, '2025-03-02')).statusCode).toBe(400);
        await expect(runBilling(t.app, { asOf: '2025-04-01' })).rejects.toMatchObject({ statusCode: 400, code: 'bad_request' });
        expect(await t.app.db.select().from(invoices)).toHaveLength(0);
        expect((await runAt(t, '2025-03-01')).statusCode).toBe(200);
      }
      const ahead = await runAt(allowed, '2025-04-01');
      expect([ahead.statusCode, ahead.json()]).toEqual([200, { invoicesCreated: 1, charged: 1, failed: 0 }]);
      // What it charges is paid on the invoice's issue date in Israel, not on the test clock's earlier day.
      const [ran] = await allowed.app.db.select().from(invoices);
      expect(ran).toMatchObject({ issueDate: '2025-04-01', status: 'paid' });
      expect(localDate('Asia/Jerusalem', ran.paidAt!)).toBe('2025-04-01');
    } finally {
      await allowed.close();
      await real.close();
      await live.close();
    }
  });
});
