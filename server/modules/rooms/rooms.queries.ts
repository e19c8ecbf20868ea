import { and, eq, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { bool, dateOrNull, num, numOrNull, text, textOrNull, type RawRow } from '../../db/raw-rows.ts';
import { units } from '../../db/schema/index.ts';
import { unitLabelKey } from '#contract/generator.ts';

export interface UnitWithCounts {
  id: string;
  number: string;
  name: string | null;
  description: string | null;
  floor: number | null;
  type: string;
  facilityType: string;
  manualStatus: string | null;
  total: number;
  completed: number;
  hasSessionToday: boolean;
  lastCompletedAt: Date | null;
  lastWorker: string | null;
}

/** The row mapper of the units-with-counts statements (this one, and the worker's unit suggestions). */
export const unitWithCountsOf = (r: RawRow): UnitWithCounts => ({
  id: text(r.id),
  number: text(r.number),
  name: textOrNull(r.name),
  description: textOrNull(r.description),
  floor: numOrNull(r.floor),
  type: text(r.type),
  facilityType: text(r.facility_type),
  manualStatus: textOrNull(r.manual_status),
  total: num(r.total),
  completed: num(r.completed),
  hasSessionToday: bool(r.has_session),
  lastCompletedAt: dateOrNull(r.completed_at),
  lastWorker: textOrNull(r.worker_name),
});

/** The period key a completion is stored under: 'once' for once-tasks, else the local date. */
export const periodFor = (recurrence: string, date: string) => (recurrence === 'once' ? 'once' : date);

/**
 * The manager's latest rejection per task and period (docs/decisions/029-quality-loop.md), the body
 * of a CTE: one pass over the project's rejected completions in `periods` (of one unit, if given),
 * joined by each screen to its tasks that have no standing completion. Ties go to the newest review.
 */
export const latestRejections = (p: { projectId: string; periods: string[]; unitId?: string }) => sql`
  select distinct on (o.task_id, o.period) o.task_id, o.period, r.reason
  from task_completions o
  join task_reviews r on r.completion_id = o.id and r.project_id = ${p.projectId} and r.decision = 'rejected'
  where o.project_id = ${p.projectId} and o.reopened_as = 'rejected'
    and o.period in (${sql.join(
      p.periods.map((period) => sql`${period}`),
      sql`, `,
    )}) ${p.unitId ? sql`and o.unit_id = ${p.unitId}` : sql``}
  order by o.task_id, o.period, r.created_at desc, r.id desc`;

/**
 * Every unit of a project with today's task counts, last completion and whether work started
 * today: one statement whatever the number of units (grouped sub-queries, no per-unit query).
 *
 * A unit's done tasks are counted from the completions' side: its standing once-stage completions
 * (task_completions_once_unit_idx) and today's (the by-day index), each grouped by unit. A
 * completion's unit and period follow its task, and tasks never change unit or recurrence, so this
 * counts the same tasks as a look-up per task, which cost 20,000 index probes on the biggest
 * project of bench:scale. Neither side is joined to the other row by row: without statistics a
 * planner would take such a join's inner side for one row and loop over it
 * (docs/decisions/041-counted-from-the-completions.md).
 */
export async function listUnitsWithCounts(db: Db, p: { projectId: string; date: string; unitId?: string }): Promise<UnitWithCounts[]> {
  const unitFilter = p.unitId ? sql`and u.id = ${p.unitId}` : sql``;
  const onlyUnit = p.unitId ? sql`and unit_id = ${p.unitId}` : sql``;
  const result = await db.execute(sql`
    with tc as (
      select unit_id, count(*)::int as total from tasks where project_id = ${p.projectId} ${onlyUnit} group by unit_id
    ),
    done as (
      select unit_id, count(*)::int as completed from (
        select unit_id from task_completions
        where project_id = ${p.projectId} and (period = 'once' and reopened_at is null) is true ${onlyUnit}
        union all
        select unit_id from task_completions
        where project_id = ${p.projectId} and work_date = ${p.date} and period = ${p.date} and reopened_at is null ${onlyUnit}
      ) s
      group by unit_id
    ),
    ws as (
      select distinct unit_id from work_sessions where project_id = ${p.projectId} and work_date = ${p.date}
    )
    select u.id, u.number, u.name, u.description, u.floor, u.type, u.facility_type, u.manual_status,
      coalesce(tc.total, 0) as total, coalesce(done.completed, 0) as completed,
      (ws.unit_id is not null) as has_session, lc.completed_at, lc.worker_name
    from units u
    left join tc on tc.unit_id = u.id
    left join done on done.unit_id = u.id
    -- The unit's last completion, read backwards from its own entries of task_completions_project_unit_idx:
    -- one short read per unit whatever the history, not a sort of all of it (a year of the biggest
    -- project: 2.9 s → 20 ms; docs/decisions/037-reads-that-stay-fast.md). \`(… is null) is true\` says
    -- the same as \`is null\` but keeps the partial by-day index (\`where reopened_at is null\`) out of
    -- this read: a planner without statistics (a database just restored or filled) took that index for
    -- a few rows and scanned the project's whole history once per unit (165 s on 2,000 units).
    left join lateral (
      select l.completed_at, l.worker_name from task_completions l
      where l.project_id = ${p.projectId} and l.unit_id = u.id and (l.reopened_at is null) is true
      order by l.completed_at desc
      limit 1
    ) lc on true
    left join ws on ws.unit_id = u.id
    where u.project_id = ${p.projectId} ${unitFilter}
  `);
  return rowsOf(result).map(unitWithCountsOf);
}

export async function findUnit(db: Db, p: { projectId: string; unitId: string }) {
  const [row] = await db
    .select()
    .from(units)
    .where(and(eq(units.projectId, p.projectId), eq(units.id, p.unitId)))
    .limit(1);
  return row;
}

export interface UnitTaskForDate {
  id: string;
  name: string;
  description: string | null;
  requiresPhoto: boolean;
  estimatedMinutes: number;
  completedAt: Date | null;
  workerName: string | null;
  photoUrl: string | null;
  notes: string | null;
  /** The standing completion's review status (pending or accepted); null when open. */
  reviewStatus: string | null;
  /** While open: the reason of the period's latest rejection, if any. */
  rejectionReason: string | null;
}

const unitTaskForDateOf = (r: RawRow): UnitTaskForDate => ({
  id: text(r.id),
  name: text(r.name),
  description: textOrNull(r.description),
  requiresPhoto: bool(r.requires_photo),
  estimatedMinutes: num(r.estimated_minutes),
  completedAt: dateOrNull(r.completed_at),
  workerName: textOrNull(r.worker_name),
  photoUrl: textOrNull(r.photo_url),
  notes: textOrNull(r.notes),
  reviewStatus: textOrNull(r.review_status),
  rejectionReason: textOrNull(r.rejection_reason),
});

/**
 * A unit's tasks with their completion for the date (once-tasks: any completion) and, while a task
 * is open, the reason of the manager's latest rejection in that period (docs/decisions/029-quality-loop.md):
 * one statement, the rejections read once for the unit.
 */
export async function listUnitTasksForDate(db: Db, p: { projectId: string; unitId: string; date: string }): Promise<UnitTaskForDate[]> {
  const result = await db.execute(sql`
    with rj as (${latestRejections({ projectId: p.projectId, periods: ['once', p.date], unitId: p.unitId })})
    select t.id, t.name, t.description, t.requires_photo, t.estimated_minutes,
      c.completed_at, c.worker_name, c.photo_url, c.notes, c.review_status, rj.reason as rejection_reason
    from tasks t
    left join task_completions c
      on c.task_id = t.id and c.project_id = ${p.projectId}
      and c.period = (case when t.recurrence = 'once' then 'once' else ${p.date} end) and c.reopened_at is null
    left join rj on c.id is null and rj.task_id = t.id and rj.period = (case when t.recurrence = 'once' then 'once' else ${p.date} end)
    where t.project_id = ${p.projectId} and t.unit_id = ${p.unitId}
    order by t.sort_order, t.created_at, t.name
  `);
  return rowsOf(result).map(unitTaskForDateOf);
}

/** How many units the project has. */
export async function countUnits(db: Db, p: { projectId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(units)
    .where(eq(units.projectId, p.projectId));
  return Number(row.n);
}

type NewUnit = Omit<typeof units.$inferInsert, 'id' | 'projectId' | 'createdAt' | 'updatedAt'>;
export type UnitChanges = Partial<NewUnit> & { updatedAt: Date };

/** Inserts a unit; a label the project already has fails on the unique index (23505). */
export async function insertUnit(db: Db, p: { projectId: string; values: NewUnit }): Promise<string> {
  const [row] = await db
    .insert(units)
    .values({ ...p.values, projectId: p.projectId })
    .returning({ id: units.id });
  return row.id;
}

/**
 * Inserts the units whose label the project does not have in any case (a label created meanwhile
 * is skipped: either unique index, exact or any-case, turns the row into nothing); returns how many
 * were written.
 */
export async function insertNewUnits(db: Db, p: { projectId: string; rows: NewUnit[] }): Promise<number> {
  const rows = await db
    .insert(units)
    .values(p.rows.map((r) => ({ ...r, projectId: p.projectId })))
    .onConflictDoNothing()
    .returning({ id: units.id });
  return rows.length;
}

export async function updateUnit(db: Db, p: { projectId: string; unitId: string; set: UnitChanges }): Promise<void> {
  await db
    .update(units)
    .set(p.set)
    .where(and(eq(units.projectId, p.projectId), eq(units.id, p.unitId)));
}

/** Whether a unit of the project was deleted. */
export async function deleteUnit(db: Db, p: { projectId: string; unitId: string }): Promise<boolean> {
  const deleted = await db
    .delete(units)
    .where(and(eq(units.projectId, p.projectId), eq(units.id, p.unitId)))
    .returning({ id: units.id });
  return deleted.length > 0;
}

/** Every label of the project, as written (at most LIMITS.unitsPerProject): the generator matches them and takes their case. */
export async function listUnitLabels(db: Db, p: { projectId: string }): Promise<string[]> {
  const rows = await db.select({ number: units.number }).from(units).where(eq(units.projectId, p.projectId));
  return rows.map((r) => r.number);
}

/** Whether another unit of the project has this label in any case (`exceptUnitId`: the unit being renamed). */
export async function unitLabelTaken(db: Db, p: { projectId: string; number: string; exceptUnitId?: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .where(
      and(
        eq(units.projectId, p.projectId),
        eq(sql`lower(${units.number})`, unitLabelKey(p.number)),
        p.exceptUnitId ? ne(units.id, p.exceptUnitId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Labels that differ only in case within a project (from before labels were compared so), grouped. */
export async function listLookAlikeLabels(db: Db): Promise<{ projectId: string; numbers: string[] }[]> {
  const rows = await db
    .select({ projectId: units.projectId, numbers: sql<string[]>`array_agg(${units.number} order by ${units.number})` })
    .from(units)
    .groupBy(units.projectId, sql`lower(${units.number})`)
    .having(sql`count(*) > 1`);
  return rows;
}

/**
 * Creates the any-case unique index of unit labels when it is missing and nothing stands in its way
 * (migration 0008 leaves it out while a project has look-alike labels); answers the look-alikes
 * still standing in its way, for the server's log.
 */
export async function ensureAnyCaseLabelIndex(db: Db): Promise<{ projectId: string; numbers: string[] }[]> {
  // Once the index exists nothing can stand in its way: a start then costs one catalogue lookup, not a scan of every unit.
  const existing = await db.execute(sql`select 1 from pg_indexes where indexname = 'units_project_number_ci_uq' limit 1`);
  if (rowsOf(existing).length > 0) return [];
  const lookAlikes = await listLookAlikeLabels(db);
  if (lookAlikes.length === 0)
    await db.execute(
      sql`create unique index if not exists "units_project_number_ci_uq" on "units" using btree ("project_id", lower("number"))`,
    );
  return lookAlikes;
}
