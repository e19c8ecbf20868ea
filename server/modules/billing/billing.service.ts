/**
 * The billing engine (docs/product.md "Billing and VAT", docs/decisions/020-billing-engine.md): a run
 * ends cancelled projects whose paid time is over, issues every due invoice, then charges every
 * invoice whose attempt is due. Any number of runs, retries, crashes or concurrent runs give one
 * invoice per project and period and at most one successful charge: invoices are unique per period,
 * a charge is claimed before the gateway is called and keeps its idempotency key until it is recorded.
 */
import type { FastifyInstance } from 'fastify';
import type { BillingRunResult, Seller } from '#contract/billing.ts';
import { badRequest } from '../../lib/errors.ts';
import { randomToken } from '../../lib/ids.ts';
import { addDays, billingToday } from '../../lib/calendar.ts';
import {
  billableProjectIds,
  claimDueCharges,
  claimUnpaidOfProject,
  endCancelledProjects,
  issueInvoices,
  reactivateIfSettled,
  recordCharges,
  vatTable,
  type BillableProject,
  type ChargeOutcome,
  type ClaimedCharge,
  type NewInvoice,
} from './billing.queries.ts';
import { writeAudit, type Actor } from '../audit/audit.queries.ts';
import { duePeriods, invoiceAmounts, nextBillingDate } from './periods.ts';

/** Projects per invoicing transaction: other tenants' requests get the connection between chunks. */
export const PROJECTS_PER_CHUNK = 500;
/** Invoices claimed per charging round. */
const CHARGES_PER_ROUND = 500;
/** A claim older than this belongs to a run that died; another run may finish it with the same key. */
export const STALE_CLAIM_MS = 10 * 60_000;
export const SYSTEM_ACTOR: Actor = { type: 'system', name: 'billing' };

/** The VAT rate in force on a date, from the table read once per run (newest first). */
export function rateFrom(table: { effectiveFrom: string; rate: number }[], isoDate: string): number {
  const row = table.find((r) => r.effectiveFrom <= isoDate);
  if (!row) throw new Error(`no VAT rate in force on ${isoDate}`);
  return row.rate;
}

/**
 * The invoices a project owes by `asOf` that it does not have yet: every billing date after the free
 * first month, after its last invoiced period, from `billingResumesOn`, and for a cancelled project
 * only the periods starting before `paidUntil`. Each carries `seller` as it is at issue
 * (docs/decisions/026-fixed-invoices.md).
 */
export function planInvoices(
  rows: BillableProject[],
  asOf: string,
  vat: { effectiveFrom: string; rate: number }[],
  seller: Seller,
): NewInvoice[] {
  const out: NewInvoice[] = [];
  for (const p of rows) {
    const stopAt = p.status === 'cancelled' ? p.paidUntil : null;
    for (const period of duePeriods(p.billingAnchor, asOf, stopAt)) {
      if (p.lastPeriodStart && period.start <= p.lastPeriodStart) continue;
      if (p.billingResumesOn && period.start < p.billingResumesOn) continue;
      out.push({
        projectId: p.id,
        // A tax invoice is dated when it is issued, never backdated: a backfill's invoices carry the
        // run's date, so numbers and dates rise together. The period and its VAT stay the billing date's.
        issueDate: asOf,
        periodStart: period.start,
        periodEnd: period.end,
        // The invoice is a Hebrew tax document (docs/product.md "Tax invoice").
        description: `מנוי שלב – ${p.name}, ${hebrewDay(period.start)}–${hebrewDay(period.end)}`,
        sellerName: seller.name,
        sellerRegistrationNumber: seller.registrationNumber,
        sellerAddress: seller.address,
        customerName: p.name,
        customerContact: p.ownerName ?? p.ownerUsername,
        customerCity: p.ownerCity,
        ...invoiceAmounts(p.monthlyPriceAgorot, rateFrom(vat, period.start)),
        status: 'open',
        nextAttemptOn: period.start,
      });
    }
  }
  return out;
}

/** dd/MM/yyyy, as Israeli documents write a date. */
const hebrewDay = (isoDate: string) => isoDate.split('-').reverse().join('/');

/**
 * The state of an invoice after a scheduled attempt as of `asOf`: paid, or failed with the next retry
 * on the billing date + retryDays[k] (k = failures so far) but never on or before `asOf` — so a
 * catch-up run tries each invoice once, not every overdue retry in a row — or, after the last retry,
 * none and the project becomes inactive.
 */
export function afterAttempt(
  claim: ClaimedCharge,
  ok: boolean,
  retryDays: number[],
  asOf: string,
): Pick<ChargeOutcome, 'attempts' | 'nextAttemptOn' | 'deactivate'> {
  const attempts = claim.attempts + 1;
  if (ok) return { attempts, nextAttemptOn: null, deactivate: false };
  const retry = retryDays[attempts - 1];
  if (retry === undefined) return { attempts, nextAttemptOn: null, deactivate: true };
  const scheduled = addDays(claim.periodStart, retry);
  return { attempts, nextAttemptOn: scheduled > asOf ? scheduled : addDays(asOf, 1), deactivate: false };
}

/** Calls the gateway for each claim, one at a time, outside any transaction. */
async function chargeAll(
  app: FastifyInstance,
  claims: ClaimedCharge[],
  outcome: (claim: ClaimedCharge, ok: boolean) => Pick<ChargeOutcome, 'attempts' | 'nextAttemptOn' | 'deactivate'>,
): Promise<ChargeOutcome[]> {
  const out: ChargeOutcome[] = [];
  for (const claim of claims) {
    const answer = claim.cardToken
      ? await app.gateway.charge(claim.cardToken, claim.totalAgorot, claim.description, claim.chargeKey)
      : { ok: false, reference: '', message: 'No card on file' };
    out.push({ claim, ok: answer.ok, reference: answer.reference, message: answer.message ?? null, ...outcome(claim, answer.ok) });
  }
  return out;
}

export interface RunOptions {
  /** The billing calendar date to bill as of (default: today). */
  asOf?: string;
  actor?: Actor;
}

/** One billing run as of a date (docs/decisions/020-billing-engine.md "The run"). */
export async function runBilling(app: FastifyInstance, opts: RunOptions = {}): Promise<BillingRunResult> {
  const today = billingToday(app.now());
  const asOf = opts.asOf ?? today;
  // A future date would issue invoices numbered and dated ahead of ones still to come, and charge early,
  // whatever the gateway; only tests and sandbox demos turn this on (docs/decisions/026-fixed-invoices.md).
  if (asOf > today && !app.config.billing.allowFutureDates) {
    throw badRequest('bad_request', `asOf (${asOf}) may not be after today (${today})`);
  }
  // A run ahead (tests, sandbox demos) records what it does as on its date, midday in Israel: a charge
  // it makes is paid on the invoice's issue date, never on a day before it.
  const recordedAt = () => (asOf > today ? new Date(`${asOf}T10:00:00Z`) : app.now());
  const actor = opts.actor ?? SYSTEM_ACTOR;
  await endCancelledProjects(app.db, { asOf, now: recordedAt(), actor });

  const vat = await vatTable(app.db);
  let invoicesCreated = 0;
  for (let after: string | null = null; ;) {
    const ids = await billableProjectIds(app.db, after, PROJECTS_PER_CHUNK);
    if (ids.length === 0) break;
    invoicesCreated += await issueInvoices(app.db, ids, (rows) => planInvoices(rows, asOf, vat, app.config.billing.business), actor);
    after = ids[ids.length - 1];
  }

  let charged = 0;
  let failed = 0;
  const retryDays = app.config.billing.retryDays;
  for (;;) {
    const now = app.now();
    const claims = await claimDueCharges(app.db, {
      asOf,
      now,
      staleBefore: new Date(now.getTime() - STALE_CLAIM_MS),
      limit: CHARGES_PER_ROUND,
    });
    if (claims.length === 0) break;
    const outcomes = await chargeAll(app, claims, (claim, ok) => afterAttempt(claim, ok, retryDays, asOf));
    await recordCharges(app.db, outcomes, { now: recordedAt(), actor });
    for (const o of outcomes) {
      if (o.ok) charged++;
      else failed++;
    }
  }
  const result = { invoicesCreated, charged, failed };
  await writeAudit(app.db, actor, { action: 'billing.run', data: { asOf, ...result } });
  return result;
}

/**
 * After a card update: every unpaid invoice is charged at once with a new key (a fresh attempt that
 * leaves the retry schedule as it was); when none is left unpaid, a project inactive for a failed
 * payment becomes active again, invoiced from its next billing date on.
 */
export async function chargeUnpaidNow(app: FastifyInstance, projectId: string, anchor: string, actor: Actor) {
  const now = app.now();
  const claims = await claimUnpaidOfProject(app.db, {
    projectId,
    now,
    staleBefore: new Date(now.getTime() - STALE_CLAIM_MS),
    keySuffix: randomToken(9),
  });
  const outcomes = await chargeAll(app, claims, (claim) => ({
    attempts: claim.attempts,
    nextAttemptOn: claim.nextAttemptOn,
    deactivate: false,
  }));
  await recordCharges(app.db, outcomes, { now: app.now(), actor });
  const resumesOn = nextBillingDate(anchor, billingToday(app.now()));
  const reactivated = await reactivateIfSettled(app.db, { projectId, resumesOn, now: app.now(), actor });
  return { charged: outcomes.filter((o) => o.ok).length, failed: outcomes.filter((o) => !o.ok).length, reactivated };
}
