/** How the billing screen reads a row (docs/product.md "Platform admin screens"). */
import type { CustomerBilling } from '#contract/billing.ts';

/** dd/MM/yyyy from an ISO date or timestamp (the date part as written, no time-zone shift). */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export type BillingBadge = 'overdue' | 'dueSoon' | 'thisMonth' | 'future';

/** Overdue before today, due soon within 7 days, this month within 30, else in the future. */
export function billingBadge(days: number): BillingBadge {
  if (days < 0) return 'overdue';
  if (days <= 7) return 'dueSoon';
  if (days <= 30) return 'thisMonth';
  return 'future';
}

export interface BillingSummary {
  managers: number;
  /** Shekels, sum of the amounts due of the projects that will be billed (active ones). */
  expectedRevenue: number;
  overdue: number;
  dueThisWeek: number;
}

export function summarise(rows: CustomerBilling[]): BillingSummary {
  return {
    managers: rows.length,
    // Cancelled and inactive projects are not billed again: they bring no revenue.
    expectedRevenue: rows.reduce((sum, r) => (r.status === 'active' ? sum + r.totalAmountDue : sum), 0),
    overdue: rows.filter((r) => r.daysUntilBilling < 0).length,
    dueThisWeek: rows.filter((r) => r.daysUntilBilling >= 0 && r.daysUntilBilling <= 7).length,
  };
}

/** The contact's name: full name, else the username. */
export const contactName = (r: CustomerBilling): string => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.username;

/** Shekels with the locale's grouping and the ₪ sign; agorot only when there are any. */
export function formatShekels(amount: number, lng: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(lng, {
    style: 'currency',
    currency: 'ILS',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(amount);
}
