import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { projects } from './projects.ts';

/** VAT is effective-dated: the rate in force on an invoice's date applies. Basis points. */
export const vatRates = pgTable('vat_rates', {
  effectiveFrom: date('effective_from').primaryKey(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
});

/**
 * One invoice per project and billing period (docs/decisions/020-billing-engine.md). `number` is the
 * gap-free tax-invoice number, taken from `invoice_counters` in the transaction that inserts the row.
 * The seller and customer fields are a copy made at issue: an invoice never changes when the project or
 * the server's configuration does (docs/decisions/026-fixed-invoices.md).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: integer('number').notNull().unique(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The billing date the invoice was issued for (the project's local date). */
    issueDate: date('issue_date').notNull(),
    periodStart: date('period_start').notNull(),
    /** Inclusive: the day before the next billing date. */
    periodEnd: date('period_end').notNull(),
    description: text('description').notNull(),
    /** Null only on invoices issued before the seller was stored (docs/decisions/026-fixed-invoices.md). */
    sellerName: text('seller_name'),
    sellerRegistrationNumber: text('seller_registration_number'),
    sellerAddress: text('seller_address'),
    customerName: text('customer_name').notNull(),
    customerContact: text('customer_contact'),
    customerCity: text('customer_city'),
    amountAgorot: integer('amount_agorot').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    vatAgorot: integer('vat_agorot').notNull(),
    totalAgorot: integer('total_agorot').notNull(),
    /** open | paid | failed | void */
    status: text('status').notNull().default('open'),
    /** Charges tried so far (the first on the billing date, then the retries). */
    attempts: integer('attempts').notNull().default(0),
    /** The date of the next charge attempt; null when none is planned. */
    nextAttemptOn: date('next_attempt_on'),
    /** The gateway idempotency key of the attempt under way or last made. */
    chargeKey: text('charge_key'),
    /** Set while one billing run holds the invoice for a charge; a stale claim may be taken over. */
    chargingSince: timestamp('charging_since', { withTimezone: true }),
    lastError: text('last_error'),
    gatewayReference: text('gateway_reference'),
    issuedAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoices_project_idx').on(t.projectId), unique('invoices_project_period_key').on(t.projectId, t.periodStart)],
);

/** Gap-free sequences (`invoice`): bumped in the transaction that uses the number, so a rollback returns it. */
export const invoiceCounters = pgTable('invoice_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * The embedded sandbox gateway's record of charges, by idempotency key: a repeated charge with a key
 * answers the first result, across restarts, as a real gateway does.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  token: text('token').notNull(),
  amountAgorot: integer('amount_agorot').notNull(),
  ok: boolean('ok').notNull(),
  reference: text('reference').notNull(),
  message: text('message'),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    /** The signed-in person's name when the entry was written (a platform admin or a member). */
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_project_idx').on(t.projectId, t.createdAt)],
);
