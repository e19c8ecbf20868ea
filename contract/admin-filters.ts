/**
 * The customer-billing screen's filters, shared by the screen and its export so both show the same
 * rows (docs/product.md "Platform admin screens").
 */
import { z } from 'zod';
import type { CustomerBilling } from './billing.ts';
import { DEFAULT_LOCALE, LOCALES } from './constants.ts';

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const BILLING_FILTERS = ['all', 'overdue', 'week', 'month'] as const;
export type BillingFilter = (typeof BILLING_FILTERS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export interface CustomerFilters {
  q: string;
  status: StatusFilter;
  billing: BillingFilter;
}

/** `GET /api/admin/customers-billing/export`. */
export const customersExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS),
  q: z.string().max(200).default(''),
  status: z.enum(STATUS_FILTERS).default('all'),
  billing: z.enum(BILLING_FILTERS).default('all'),
  lang: z.enum(LOCALES).default(DEFAULT_LOCALE),
});

/** Billing time: overdue is before today, this week 0–7 days, this month 0–30 days. */
export function matchesBilling(days: number, billing: BillingFilter): boolean {
  switch (billing) {
    case 'all':
      return true;
    case 'overdue':
      return days < 0;
    case 'week':
      return days >= 0 && days <= 7;
    case 'month':
      return days >= 0 && days <= 30;
  }
}

/** Search over project name, username, email and city, without regard to case. */
export function filterCustomers(rows: CustomerBilling[], f: CustomerFilters): CustomerBilling[] {
  const q = f.q.trim().toLocaleLowerCase();
  return rows.filter((r) => {
    if (f.status === 'active' && !r.isActive) return false;
    if (f.status === 'inactive' && r.isActive) return false;
    if (!matchesBilling(r.daysUntilBilling, f.billing)) return false;
    if (!q) return true;
    return [r.facilityName, r.username, r.email, r.city].some((v) => v?.toLocaleLowerCase().includes(q));
  });
}
