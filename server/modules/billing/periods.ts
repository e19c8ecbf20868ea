/**
 * Billing periods and invoice amounts, as pure functions (docs/product.md "Billing and VAT",
 * docs/decisions/020-billing-engine.md). Periods are anchored on the registration date: the n-th
 * billing date is the anchor advanced n months, falling back to the month's last day for anchors on
 * the 29th–31st (always counted from the anchor, so 31 Jan → 28 Feb → 31 Mar).
 */
import { addMonths } from '../../lib/calendar.ts';

/** The n-th billing date (n = 0 is the registration date itself). */
export const billingDate = (anchor: string, n: number): string => addMonths(anchor, n);

/** The day before an ISO date. */
export function dayBefore(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export interface Period {
  /** Which billing date opens it: 1 for the first invoiced period (month 0 is free). */
  index: number;
  start: string;
  /** Inclusive. */
  end: string;
}

/** The period that the n-th billing date opens. */
export const periodAt = (anchor: string, n: number): Period => ({
  index: n,
  start: billingDate(anchor, n),
  end: dayBefore(billingDate(anchor, n + 1)),
});

/**
 * The first billing date after `today` (the spec's "next billing date") and after the start of the
 * last paid period: a run ahead (tests, sandbox demos) may have paid periods that begin after today.
 */
export function nextBillingDate(anchor: string, today: string, lastPaidStart: string | null = null): string {
  const after = lastPaidStart !== null && lastPaidStart > today ? lastPaidStart : today;
  // Billing dates only grow with n, and the one a whole month before `after`'s month is never after
  // it: start there, not at the anchor (a year-old project made 24 dates per row of the customers list).
  const months = (Number(after.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 + Number(after.slice(5, 7)) - Number(anchor.slice(5, 7));
  let n = Math.max(0, months - 1);
  while (billingDate(anchor, n) <= after) n++;
  return billingDate(anchor, n);
}

/**
 * The periods to invoice by `asOf`: every billing date from the first (the month after registration:
 * the first month is free) up to and including `asOf`, stopping before `stopAt` (exclusive) when
 * the project is cancelled and paid up to then.
 */
export function duePeriods(anchor: string, asOf: string, stopAt?: string | null): Period[] {
  const out: Period[] = [];
  for (let n = 1; billingDate(anchor, n) <= asOf; n++) {
    const start = billingDate(anchor, n);
    if (stopAt && start >= stopAt) break;
    out.push(periodAt(anchor, n));
  }
  return out;
}

export interface InvoiceAmounts {
  amountAgorot: number;
  vatBasisPoints: number;
  vatAgorot: number;
  totalAgorot: number;
}

/** The price before VAT plus the VAT at a rate in basis points, rounded once, half up, to the agora. */
export function invoiceAmounts(amountAgorot: number, vatBasisPoints: number): InvoiceAmounts {
  const vatAgorot = Math.round((amountAgorot * vatBasisPoints) / 10_000);
  return { amountAgorot, vatBasisPoints, vatAgorot, totalAgorot: amountAgorot + vatAgorot };
}

/** What the billing screen shows as the amount due: price plus VAT in whole shekels (the spec rounds). */
export const totalDueShekels = (amountAgorot: number, vatBasisPoints: number): number =>
  Math.round(invoiceAmounts(amountAgorot, vatBasisPoints).totalAgorot / 100);
