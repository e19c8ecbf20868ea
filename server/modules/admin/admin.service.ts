/**
 * The platform admin's lists and the customer-billing export (docs/product.md "Platform admin
 * screens"). Each list costs a fixed number of queries however many projects there are.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminProject, AdminUser, CustomerBilling } from '#contract/billing.ts';
import { filterCustomers, type CustomerFilters } from '#contract/admin-filters.ts';
import { BILLING_EXPORT_WORDS, type BillingExportWords } from '#contract/billing-export-words.ts';
import { RTL_LOCALES, type Locale } from '#contract/constants.ts';
import { PROJECT_TYPES } from '#contract/project-types.ts';
import type { ExportColumn, ExportColumnType, ExportValue } from '../../lib/export-columns.ts';
import { exportFile, type ExportFileStream } from '../../lib/export-file.ts';
import { BILLING_TIME_ZONE, billingToday, daysBetween } from '../../lib/calendar.ts';
import { nextBillingDate, totalDueShekels } from '../billing/periods.ts';
import { listLastPaidPeriodStarts, vatTable } from '../billing/billing.queries.ts';
import { rateFrom } from '../billing/billing.service.ts';
import { maskedCardOf, projectStateOf, toAdminProject } from '../projects/projects.service.ts';
import { listUnpaidInvoices, listAllProjects, listAllUsers, listProjectsWithOwner, type ProjectWithOwner } from './admin.queries.ts';

export async function listAdminUsers(app: FastifyInstance): Promise<AdminUser[]> {
  const rows = await listAllUsers(app.db);
  return rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }));
}

export async function listAdminProjects(app: FastifyInstance): Promise<AdminProject[]> {
  return (await listAllProjects(app.db)).map(toAdminProject);
}

/**
 * The row's billing date: the billing date of its oldest unpaid invoice when it has one (so an unpaid
 * project shows as overdue, days below 0), otherwise the next billing date.
 */
function toCustomerBilling(
  row: ProjectWithOwner,
  vatBasisPoints: (date: string) => number,
  unpaid: { count: number; oldest: string } | undefined,
  lastPaidStart: string | null,
  today: string,
): CustomerBilling {
  const { project: p, owner } = row;
  const next = unpaid ? unpaid.oldest : nextBillingDate(p.billingAnchor, today, lastPaidStart);
  const vat = vatBasisPoints(next);
  return {
    id: p.id,
    facilityName: p.name,
    facilityType: p.facilityType,
    username: owner?.username ?? '',
    email: owner?.email ?? null,
    phone: owner?.phone ?? null,
    city: owner?.city ?? null,
    firstName: owner?.firstName ?? null,
    lastName: owner?.lastName ?? null,
    ...projectStateOf(p),
    inactiveNote: p.inactiveNote,
    paidUntil: p.paidUntil,
    createdAt: p.createdAt.toISOString(),
    nextBillingDate: next,
    daysUntilBilling: daysBetween(today, next),
    monthlyPrice: p.monthlyPriceAgorot / 100,
    totalAmountDue: totalDueShekels(p.monthlyPriceAgorot, vat),
    vatBasisPoints: vat,
    unpaidInvoices: unpaid?.count ?? 0,
    card: maskedCardOf(p),
  };
}

/**
 * One row per project with its owner: five queries, whatever the number of projects. The export
 * reads on the reports pool (`db`: app.reportsDb, docs/decisions/034-no-tenant-stalls.md).
 */
export async function listCustomersBilling(app: FastifyInstance, db = app.db): Promise<CustomerBilling[]> {
  const [rows, rates, unpaid, lastPaid] = [
    await listProjectsWithOwner(db),
    await vatTable(db),
    await listUnpaidInvoices(db),
    await listLastPaidPeriodStarts(db),
  ];
  const today = billingToday(app.now());
  return rows.map((row) =>
    toCustomerBilling(row, (date) => rateFrom(rates, date), unpaid.get(row.project.id), lastPaid.get(row.project.id) ?? null, today),
  );
}

/** The type as the screen names it (common.json `projectTypes`), not the stored value. */
function projectTypeWord(words: BillingExportWords, type: string): string {
  const known = PROJECT_TYPES.find((p) => p === type);
  return known ? words.projectType[known] : type;
}

function exportRow(r: CustomerBilling, words: BillingExportWords): ExportValue[] {
  const contact = [r.firstName, r.lastName].filter(Boolean).join(' ') || r.username;
  return [
    r.facilityName,
    projectTypeWord(words, r.facilityType),
    contact,
    r.username,
    r.email,
    r.phone,
    r.city,
    r.card ? `${r.card.brand} •••• ${r.card.last4}` : null,
    r.createdAt.slice(0, 10),
    r.nextBillingDate,
    r.daysUntilBilling,
    r.monthlyPrice,
    r.totalAmountDue,
    words.status[r.status],
    r.unpaidInvoices,
  ];
}

/** The rows the billing screen shows for the same filters, as CSV or .xlsx. */
export async function exportCustomersBilling(
  app: FastifyInstance,
  opts: CustomerFilters & { format: 'csv' | 'xlsx'; lang: Locale },
): Promise<ExportFileStream> {
  const words = BILLING_EXPORT_WORDS[opts.lang];
  const rows = filterCustomers(await listCustomersBilling(app, app.reportsDb), opts).map((r) => exportRow(r, words));
  // Written like every other export (docs/product.md "Exports"); numbers stay numbers, the rest text.
  const columns = words.columns.map((header, i): ExportColumn => ({ header, type: COLUMN_TYPES[i] ?? 'text' }));
  return exportFile(
    {
      name: 'customer-billing',
      sheetName: words.sheet,
      rightToLeft: RTL_LOCALES.includes(opts.lang),
      columns,
      rows,
    },
    { format: opts.format, timeZone: BILLING_TIME_ZONE, now: app.now() },
  );
}

/** The typed billing columns (the rest are text): the two dates, days until billing, price, amount due, unpaid invoices. */
const COLUMN_TYPES: Partial<Record<number, ExportColumnType>> = {
  8: 'date',
  9: 'date',
  10: 'number',
  11: 'number',
  12: 'number',
  14: 'number',
};
