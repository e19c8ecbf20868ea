import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  locationNote,
  type PublicRoom,
  type PublicRoomDetails,
  type PublicTask,
  type completeTaskInput,
  type createWorkSessionInput,
  type measurementPublicInput,
  type shortagePublicInput,
} from '../../../contract/worker.ts';
import { measurements, shortages, taskCompletions, workSessions, workers } from '../../db/schema/index.ts';
import { UNIQUE_VIOLATION, badRequest, conflict, notFound, sqlState, forbidden, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { localDate } from '../../lib/time.ts';
import { listUnitsWithCounts, periodFor } from '../rooms/rooms.queries.ts';
import { toRoom, unitMap } from '../rooms/rooms.service.ts';
import {
  findCompletionByKey,
  findCompletionForPeriod,
  findProjectByQr,
  findTaskWithProject,
  findUnitWithProject,
  findUploadedObject,
  listUnitTasksPublic,
  listWorkerNames,
  searchPublicUnits,
  type WorkerProject,
} from './worker.queries.ts';

export const UNIT_NOT_FOUND = 'Unit not found';
export const QR_NOT_FOUND = 'No project matches this QR code';
export const PROJECT_INACTIVE = 'This project is not active: new work cannot be recorded. Please tell your site manager.';

/** New work is accepted while the project is active, or cancelled but still inside its paid period. */
export function acceptsWork(project: Pick<WorkerProject, 'status' | 'paidUntil'>, today: string): boolean {
  if (project.status === 'active') return true;
  return project.status === 'cancelled' && project.paidUntil !== null && today < project.paidUntil;
}

const todayOf = (app: FastifyInstance, project: Pick<WorkerProject, 'timezone'>) => localDate(project.timezone, app.now());

function assertAcceptsWork(app: FastifyInstance, project: WorkerProject) {
  if (!acceptsWork(project, todayOf(app, project))) throw forbidden('project_inactive', PROJECT_INACTIVE);
}

async function getUnit(app: FastifyInstance, unitId: string) {
  if (!isUuid(unitId)) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const row = await findUnitWithProject(app.db, unitId);
  if (!row) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  return row;
}

async function getProjectByQr(app: FastifyInstance, qrId: string) {
  const project = await findProjectByQr(app.db, qrId);
  if (!project) throw notFound('qr_not_found', QR_NOT_FOUND);
  return project;
}

export async function getFacilityByQr(app: FastifyInstance, qrId: string) {
  const project = await getProjectByQr(app, qrId);
  return { id: project.id, name: project.name, facilityType: project.facilityType, isActive: acceptsWork(project, todayOf(app, project)) };
}

const publicRoom = (r: ReturnType<typeof toRoom>): PublicRoom => ({
  id: r.id,
  number: r.number,
  name: r.name,
  description: r.description,
  floor: r.floor,
  type: r.type,
  facilityType: r.facilityType,
  status: r.status,
});

/**
 * The project's units for the QR page. The spec's `facilityType` filter is accepted but not applied:
 * one project mixes unit facility types (a mixed building has commercial and residential units),
 * and the QR already names the project.
 */
/**
 * The QR page's units: suggestions for what the worker typed, or the whole list. A crew opening the
 * page at the start of the day types the same few labels: each answer is computed once per change
 * of the project and shared (server/plugins/project-cache.ts).
 */
export async function listPublicRooms(app: FastifyInstance, qrId: string, q?: string): Promise<PublicRoom[]> {
  const project = await getProjectByQr(app, qrId);
  const date = todayOf(app, project);
  const typed = q?.trim() ?? '';
  if (typed === '') {
    // The manager's map, already sorted and shared: the worker's full list is its active units.
    return (await unitMap(app, project.id, date)).filter((r) => r.status !== 'inactive').map(publicRoom);
  }
  return app.projectCache.get(project.id, `rooms-public:${typed}`, date, async () => {
    const found = await searchPublicUnits(app.db, { projectId: project.id, q: typed, date });
    return found.map(toRoom).map(publicRoom);
  });
}

export async function getPublicRoom(app: FastifyInstance, unitId: string): Promise<PublicRoomDetails> {
  const { project } = await getUnit(app, unitId);
  const today = todayOf(app, project);
  const [row] = await listUnitsWithCounts(app.db, { projectId: project.id, date: today, unitId });
  if (!row) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  return { ...publicRoom(toRoom(row)), facilityName: project.name, projectActive: acceptsWork(project, today), today };
}

export async function getWorkerNames(app: FastifyInstance, qrId: string) {
  const project = await getProjectByQr(app, qrId);
  return listWorkerNames(app.db, project.id);
}

/** Records that a worker started (or continues) work on a unit today, and remembers the name. */
export async function startWorkSession(app: FastifyInstance, input: z.output<typeof createWorkSessionInput>) {
  const { unit, project } = await getUnit(app, input.roomId);
  assertAcceptsWork(app, project);
  const workDate = todayOf(app, project);
  const now = app.now();
  const floorNumber = input.floorNumber ?? unit.floor;
  // One statement decides "started" or "continuing", even for two taps at once (unique index).
  const session = await app.db.transaction(async (tx) => {
    await tx
      .insert(workers)
      .values({ projectId: project.id, name: input.workerName, lastSeenAt: now })
      .onConflictDoUpdate({ target: [workers.projectId, workers.name], set: { lastSeenAt: now } });
    const [row] = await tx
      .insert(workSessions)
      .values({ projectId: project.id, unitId: unit.id, workerName: input.workerName, floorNumber, workDate, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [workSessions.projectId, workSessions.unitId, workSessions.workerName, workSessions.workDate],
        set: { updatedAt: now, floorNumber },
      })
      .returning({ id: workSessions.id, inserted: sql<boolean>`(xmax = 0)` });
    return row;
  });
  const continuing = !session.inserted;
  return {
    projectId: project.id,
    unitId: unit.id,
    result: {
      message: continuing ? 'Continuing existing work' : 'Work started successfully',
      continuing,
      sessionId: session.id,
    },
  };
}

type Translations = NonNullable<PublicTask['translations']>;

/**
 * Only the schema's fields of each locale's text: the task list is sent without a zod pass
 * (see worker.routes.ts), so nothing stored beside them may reach the client.
 */
function publicTranslations(stored: unknown): PublicTask['translations'] {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const out: Translations = {};
  for (const [lng, text] of Object.entries(stored as Record<string, unknown>)) {
    if (text === null || typeof text !== 'object') continue;
    const { name, description } = text as { name?: unknown; description?: unknown };
    out[lng] = {
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof description === 'string' ? { description } : {}),
    };
  }
  return out;
}

/**
 * A unit's tasks for a day (default: today in the project's time zone). One statement finds the
 * unit, its project's day and the tasks; no rows means no such unit (404, whatever the reason).
 * Each task is built with exactly publicTaskSchema's keys, in its order.
 */
export async function listPublicTasks(app: FastifyInstance, unitId: string, date: string | undefined): Promise<PublicTask[]> {
  if (!isUuid(unitId)) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const rows = await listUnitTasksPublic(app.db, { unitId, date, now: app.now() });
  if (rows.length === 0) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const out: PublicTask[] = [];
  for (const { task: t, number } of rows) {
    if (t === null) continue; // the unit has no tasks
    out.push({
      id: t.id,
      name: t.name,
      description: t.description,
      translations: publicTranslations(t.translations),
      isCompleted: t.completedAt !== null,
      completedAt: t.completedAt?.toISOString() ?? null,
      workerName: t.workerName,
      requiresPhoto: t.requiresPhoto,
      estimatedMinutes: t.estimatedMinutes,
      recurrence: t.recurrence,
      roomNumber: number,
    });
  }
  return out;
}

/** `/objects/<key>` → `<key>`; anything else is not one of our photos. */
export function objectKeyOf(photoUrl: string): string | undefined {
  const m = /^\/objects\/([A-Za-z0-9/_.-]+)$/.exec(photoUrl);
  return m && !m[1].includes('..') ? m[1] : undefined;
}

type Completion = typeof taskCompletions.$inferSelect;
const answerOf = (c: Completion) => ({ message: 'Task completed successfully', taskId: c.taskId, completedAt: c.completedAt.toISOString(), workDate: c.workDate });

/**
 * Completes a task once per period ('once' tasks for good, 'daily' tasks per local date). With an
 * Idempotency-Key, a retried request gets the first answer and writes nothing.
 */
export async function completeTask(
  app: FastifyInstance,
  taskId: string,
  input: z.output<typeof completeTaskInput>,
  idempotencyKey: string | undefined,
) {
  if (!isUuid(taskId)) throw notFound('task_not_found', 'Task not found');
  const row = await findTaskWithProject(app.db, taskId);
  if (!row) throw notFound('task_not_found', 'Task not found');
  const { task, project } = row;
  if (idempotencyKey) {
    const earlier = await findCompletionByKey(app.db, { projectId: project.id, idempotencyKey });
    if (earlier) {
      if (earlier.taskId !== task.id) throw unprocessable('idempotency_key_reused', 'This Idempotency-Key was already used for another request');
      return { projectId: project.id, unitId: task.unitId, replay: true, result: answerOf(earlier) };
    }
  }
  assertAcceptsWork(app, project);
  let photoUrl: string | null = input.photoUrl || null;
  if (photoUrl) {
    const key = objectKeyOf(photoUrl);
    if (!key || !(await findUploadedObject(app.db, { projectId: project.id, unitId: task.unitId, key }))) {
      throw badRequest('photo_missing', 'The photo was not found. Upload the photo again.');
    }
  } else {
    photoUrl = null;
  }
  if (task.requiresPhoto && !photoUrl) throw badRequest('photo_required', 'Photo required: upload a photo before completing the task');
  const workDate = todayOf(app, project);
  const period = periodFor(task.recurrence, workDate);
  try {
    const [created] = await app.db
      .insert(taskCompletions)
      .values({
        projectId: project.id,
        taskId: task.id,
        unitId: task.unitId,
        workDate,
        period,
        workerName: input.workerName,
        notes: input.notes || null,
        photoUrl,
        idempotencyKey: idempotencyKey ?? null,
        completedAt: app.now(),
      })
      .returning();
    return { projectId: project.id, unitId: task.unitId, replay: false, result: answerOf(created) };
  } catch (err) {
    if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
    // A concurrent retry with the same key won the race: answer as it did.
    if (idempotencyKey) {
      const earlier = await findCompletionByKey(app.db, { projectId: project.id, idempotencyKey });
      if (earlier?.taskId === task.id) return { projectId: project.id, unitId: task.unitId, replay: true, result: answerOf(earlier) };
    }
    const done = await findCompletionForPeriod(app.db, { taskId: task.id, period });
    throw done?.workerName
      ? conflict('task_already_completed', `This task was already completed by ${done.workerName}`, { workerName: done.workerName })
      : conflict('task_already_completed', 'This task is already completed');
  }
}

type ShortageInput = z.output<typeof shortagePublicInput>;
type MeasurementInput = z.output<typeof measurementPublicInput>;

async function reportContext(app: FastifyInstance, input: ShortageInput) {
  const { unit, project } = await getUnit(app, input.apartmentId);
  return { unit, project, notes: input.notes || locationNote(unit.number, unit.floor) };
}

const reportAnswer = (r: typeof shortages.$inferSelect, apartmentId: string) => ({
  id: r.id,
  name: r.name,
  quantity: r.quantity,
  notes: r.notes,
  reportedBy: r.reportedBy,
  apartmentId,
  status: r.status,
  reportedAt: r.reportedAt.toISOString(),
});

/** A replayed key must be the same report (same unit, same item); another request reusing it is refused. */
function assertSameReport<T extends { unitId: string | null; name: string }>(earlier: T | undefined, unitId: string, name: string): T {
  if (!earlier || earlier.unitId !== unitId || earlier.name !== name) throw unprocessable('idempotency_key_reused', 'This Idempotency-Key was already used for another request');
  return earlier;
}

/** A worker's shortage report; the project comes from the unit, never from the request. */
export async function createPublicShortage(app: FastifyInstance, input: ShortageInput, idempotencyKey: string | undefined) {
  const { unit, project, notes } = await reportContext(app, input);
  const earlier = () => app.db.query.shortages.findFirst({ where: (s, { and, eq }) => and(eq(s.projectId, project.id), eq(s.idempotencyKey, idempotencyKey!)) });
  // A retry of a report saved before the project stopped taking work still gets its first answer.
  const first = idempotencyKey ? await earlier() : undefined;
  if (first) return { projectId: project.id, unitId: unit.id, replay: true, result: reportAnswer(assertSameReport(first, unit.id, input.name), unit.id) };
  assertAcceptsWork(app, project);
  const values = { projectId: project.id, unitId: unit.id, name: input.name, quantity: input.quantity, reportedBy: input.reportedBy || null, notes, idempotencyKey: idempotencyKey ?? null, reportedAt: app.now() };
  const [row] = await app.db.insert(shortages).values(values).onConflictDoNothing().returning();
  const saved = row ?? assertSameReport(await earlier(), unit.id, input.name);
  return { projectId: project.id, unitId: unit.id, replay: !row, result: reportAnswer(saved, unit.id) };
}

export async function createPublicMeasurement(app: FastifyInstance, input: MeasurementInput, idempotencyKey: string | undefined) {
  const { unit, project, notes } = await reportContext(app, input);
  const earlier = () => app.db.query.measurements.findFirst({ where: (m, { and, eq }) => and(eq(m.projectId, project.id), eq(m.idempotencyKey, idempotencyKey!)) });
  const answer = (r: typeof measurements.$inferSelect, replay: boolean) => ({
    projectId: project.id,
    unitId: unit.id,
    replay,
    result: { ...reportAnswer(r, unit.id), height: r.height, width: r.width, thickness: r.thickness },
  });
  const first = idempotencyKey ? await earlier() : undefined;
  if (first) return answer(assertSameReport(first, unit.id, input.name), true);
  assertAcceptsWork(app, project);
  const values = {
    projectId: project.id,
    unitId: unit.id,
    name: input.name,
    quantity: input.quantity,
    height: input.height,
    width: input.width,
    thickness: input.thickness,
    reportedBy: input.reportedBy || null,
    notes,
    idempotencyKey: idempotencyKey ?? null,
    reportedAt: app.now(),
  };
  const [row] = await app.db.insert(measurements).values(values).onConflictDoNothing().returning();
  return answer(row ?? assertSameReport(await earlier(), unit.id, input.name), !row);
}
