import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, updatedAt } from './common.ts';
import { projects } from './projects.ts';
import { units } from './units.ts';

export const shortages = pgTable(
  'shortages',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    notes: text('notes'),
    reportedBy: text('reported_by'),
    /** pending | in_progress | completed */
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [index('shortages_project_idx').on(t.projectId), uniqueIndex('shortages_idem_uq').on(t.projectId, t.idempotencyKey)],
);

export const measurements = pgTable(
  'measurements',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Millimetres. */
    height: integer('height').notNull().default(0),
    width: integer('width').notNull().default(0),
    thickness: integer('thickness').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    notes: text('notes'),
    reportedBy: text('reported_by'),
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [index('measurements_project_idx').on(t.projectId), uniqueIndex('measurements_idem_uq').on(t.projectId, t.idempotencyKey)],
);
