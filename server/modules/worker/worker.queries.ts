import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { projects, storedObjects, taskCompletions, tasks, units, workers } from '../../db/schema/index.ts';

const projectColumns = {
  id: projects.id,
  name: projects.name,
  facilityType: projects.facilityType,
  status: projects.status,
  paidUntil: projects.paidUntil,
  timezone: projects.timezone,
};
export type WorkerProject = { id: string; name: string; facilityType: string; status: string; paidUntil: string | null; timezone: string };

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

export async function findCompletionByKey(db: Db, p: { projectId: string; idempotencyKey: string }) {
  const [row] = await db
    .select()
    .from(taskCompletions)
    .where(and(eq(taskCompletions.projectId, p.projectId), eq(taskCompletions.idempotencyKey, p.idempotencyKey)))
    .limit(1);
  return row;
}

export async function findCompletionForPeriod(db: Db, p: { taskId: string; period: string }) {
  const [row] = await db
    .select()
    .from(taskCompletions)
    .where(and(eq(taskCompletions.taskId, p.taskId), eq(taskCompletions.period, p.period)))
    .limit(1);
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


export interface UnitTaskRow {
  number: string;
  day: string;
  id: string | null;
  name: string | null;
  description: string | null;
  translations: Record<string, { name?: string; description?: string }> | null;
  estimated_minutes: number | null;
  requires_photo: boolean | null;
  recurrence: string | null;
  completed_at: string | Date | null;
  worker_name: string | null;
}

/**
 * A unit's tasks with their completion for a day, in ONE statement (the worker page's hot path):
 * the day is the one asked for, else "today" in the unit's project time zone at `now`.
 * No rows: no such unit. One row with a null id: a unit without tasks.
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
      c.completed_at, c.worker_name
    from u
    left join tasks t on t.unit_id = u.id and t.project_id = u.project_id
    left join task_completions c on c.task_id = t.id and c.period = (case when t.recurrence = 'once' then 'once' else u.day end)
    order by t.sort_order, t.created_at, t.name
  `);
  return rowsOf<UnitTaskRow>(result);
}
