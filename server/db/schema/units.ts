import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { projects } from './projects.ts';

/** Units: the API's rooms / apartments (docs/product.md "Wording"). */
export const units = pgTable(
  'units',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    name: text('name'),
    description: text('description'),
    floor: integer('floor'),
    type: text('type').notNull().default('apartment'),
    facilityType: text('facility_type').notNull().default('construction'),
    /** Only the manual state is stored ('inactive'); the rest is derived from today's tasks. */
    manualStatus: text('manual_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('units_project_number_uq').on(t.projectId, t.number),
    /**
     * One unit per label regardless of case (docs/product.md "Working without signal"): "a101" is
     * "A101". Migration 0008 creates it only where no project already has both; the service checks
     * the same rule before writing, so such a project still gets no new look-alikes.
     */
    uniqueIndex('units_project_number_ci_uq').on(t.projectId, sql`lower(${t.number})`),
    index('units_project_idx').on(t.projectId),
  ],
);
