import { bigserial, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common.ts';
import { projects } from './projects.ts';

/** VAT is effective-dated: the rate in force on an invoice's date applies. Basis points. */
export const vatRates = pgTable('vat_rates', {
  effectiveFrom: date('effective_from').primaryKey(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    amountAgorot: integer('amount_agorot').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    vatAgorot: integer('vat_agorot').notNull(),
    totalAgorot: integer('total_agorot').notNull(),
    /** open | paid | failed */
    status: text('status').notNull().default('open'),
    gatewayReference: text('gateway_reference'),
    issuedAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('invoices_project_idx').on(t.projectId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_project_idx').on(t.projectId, t.createdAt)],
);
