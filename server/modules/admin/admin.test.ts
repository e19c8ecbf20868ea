import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { invoices } from '../../db/schema/index.ts';
import { unzip } from '../../lib/xlsx-test-support.ts';
import { upsertPlatformAdmin } from '../auth/auth.service.ts';
import { signInMember } from '../schedules/test-support.ts';
import { clientAddress, createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import type { AdminProject, AdminUser, CustomerBilling } from '#contract/billing.ts';

const ADMIN = { username: 'platform-lists', password: 'platform-secret-1' };
let ctx: TestContext;
let asAdmin: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
/** Registered on 25 Nov 2024: the next billing date (25 Dec 2024) is still at 17% VAT. */
let november: Awaited<ReturnType<typeof registerAndLogin>>;
/** Registered on 2 Dec 2024: the next billing date (2 Jan 2025) is at 18%. */
let december: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2024-11-25T08:00:00Z') });
  await upsertPlatformAdmin(ctx.app.db, ADMIN.username, ADMIN.password);
  november = await registerAndLogin(ctx.app, { facilityName: 'Harbour Tower North', city: 'Haifa' });
  ctx.clock.now = new Date('2024-12-02T08:00:00Z');
  december = await registerAndLogin(ctx.app, { facilityName: '=HYPERLINK("x")', city: 'Eilat', email: 'Mixed.Case@Example.com' });
  const platform = await login(ctx.app, ADMIN, { url: '/api/admin/login', headers: clientAddress() });
  expect(platform.res.statusCode).toBe(200);
  asAdmin = (opts) => ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: platform.cookie } });
});
afterAll(async () => ctx?.close());

const rowOf = (rows: CustomerBilling[], projectId: string) => rows.find((r) => r.id === projectId)!;

describe('platform admin lists', () => {
  it('lists every project member with their project name', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(200);
    const owner = (res.json() as AdminUser[]).find((u) => u.id === november.user.id);
    expect(owner).toMatchObject({ username: november.body.username, isOwner: true, facilityName: 'Harbour Tower North' });
    expect(owner).not.toHaveProperty('passwordHash');
  });

  it('lists every project newest first', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/hotels' });
    const ids = (res.json() as AdminProject[]).map((p) => p.id);
    expect(ids.indexOf(december.user.projectId)).toBeLessThan(ids.indexOf(november.user.projectId));
    expect((res.json() as AdminProject[]).find((p) => p.id === november.user.projectId)).toMatchObject({
      isActive: true,
      status: 'active',
    });
  });

  it('refuses a project manager and an anonymous caller', async () => {
    const manager = await signInMember(ctx.app, ctx.app.db, november.user.projectId, 'manager');
    for (const url of ['/api/admin/users', '/api/admin/hotels', '/api/admin/customers-billing']) {
      expect((await manager({ method: 'GET', url })).statusCode).toBe(401);
      expect((await november.as({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('customers billing', () => {
  it('gives each project its owner, next billing date, price and the VAT in force on that date', async () => {
    const rows = (await asAdmin({ method: 'GET', url: '/api/admin/customers-billing' })).json() as CustomerBilling[];
    expect(rowOf(rows, november.user.projectId)).toMatchObject({
      facilityName: 'Harbour Tower North',
      username: november.body.username,
      city: 'Haifa',
      nextBillingDate: '2024-12-25',
      daysUntilBilling: 23,
      monthlyPrice: 1399,
      vatBasisPoints: 1700,
      totalAmountDue: 1637,
      unpaidInvoices: 0,
      card: { brand: expect.any(String), last4: '4242', holderName: 'Dana Levi' },
    });
    expect(rowOf(rows, december.user.projectId)).toMatchObject({
      nextBillingDate: '2025-01-02',
      daysUntilBilling: 31,
      vatBasisPoints: 1800,
      totalAmountDue: 1651,
    });
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('counts open and failed invoices as unpaid, not paid ones', async () => {
    const invoice = (number: number, status: string, periodStart: string) => ({
      number,
      projectId: november.user.projectId,
      issueDate: periodStart,
      periodStart,
      periodEnd: periodStart,
      description: 'Monthly subscription',
      customerName: 'Harbour Tower North',
      amountAgorot: 139_900,
      vatBasisPoints: 1700,
      vatAgorot: 23_783,
      totalAgorot: 163_683,
      status,
    });
    await ctx.app.db
      .insert(invoices)
      .values([invoice(9001, 'open', '2024-09-01'), invoice(9002, 'failed', '2024-10-01'), invoice(9003, 'paid', '2024-11-01')]);
    const rows = (await asAdmin({ method: 'GET', url: '/api/admin/customers-billing' })).json() as CustomerBilling[];
    expect(rowOf(rows, november.user.projectId).unpaidInvoices).toBe(2);
    expect(rowOf(rows, december.user.projectId).unpaidInvoices).toBe(0);
    // Unpaid: the row's billing date is the oldest unpaid invoice's, so it shows as overdue.
    expect(rowOf(rows, november.user.projectId)).toMatchObject({ nextBillingDate: '2024-09-01' });
    expect(rowOf(rows, november.user.projectId).daysUntilBilling).toBeLessThan(0);
    expect(rowOf(rows, december.user.projectId).daysUntilBilling).toBeGreaterThan(0);
    const overdue = await asAdmin({ method: 'GET', url: '/api/admin/customers-billing/export?format=csv&billing=overdue&lang=en' });
    expect(overdue.body).toContain('Harbour Tower North');
    // The projects are shared by this file's tests: leave them without invoices again.
    await ctx.app.db.delete(invoices);
  });
});

describe('cost', () => {
  it('sends the same number of SQL statements for the customer list however many projects there are', async () => {
    const statements = async () => {
      await asAdmin({ method: 'GET', url: '/api/admin/customers-billing' }); // warm-up: the session's own statements
      const before = ctx.database.stats.queries;
      const res = await asAdmin({ method: 'GET', url: '/api/admin/customers-billing' });
      expect(res.statusCode).toBe(200);
      return { used: ctx.database.stats.queries - before, rows: (res.json() as CustomerBilling[]).length };
    };
    const few = await statements();
    for (let i = 0; i < 3; i++) await registerAndLogin(ctx.app);
    const more = await statements();
    expect(more.rows).toBe(few.rows + 3);
    expect(more.used).toBe(few.used);
    expect(few.used).toBeLessThanOrEqual(5);
  });
});

describe('customers billing export', () => {
  it('downloads the filtered rows as CSV with a BOM, Hebrew headers and formulas neutralised', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/customers-billing/export?format=csv&q=mixed.case' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customer-billing-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]?.startsWith('\uFEFFפרויקט,')).toBe(true);
    expect(lines.filter(Boolean)).toHaveLength(2);
    expect(lines[1]?.startsWith(`"'=HYPERLINK(""x"")",`)).toBe(true);
  });

  it('applies the status and billing-time filters like the screen', async () => {
    const csv = async (query: string) =>
      (await asAdmin({ method: 'GET', url: `/api/admin/customers-billing/export?format=csv&lang=en&${query}` })).body
        .split('\r\n')
        .filter(Boolean);
    expect(await csv('status=inactive&q=harbour')).toHaveLength(1);
    expect((await csv('status=active&q=HARBOUR'))[1]).toContain('Harbour Tower North');
    expect(await csv('billing=week&q=harbour')).toHaveLength(1);
    expect(await csv('billing=month&q=harbour')).toHaveLength(2);
    expect((await csv('q=haifa'))[0]?.startsWith('\uFEFFProject,')).toBe(true);
  });

  it('downloads a real .xlsx whose sheet holds the values, numbers as numbers', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/customers-billing/export?format=xlsx&q=harbour' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('>Harbour Tower North</t>');
    expect(sheet).toContain('<v>1399</v>');
    expect(sheet).toContain('<v>1637</v>');
    expect(sheet).not.toContain('HYPERLINK');
  });

  it('refuses an unknown format', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/customers-billing/export?format=pdf' });
    expect(res.statusCode).toBe(400);
  });
});
