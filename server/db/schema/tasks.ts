import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { projects } from './projects.ts';
import { units } from './units.ts';
import { users } from './users.ts';

/** Name and description per language, for data that ships in every locale (default stages). */
export type TextTranslations = Record<string, { name?: string; description?: string }>;

export const taskTemplates = pgTable(
  'task_templates',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    translations: jsonb('translations').$type<TextTranslations>(),
    facilityType: text('facility_type').notNull(),
    roomType: text('room_type'),
    isRequired: boolean('is_required').notNull().default(true),
    requiresPhoto: boolean('requires_photo').notNull().default(false),
    estimatedMinutes: integer('estimated_minutes').notNull().default(5),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('task_templates_project_idx').on(t.projectId, t.facilityType)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    translations: jsonb('translations').$type<TextTranslations>(),
    estimatedMinutes: integer('estimated_minutes').notNull().default(10),
    requiresPhoto: boolean('requires_photo').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** once: a construction stage, done for good. daily: a routine, open again each local day. */
    recurrence: text('recurrence').notNull().default('once'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tasks_project_unit_idx').on(t.projectId, t.unitId),
    // A unit has one task of a name: scheduling the same list twice (or twice at once) adds nothing.
    uniqueIndex('tasks_unit_name_uq').on(t.projectId, t.unitId, t.name),
  ],
);

export const taskCompletions = pgTable(
  'task_completions',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    /** The project's local date of the work. */
    workDate: date('work_date').notNull(),
    /** 'once' for a once-task, else the work date: unique per task, so a task never completes twice. */
    period: text('period').notNull(),
    workerName: text('worker_name'),
    notes: text('notes'),
    photoUrl: text('photo_url'),
    idempotencyKey: text('idempotency_key'),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the server received it: later than `completedAt` when the phone kept it without signal
     * (docs/product.md "Working without signal"). Null for completions from before it was recorded.
     */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** The phone that sent it (X-Shalav-Device): only that phone may undo it (docs/decisions/029-quality-loop.md). */
    deviceId: text('device_id'),
    /** pending, accepted or rejected: the manager's last word on this completion. */
    reviewStatus: text('review_status').notNull().default('pending'),
    /**
     * Set when the stage was opened again: the row stays as history, and every read of "done" leaves
     * it out (`reopened_at is null`). `reopenedAs` says why: 'undone' (the worker's undo) or 'rejected'.
     */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedAs: text('reopened_as'),
    reopenedByDevice: text('reopened_by_device'),
    reopenedByUserId: uuid('reopened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One standing completion per task and period; reopened ones stay beside it as history.
    uniqueIndex('task_completions_task_period_uq')
      .on(t.taskId, t.period)
      .where(sql`reopened_at is null`),
    // Whether each task of a project is done for a period, and by whom, read from the index alone:
    // one project's entries of a period lie side by side (work tracking's look-up per task; by task
    // alone, a year of the platform scatters them). Its predicate is spelled as no other read spells it
    // (the first clause always holds), so that only work tracking can use it (docs/decisions/047-work-tracking-by-project.md).
    index('task_completions_project_done_idx')
      .on(t.projectId, t.period, t.taskId, t.workerName)
      .where(sql`(period is not null and reopened_at is null) is true`),
    // The reopened ones (undone, sent back) of a task and period: the latest rejection a screen shows.
    index('task_completions_reopened_idx')
      .on(t.taskId, t.period)
      .where(sql`reopened_at is not null`),
    uniqueIndex('task_completions_idem_uq').on(t.projectId, t.idempotencyKey),
    index('task_completions_project_unit_idx').on(t.projectId, t.unitId, t.completedAt),
    // Reads of a period (statistics, performance, KPI): the project's standing completions by local
    // day, so a month is read without the year around it (docs/decisions/037-reads-that-stay-fast.md).
    index('task_completions_project_day_idx')
      .on(t.projectId, t.workDate)
      .where(sql`reopened_at is null`),
    // The standing once-stage completions of a project by unit, with their task and local day: the
    // map counts a unit's done stages from here and today's by-day entries, and statistics and KPI
    // read when each once-stage was done, from the index alone, without a look-up per task
    // (docs/decisions/048-once-stages-from-one-index.md). Its predicate is written `(…) is true` so
    // that only a read stating it so can use it: without statistics, the progress matrix's look-ups
    // per task (`period = 'once' and reopened_at is null`) took it and became quadratic
    // (docs/decisions/041-counted-from-the-completions.md).
    index('task_completions_once_unit_idx')
      .on(t.projectId, t.unitId, t.taskId, t.workDate)
      .where(sql`(period = 'once' and reopened_at is null) is true`),
    // What was sent back in a period (employee performance): few rows, read by day.
    index('task_completions_sent_back_idx')
      .on(t.projectId, t.workDate)
      .where(sql`reopened_as = 'rejected'`),
    // The review list (docs/product.md "Quality loop"): one status, newest first, paged by key.
    index('task_completions_review_idx')
      .on(t.projectId, t.reviewStatus, t.completedAt.desc(), t.id.desc())
      .where(sql`reopened_as is distinct from 'undone'`),
  ],
);

/** Every review a manager gave a completion (docs/decisions/029-quality-loop.md): never overwritten. */
export const taskReviews = pgTable(
  'task_reviews',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    completionId: uuid('completion_id')
      .notNull()
      .references(() => taskCompletions.id, { onDelete: 'cascade' }),
    /** accepted or rejected. */
    decision: text('decision').notNull(),
    reason: text('reason'),
    reviewerUserId: uuid('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('task_reviews_completion_idx').on(t.projectId, t.completionId, t.createdAt)],
);

export const workSessions = pgTable(
  'work_sessions',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    workerName: text('worker_name').notNull(),
    floorNumber: integer('floor_number'),
    status: text('status').notNull().default('active'),
    workDate: date('work_date').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_sessions_project_unit_idx').on(t.projectId, t.unitId, t.workDate),
    index('work_sessions_project_day_idx').on(t.projectId, t.workDate),
    // One session per worker, unit and local day: a double tap or a replayed start continues it.
    uniqueIndex('work_sessions_worker_day_uq').on(t.projectId, t.unitId, t.workerName, t.workDate),
  ],
);

/** Names workers typed, per project: suggestions on the QR page and performance. */
export const workers = pgTable(
  'workers',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workers_project_name_uq').on(t.projectId, t.name)],
);
