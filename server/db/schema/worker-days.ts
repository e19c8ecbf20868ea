import { bigint, date, doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * Employee performance summed per worker and local day, for days that are over
 * (docs/decisions/043-worker-days.md): a month is read from ~600 rows instead of its ~60,000
 * completions. Written by the reads themselves, never by the writes; a day's rows count only while
 * its mark says they were summed at the day's current generation.
 */
export const workerDays = pgTable(
  'worker_days',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    workDate: date('work_date').notNull(),
    /** The worker key (a name folded in case and spacing). */
    k: text('k').notNull(),
    /** The name as last written that day, and when. */
    name: text('name').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, precision: 6 }).notNull(),
    completed: integer('completed').notNull(),
    estimated: integer('estimated').notNull(),
    quality: doublePrecision('quality').notNull(),
    minutes: doublePrecision('minutes').notNull(),
    /** The units of the stages done, comma-separated, each once. */
    units: text('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.workDate, t.k] })],
);

/**
 * One row per project and local day that has history: `gen` goes up with every write that could
 * change the day's sums (triggers of migration 0019); `summedGen` and `formula` say which generation
 * and which way of summing the stored rows are of.
 */
export const workerDayMarks = pgTable(
  'worker_day_marks',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    workDate: date('work_date').notNull(),
    gen: bigint('gen', { mode: 'number' }).notNull().default(0),
    summedGen: bigint('summed_gen', { mode: 'number' }),
    formula: text('formula'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.workDate] })],
);
