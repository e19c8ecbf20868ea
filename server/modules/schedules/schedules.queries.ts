import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { CLEANING_FACILITY_TYPES } from '#contract/cleaning-types.ts';
import { RECURRENCES, type Recurrence } from '#contract/schedules.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { countOf, num, numOrNull, oneOf, text, textOrNull, type RawRow } from '../../db/raw-rows.ts';
import { tasks } from '../../db/schema/index.ts';
import type { TextTranslations } from '../../db/schema/tasks.ts';
import { latestRejections } from '../rooms/rooms.queries.ts';

/** JSON as one bind parameter: a list of any length costs one parameter, not one per element. */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** How many of the ids are units of the project. */
export async function countProjectUnits(db: Db, p: { projectId: string; unitIds: string[] }): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from units u
    where u.project_id = ${p.projectId}
      and u.id in (select value::uuid from jsonb_array_elements_text(${json(p.unitIds)}))
  `);
  return countOf(rowsOf(result));
}

/**
 * How many of the units would carry more than `limit` tasks once the named tasks are added (a
 * name the unit already has adds nothing). One pass over the units' existing tasks: a unit without
 * tasks cannot go over, since one schedule carries at most as many tasks as a unit may have.
 */
export async function countUnitsOverTaskLimit(
  db: Db,
  p: { projectId: string; unitIds: string[]; names: string[]; limit: number },
): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select count(*) as have,
        count(*) filter (where t.name in (select jsonb_array_elements_text(${json(p.names)}))) as already
      from tasks t
      where t.project_id = ${p.projectId}
        and t.unit_id in (select value::uuid from jsonb_array_elements_text(${json(p.unitIds)}))
      group by t.unit_id
    ) s
    where have + ${p.names.length} - already > ${p.limit}
  `);
  return countOf(rowsOf(result));
}

export interface NewTask {
  name: string;
  description: string | null;
  translations: TextTranslations | null;
  estimatedMinutes: number;
  requiresPhoto: boolean;
  recurrence: Recurrence | null;
}

/**
 * Every task on every unit in ONE insert ... select (a single statement whatever the number of
 * units): a unit that already has a task of the same name is left alone, new tasks go after the
 * unit's existing ones in list order, and a task without a recurrence takes the unit's kind
 * (daily on hotel, school and office units, once elsewhere). Returns how many rows were written.
 */
export async function insertScheduledTasks(db: Db, p: { projectId: string; unitIds: string[]; tasks: NewTask[] }): Promise<number> {
  const input = p.tasks.map((t, i) => ({
    idx: i + 1,
    name: t.name,
    description: t.description,
    translations: t.translations,
    estimated_minutes: t.estimatedMinutes,
    requires_photo: t.requiresPhoto,
    recurrence: t.recurrence,
  }));
  const result = await db.execute(sql`
    with target as (
      select u.id, u.facility_type,
        coalesce((select max(x.sort_order) from tasks x where x.project_id = ${p.projectId} and x.unit_id = u.id), 0) as max_order
      from units u
      where u.project_id = ${p.projectId}
        and u.id in (select value::uuid from jsonb_array_elements_text(${json(p.unitIds)}))
      -- A unit deleted while this statement runs must not fail the insert's foreign key.
      for key share of u
    ),
    input as (
      select * from jsonb_to_recordset(${json(input)}) as t(
        idx int, name text, description text, translations jsonb, estimated_minutes int, requires_photo boolean, recurrence text
      )
    ),
    ins as (
      insert into tasks (project_id, unit_id, name, description, translations, estimated_minutes, requires_photo, sort_order, recurrence)
      select ${p.projectId}, target.id, input.name, input.description, input.translations, input.estimated_minutes,
        input.requires_photo, target.max_order + input.idx,
        coalesce(input.recurrence, case when target.facility_type in (select jsonb_array_elements_text(${json(CLEANING_FACILITY_TYPES)})) then 'daily' else 'once' end)
      from target cross join input
      where not exists (
        select 1 from tasks x where x.project_id = ${p.projectId} and x.unit_id = target.id and x.name = input.name
      )
      -- A concurrent schedule of the same name on the same unit: the unique index keeps one.
      on conflict (project_id, unit_id, name) do nothing
      returning 1
    )
    select count(*)::int as n from ins
  `);
  return countOf(rowsOf(result));
}

/** A unit's tasks in their order. */
export async function listUnitTasks(db: Db, p: { projectId: string; unitId: string }) {
  return db
    .select({
      id: tasks.id,
      name: tasks.name,
      description: tasks.description,
      requiresPhoto: tasks.requiresPhoto,
      estimatedMinutes: tasks.estimatedMinutes,
      recurrence: tasks.recurrence,
      sortOrder: tasks.sortOrder,
    })
    .from(tasks)
    .where(and(eq(tasks.projectId, p.projectId), eq(tasks.unitId, p.unitId)))
    .orderBy(asc(tasks.sortOrder), asc(tasks.createdAt), asc(tasks.name));
}

export interface ScheduledTaskFilter {
  projectId: string;
  /** The project's local date: a daily task counts as done when completed on it. */
  date: string;
  search?: string;
  /** A unit facility type, or undefined for all. */
  facilityType?: string;
}

/** The period a task's completion is stored under on the date: 'once' for a once-task, else the date. */
const periodOf = (alias: string, date: string) => sql`(case when ${sql.raw(alias)}.recurrence = 'once' then 'once' else ${date} end)`;

/**
 * Each task of the project with its unit, whether it is done for the period (once-tasks: ever;
 * daily tasks: on the date) and by whom, the worker on the unit today, and the derived status.
 *
 * Whether a task is done is read from `task_completions_project_done_idx` alone: a `limit 1`
 * look-up per task on all its keys, whose entries for one project and period lie side by side and
 * hold the worker's name, so no completion row is read for it. Only the rows a caller keeps get
 * their completion's other columns (`withDetails`). Read through the unique index by task, a year
 * of the biggest project of `bench:scale` scattered those look-ups over a 20-million-entry index
 * (docs/decisions/047-work-tracking-by-project.md).
 */
function scheduledTasksBase(f: ScheduledTaskFilter & { unitIds?: string[] }): SQL {
  const typeFilter = f.facilityType ? sql`and u.facility_type = ${f.facilityType}` : sql``;
  const unitFilter = f.unitIds ? sql`and t.unit_id = any(array(select jsonb_array_elements_text(${json(f.unitIds)})::uuid))` : sql``;
  const s = f.search?.trim().toLowerCase();
  const searchFilter = s
    ? sql`and (
        strpos(lower(u.number), ${s}) > 0
        or strpos(lower(coalesce(u.name, '')), ${s}) > 0
        or strpos(lower(t.name), ${s}) > 0
        or strpos(lower(coalesce(d.worker_name, '')), ${s}) > 0
        or strpos(lower(coalesce(ws.worker_name, '')), ${s}) > 0
      )`
    : sql``;
  return sql`
    with ws as (
      select distinct on (unit_id) unit_id, worker_name
      from work_sessions
      where project_id = ${f.projectId} and work_date = ${f.date}
      order by unit_id, updated_at desc
    ),
    -- The manager's latest rejection per task and period (docs/decisions/029-quality-loop.md): one
    -- pass over the project's rejected completions, joined to the kept tasks that have no standing one.
    rj as (${latestRejections({ projectId: f.projectId, periods: ['once', f.date] })}),
    base as (
      select t.id, t.name, t.description, t.recurrence, t.sort_order, t.created_at,
        u.id as unit_id, u.number, u.name as unit_name, u.type as unit_type, u.floor, u.facility_type,
        d.worker_name as completed_by, ws.worker_name as session_worker,
        case when d.task_id is not null then 'completed' when ws.unit_id is not null then 'in_progress' else 'pending' end as status
      from tasks t
      join units u on u.id = t.unit_id and u.project_id = ${f.projectId}
      -- The index's predicate, spelled as no other read spells it (its first clause always holds): no
      -- other partial index can be proven from it, and no other read can take this one (decision
      -- 041's trap: a planner without statistics taking an index by the project id alone and reading
      -- the project's history once per row; the map's last completion, which spells
      -- \`(reopened_at is null) is true\`, did so with this index: 0.2 → 25 s).
      left join lateral (
        select k.task_id, k.worker_name from task_completions k
        where k.project_id = ${f.projectId} and k.period = ${periodOf('t', f.date)} and k.task_id = t.id
          and (k.period is not null and k.reopened_at is null) is true
        limit 1
      ) d on true
      left join ws on ws.unit_id = t.unit_id
      where t.project_id = ${f.projectId} ${unitFilter} ${typeFilter} ${searchFilter}
    )`;
}

/**
 * The kept rows (`picked`) with their completion's columns and, while open, their latest
 * rejection: a look-up per kept row, by task alone (the task is the project's). With the project id
 * here too, a planner without statistics read the project's every completion once per row
 * (docs/decisions/038-embedded-maintenance.md).
 */
const withDetails = (f: ScheduledTaskFilter) => sql`
    left join lateral (
      select c.id, c.completed_at, c.received_at, c.photo_url, c.notes, c.review_status from task_completions c
      where c.task_id = picked.id and c.period = ${periodOf('picked', f.date)} and c.reopened_at is null
      limit 1
    ) c on true
    left join rj on c.id is null and rj.task_id = picked.id and rj.period = ${periodOf('picked', f.date)}`;

const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;

export interface ScheduledTaskRow {
  id: string;
  name: string;
  description: string | null;
  recurrence: Recurrence;
  unitId: string;
  number: string;
  unitName: string | null;
  unitType: string;
  floor: number | null;
  facilityType: string;
  completedAt: string | null;
  receivedAt: string | null;
  completedBy: string | null;
  photoUrl: string | null;
  notes: string | null;
  sessionWorker: string | null;
  status: (typeof TASK_STATUSES)[number];
  /** The standing completion's review status (pending or accepted); null when open. */
  reviewStatus: string | null;
  /** While open: the reason of the period's latest rejection, if any. */
  rejectionReason: string | null;
}

const scheduledTaskOf = (r: RawRow): ScheduledTaskRow => ({
  id: text(r.id),
  name: text(r.name),
  description: textOrNull(r.description),
  recurrence: oneOf(RECURRENCES, r.recurrence),
  unitId: text(r.unit_id),
  number: text(r.number),
  unitName: textOrNull(r.unit_name),
  unitType: text(r.unit_type),
  floor: numOrNull(r.floor),
  facilityType: text(r.facility_type),
  completedAt: textOrNull(r.completed_at),
  receivedAt: textOrNull(r.received_at),
  completedBy: textOrNull(r.completed_by),
  photoUrl: textOrNull(r.photo_url),
  notes: textOrNull(r.notes),
  sessionWorker: textOrNull(r.session_worker),
  status: oneOf(TASK_STATUSES, r.status),
  reviewStatus: textOrNull(r.review_status),
  rejectionReason: textOrNull(r.rejection_reason),
});

/**
 * Units by the first number in the label, then the label in byte order (as compareUnitLabels);
 * `prefix` names the relation ('picked.') where another joined one has the same columns.
 */
const unitOrder = (prefix = '') => sql.raw(`(substring(${prefix}number from '[0-9]+'))::numeric nulls last, ${prefix}number collate "C"`);
/** The map's order of tasks: by unit, then the unit's task order. */
const taskOrder = (prefix = '') => sql`${unitOrder(prefix)}, ${sql.raw(`${prefix}sort_order, ${prefix}created_at, ${prefix}id`)}`;

/** What `picked` keeps of `base`: enough to order it and to look up its completion. */
const PICKED_COLUMNS = sql`id, name, description, recurrence, unit_id, number, unit_name, unit_type, floor, facility_type,
      completed_by, session_worker, status, sort_order, created_at`;

const TASK_COLUMNS = sql`picked.id, picked.name, picked.description, picked.recurrence, picked.unit_id, picked.number,
      picked.unit_name, picked.unit_type, picked.floor, picked.facility_type,
      to_char(c.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed_at,
      to_char(c.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as received_at,
      picked.completed_by, c.photo_url, c.notes, picked.session_worker, picked.status, c.review_status,
      rj.reason as rejection_reason`;

/**
 * The tasks under the filter (one statement), ordered like the map: by the first number in the
 * unit label, then the label, then the unit's task order. A page of them with `limit`/`offset`;
 * only the given units' with `unitIds` (the export's chunk).
 */
export async function listScheduledTasks(
  db: Db,
  f: ScheduledTaskFilter & { status?: ScheduledTaskRow['status']; unitIds?: string[]; limit?: number; offset?: number },
): Promise<ScheduledTaskRow[]> {
  const statusFilter = f.status ? sql`where status = ${f.status}` : sql``;
  const page = f.limit === undefined ? sql`` : sql`limit ${f.limit} offset ${f.offset ?? 0}`;
  const result = await db.execute(sql`${scheduledTasksBase(f)},
    picked as (
      select ${PICKED_COLUMNS} from base ${statusFilter}
      order by ${taskOrder()}
      ${page}
    )
    select ${TASK_COLUMNS}
    from picked ${withDetails(f)}
    order by ${taskOrder('picked.')}
  `);
  return rowsOf(result).map(scheduledTaskOf);
}

/**
 * Work tracking's page and the number of tasks per status under the filter, in one statement: the
 * tasks and whether each is done are read once, then counted and paged, and only the page's rows
 * read their completion. As two statements, counts then page, the biggest project of `bench:scale`
 * paid that read twice, one after the other (0.19–0.28 s each; docs/decisions/037-reads-that-stay-fast.md,
 * "One pass over the tasks").
 */
export async function pageScheduledTasks(
  db: Db,
  f: ScheduledTaskFilter & { status?: ScheduledTaskRow['status']; limit: number; offset: number },
): Promise<{ counts: Record<(typeof TASK_STATUSES)[number], number>; rows: ScheduledTaskRow[] }> {
  const statusFilter = f.status ? sql`where status = ${f.status}` : sql``;
  const result = await db.execute(sql`${scheduledTasksBase(f)},
    counts as (select jsonb_object_agg(status, n) as counts from (select status, count(*)::int as n from base group by status) s),
    picked as (
      select ${PICKED_COLUMNS}
      from base ${statusFilter}
      order by ${taskOrder()}
      limit ${f.limit} offset ${f.offset}
    )
    -- One row per task of the page, each with the counts; one row of counts alone when the page is empty.
    select counts.counts, ${TASK_COLUMNS}
    from counts left join picked on true ${withDetails(f)}
    order by ${taskOrder('picked.')}`);
  const rows = rowsOf(result);
  const counts = (rows[0]?.counts ?? {}) as Partial<Record<(typeof TASK_STATUSES)[number], unknown>>;
  return {
    counts: { pending: num(counts.pending ?? 0), in_progress: num(counts.in_progress ?? 0), completed: num(counts.completed ?? 0) },
    rows: rows.filter((r) => r.id !== null).map(scheduledTaskOf),
  };
}

/** Where the export's next chunk of units starts: the last unit's sort key (its label is unique in the project). */
export interface UnitCursor {
  /** The first number in the unit label, as text; null when it has none. */
  numberKey: string | null;
  number: string;
}

/**
 * The next `limit` units of the project after `after`, in the map's order (one statement): the
 * export reads its tasks a few units at a time (docs/decisions/034-no-tenant-stalls.md), so a
 * chunk costs its own units, not the whole project sorted and skipped up to the cursor.
 */
export async function listUnitsAfter(
  db: Db,
  p: { projectId: string; facilityType?: string; after?: UnitCursor; limit: number },
): Promise<{ id: string; cursor: UnitCursor }[]> {
  const conditions: SQL[] = [sql`project_id = ${p.projectId}`];
  if (p.facilityType) conditions.push(sql`facility_type = ${p.facilityType}`);
  const a = p.after;
  // "nulls last" is written as (key is null, key) so one row comparison holds.
  if (a)
    conditions.push(sql`(
      (substring(number from '[0-9]+')) is null, coalesce((substring(number from '[0-9]+'))::numeric, 0), number collate "C"
    ) > (${a.numberKey === null}::boolean, coalesce(${a.numberKey}::numeric, 0), ${a.number}::text collate "C")`);
  const result = await db.execute(sql`
    select id, number, substring(number from '[0-9]+') as k_number
    from units where ${sql.join(conditions, sql` and `)}
    order by ${unitOrder()}
    limit ${p.limit}
  `);
  return rowsOf(result).map((r) => ({ id: text(r.id), cursor: { numberKey: textOrNull(r.k_number), number: text(r.number) } }));
}
