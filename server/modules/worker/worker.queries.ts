import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { MAX_UNIT_SUGGESTIONS } from '#contract/constants.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { bool, dateOrNull, num, text, textOrNull, type RawRow } from '../../db/raw-rows.ts';
import { unitWithCountsOf, type UnitWithCounts } from '../rooms/rooms.queries.ts';
import { projects, storedObjects, taskCompletions, tasks, units, workSessions, workers } from '../../db/schema/index.ts';

const projectColumns = {
  id: projects.id,
  name: projects.name,
  facilityType: projects.facilityType,
  status: projects.status,
  paidUntil: projects.paidUntil,
  timezone: projects.timezone,
};
export type WorkerProject = Pick<typeof projects.$inferSelect, keyof typeof projectColumns>;
export type CompletionRow = typeof taskCompletions.$inferSelect;

export async function findProjectByQr(db: Db, qrId: string): Promise<WorkerProject | undefined> {
  const [row] = await db.select(projectColumns).from(projects).where(eq(projects.qrId, qrId)).limit(1);
  return row;
}

/** A unit and the project it belongs to: the only way a worker route learns the project. */
export async function findUnitWithProject(db: Db, unitId: string) {
  const [row] = await db
    .select({ unit: units, project: projectColumns })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .where(eq(units.id, unitId))
    .limit(1);
  return row;
}

/** A task with its unit and project, for completing it. */
export async function findTaskWithProject(db: Db, taskId: string) {
  const [row] = await db
    .select({ task: tasks, unitNumber: units.number, project: projectColumns })
    .from(tasks)
    .innerJoin(units, eq(units.id, tasks.unitId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  return row;
}

export async function listWorkerNames(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ name: workers.name })
    .from(workers)
    .where(eq(workers.projectId, projectId))
    .orderBy(desc(workers.lastSeenAt), asc(workers.name))
    .limit(500);
  return rows.map((r) => r.name);
}

/**
 * Remembers the worker's name and starts (or continues) their session on the unit for the day, in
 * one transaction. One statement decides "started" or "continuing", even for two taps at once
 * (unique index): `inserted` is false when the session existed already.
 */
export async function recordWorkSession(
  db: Db,
  p: { projectId: string; unitId: string; workerName: string; floorNumber: number | null; workDate: string; now: Date },
): Promise<{ id: string; inserted: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(workers)
      .values({ projectId: p.projectId, name: p.workerName, lastSeenAt: p.now })
      .onConflictDoUpdate({ target: [workers.projectId, workers.name], set: { lastSeenAt: p.now } });
    const [row] = await tx
      .insert(workSessions)
      .values({
        projectId: p.projectId,
        unitId: p.unitId,
        workerName: p.workerName,
        floorNumber: p.floorNumber,
        workDate: p.workDate,
        createdAt: p.now,
        updatedAt: p.now,
      })
      .onConflictDoUpdate({
        target: [workSessions.projectId, workSessions.unitId, workSessions.workerName, workSessions.workDate],
        set: { updatedAt: p.now, floorNumber: p.floorNumber },
      })
      .returning({ id: workSessions.id, inserted: sql<boolean>`(xmax = 0)` });
    return row;
  });
}

/** Inserts a completion; a second one for the task's period (or the key) fails on a unique index (23505). */
export async function insertCompletion(db: Db, values: Omit<typeof taskCompletions.$inferInsert, 'id'>): Promise<CompletionRow> {
  const [created] = await db.insert(taskCompletions).values(values).returning();
  return created;
}

export async function findCompletionByKey(db: Db, p: { projectId: string; idempotencyKey: string }) {
  const [row] = await db
    .select()
    .from(taskCompletions)
    .where(and(eq(taskCompletions.projectId, p.projectId), eq(taskCompletions.idempotencyKey, p.idempotencyKey)))
    .limit(1);
  return row;
}

interface TaskPeriod {
  projectId: string;
  taskId: string;
  period: string;
}
const completionsOf = (p: TaskPeriod) =>
  and(eq(taskCompletions.projectId, p.projectId), eq(taskCompletions.taskId, p.taskId), eq(taskCompletions.period, p.period));

/** The task's standing completion for the period (not undone, not rejected), if any. */
export async function findCompletionForPeriod(db: Db, p: TaskPeriod) {
  const [row] = await db
    .select()
    .from(taskCompletions)
    .where(and(completionsOf(p), isNull(taskCompletions.reopenedAt)))
    .limit(1);
  return row;
}

/** The completion of the task's period opened again most recently (undone or rejected), if any. */
export async function findLastReopened(db: Db, p: TaskPeriod) {
  const [row] = await db
    .select()
    .from(taskCompletions)
    .where(and(completionsOf(p), isNotNull(taskCompletions.reopenedAt)))
    .orderBy(desc(taskCompletions.reopenedAt))
    .limit(1);
  return row;
}

/**
 * Marks a standing completion undone by the phone that sent it: the row stays (history) and every
 * read of "done" leaves it out. Nothing when it was reopened meanwhile (a concurrent undo).
 */
export async function markCompletionUndone(db: Db, p: { projectId: string; id: string; deviceId: string; at: Date }) {
  const [row] = await db
    .update(taskCompletions)
    .set({ reopenedAt: p.at, reopenedAs: 'undone', reopenedByDevice: p.deviceId })
    .where(and(eq(taskCompletions.projectId, p.projectId), eq(taskCompletions.id, p.id), isNull(taskCompletions.reopenedAt)))
    .returning();
  return row;
}

/** An uploaded photo of this unit of this project (upload finished), by its storage key. */
export async function findUploadedObject(db: Db, p: { projectId: string; unitId: string; key: string }) {
  const [row] = await db
    .select({ id: storedObjects.id, uploadedAt: storedObjects.uploadedAt })
    .from(storedObjects)
    .where(and(eq(storedObjects.projectId, p.projectId), eq(storedObjects.unitId, p.unitId), eq(storedObjects.key, p.key)))
    .limit(1);
  return row?.uploadedAt ? row : undefined;
}

/** A task of the unit with its completion for the day (the worker page's list). */
export interface UnitTask {
  id: string;
  name: string;
  description: string | null;
  /** As stored; the service keeps only the public fields. */
  translations: unknown;
  estimatedMinutes: number;
  requiresPhoto: boolean;
  recurrence: string;
  completedAt: Date | null;
  workerName: string | null;
  /** The manager's latest rejection, while no completion of the period stands. */
  rejection: { reason: string; rejectedAt: Date } | null;
}
/** One row of listUnitTasksPublic: the unit and its day, and one task (null: the unit has none). */
export interface UnitTaskRow {
  number: string;
  day: string;
  task: UnitTask | null;
}

function rejectionOf(r: RawRow): UnitTask['rejection'] {
  const rejectedAt = dateOrNull(r.rejected_at);
  return rejectedAt ? { reason: text(r.rejection_reason), rejectedAt } : null;
}

const unitTaskRowOf = (r: RawRow): UnitTaskRow => ({
  number: text(r.number),
  day: text(r.day),
  task:
    r.id === null
      ? null
      : {
          id: text(r.id),
          name: text(r.name),
          description: textOrNull(r.description),
          translations: r.translations,
          estimatedMinutes: num(r.estimated_minutes),
          requiresPhoto: bool(r.requires_photo),
          recurrence: text(r.recurrence),
          completedAt: dateOrNull(r.completed_at),
          workerName: textOrNull(r.worker_name),
          rejection: rejectionOf(r),
        },
});

/**
 * A unit's tasks with their completion for a day, in ONE statement (the worker page's hot path):
 * the day is the one asked for, else "today" in the unit's project time zone at `now`.
 * No rows: no such unit. One row without a task: a unit without tasks.
 */
export async function listUnitTasksPublic(db: Db, p: { unitId: string; date: string | undefined; now: Date }): Promise<UnitTaskRow[]> {
  const result = await db.execute(sql`
    with u as (
      select un.id, un.project_id, un.number,
        coalesce(${p.date ?? null}::date, (${p.now.toISOString()}::timestamptz at time zone pr.timezone)::date)::text as day
      from units un join projects pr on pr.id = un.project_id
      where un.id = ${p.unitId}
    )
    select u.number, u.day, t.id, t.name, t.description, t.translations, t.estimated_minutes, t.requires_photo, t.recurrence,
      c.completed_at, c.worker_name, rj.reason as rejection_reason, rj.created_at as rejected_at
    from u
    left join tasks t on t.unit_id = u.id and t.project_id = u.project_id
    left join task_completions c
      on c.task_id = t.id and c.period = (case when t.recurrence = 'once' then 'once' else u.day end) and c.reopened_at is null
    -- While the stage is open, the manager's latest rejection of a completion of its period: it
    -- stands until a completion stands again (a completion the worker undid leaves it standing).
    left join lateral (
      select r.reason, r.created_at
      from task_completions o
      join task_reviews r on r.completion_id = o.id and r.project_id = u.project_id and r.decision = 'rejected'
      where o.project_id = u.project_id and o.task_id = t.id
        and o.period = (case when t.recurrence = 'once' then 'once' else u.day end) and o.reopened_as = 'rejected'
      order by r.created_at desc
      limit 1
    ) rj on c.id is null
    order by t.sort_order, t.created_at, t.name
  `);
  return rowsOf(result).map(unitTaskRowOf);
}

/**
 * The QR page's unit suggestions, in ONE statement over this project's units (a 1,000-unit project
 * sends 10 units, not 1,000). The match is the worker pages' rule (suggestUnits: the typed text in
 * the number or the name, case-insensitive, or its digits in the number's digits); the order is
 * exact number, then number prefix, then substring, then digits only, each in label order
 * (compareUnitLabels: first run of digits as a number, then the label). Inactive units are left out.
 */
export async function searchPublicUnits(db: Db, p: { projectId: string; q: string; date: string }): Promise<UnitWithCounts[]> {
  const q = p.q.trim().toLowerCase();
  const digits = q.replace(/\D/g, '');
  const result = await db.execute(sql`
    with m as (
      select u.id, u.number, u.name, u.description, u.floor, u.type, u.facility_type, u.manual_status,
        case
          when lower(u.number) = ${q}::text then 0
          when starts_with(lower(u.number), ${q}::text) then 1
          when strpos(lower(u.number), ${q}::text) > 0 or strpos(lower(coalesce(u.name, '')), ${q}::text) > 0 then 2
          else 3
        end as rank,
        coalesce(substring(u.number from '[0-9]+')::numeric, 'Infinity'::numeric) as label_number
      from units u
      where u.project_id = ${p.projectId}
        and u.manual_status is distinct from 'inactive'
        and (
          strpos(lower(u.number), ${q}::text) > 0
          or strpos(lower(coalesce(u.name, '')), ${q}::text) > 0
          or (${digits}::text <> '' and strpos(regexp_replace(u.number, '[^0-9]', '', 'g'), ${digits}::text) > 0)
        )
      order by rank, label_number, u.number collate "C"
      limit ${MAX_UNIT_SUGGESTIONS}
    ),
    tc as (
      select t.unit_id, count(*)::int as total, count(c.id)::int as completed
      from tasks t
      left join task_completions c
        on c.task_id = t.id and c.period = (case when t.recurrence = 'once' then 'once' else ${p.date} end) and c.reopened_at is null
      where t.project_id = ${p.projectId} and t.unit_id in (select id from m)
      group by t.unit_id
    ),
    ws as (
      select distinct unit_id from work_sessions
      where project_id = ${p.projectId} and work_date = ${p.date} and unit_id in (select id from m)
    )
    select m.*, coalesce(tc.total, 0) as total, coalesce(tc.completed, 0) as completed, (ws.unit_id is not null) as has_session
    from m
    left join tc on tc.unit_id = m.id
    left join ws on ws.unit_id = m.id
    order by m.rank, m.label_number, m.number collate "C"
  `);
  // No completed_at / worker_name columns: the last completion is not part of the public unit.
  return rowsOf(result).map(unitWithCountsOf);
}
