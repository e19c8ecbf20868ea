import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerBilling } from '#contract/billing.ts';
import { invoices, projects } from '../../db/schema/index.ts';
import { upsertPlatformAdmin } from '../auth/auth.service.ts';
import { clientAddress, createTestApp, login, registerAndLogin, type TestContext } from '../../test/helpers.ts';

/**
 * Which zone billing follows (docs/decisions/036-calendar.md): every billing date is on Israel's
 * calendar, whatever the project's own zone. A project working in Auckland, at 00:30 on its billing
 * day there (15:30 the day before in Israel): the engine has not billed the month yet, so the
 * owner's profile, the platform admin's list and a cancellation must all still name that day.
 */
const ADMIN = { username: 'platform-calendar', password: 'platform-secret-1' };
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerAndLogin>>;
let asOwner: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
let asAdmin: (opts: InjectOptions) => Promise<LightMyRequestResponse>;

beforeAll(async () => {
  // Registered at noon on 10 March 2026 in Israel: the billing anchor is 2026-03-10.
  ctx = await createTestApp({ now: new Date('2026-03-10T10:00:00Z') });
  await upsertPlatformAdmin(ctx.app.db, ADMIN.username, ADMIN.password);
  owner = await registerAndLogin(ctx.app, { facilityName: 'Sunset Lofts' });
  await ctx.app.db.update(projects).set({ timezone: 'Pacific/Auckland' }).where(eq(projects.id, owner.user.projectId));
  // 2026-04-09T12:30Z: 15:30 on 9 April in Israel (UTC+3), 00:30 on 10 April in Auckland (UTC+12).
  ctx.clock.now = new Date('2026-04-09T12:30:00Z');
  const signedIn = async (creds: { username: string; password: string }, url: string) => {
    const { res, cookie } = await login(ctx.app, creds, { url, headers: clientAddress() });
    expect(res.statusCode).toBe(200);
    return (opts: InjectOptions) => ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });
  };
  asOwner = await signedIn(owner.body, '/api/login');
  asAdmin = await signedIn(ADMIN, '/api/admin/login');
});
afterAll(async () => ctx?.close());

describe('billing follows Israel’s calendar, not the project’s zone', () => {
  it('names the billing day the engine has not reached yet as the next one', async () => {
    const profile = await asOwner({ method: 'GET', url: '/api/user/profile' });
    expect(profile.json()).toMatchObject({ nextBillingDate: '2026-04-10' });
    const rows = (await asAdmin({ method: 'GET', url: '/api/admin/customers-billing' })).json() as CustomerBilling[];
    expect(rows.find((r) => r.id === owner.user.projectId)).toMatchObject({ nextBillingDate: '2026-04-10', daysUntilBilling: 1 });
  });

  it('bills nothing before Israel’s billing day', async () => {
    const run = await asAdmin({ method: 'POST', url: '/api/admin/billing/run', payload: {}, headers: { 'idempotency-key': randomUUID() } });
    expect(run.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(invoices).where(eq(invoices.projectId, owner.user.projectId))).toEqual([]);
  });

  it('keeps a cancelled project usable until the billing day the engine would charge, not a month more', async () => {
    const res = await asOwner({ method: 'PUT', url: '/api/user/cancel-account', headers: { 'idempotency-key': randomUUID() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paidUntil: '2026-04-10' });
  });
});
