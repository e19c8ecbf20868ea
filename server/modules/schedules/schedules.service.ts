import type { FastifyInstance } from 'fastify';
import {
  NO_TASKS_MESSAGE,
  cleanScheduleTasks,
  type CreateScheduleInput,
  type CreateScheduleResult,
  type ScheduledTask,
  type ScheduledTasksPage,
  type ScheduledTasksQuery,
} from '../../../contract/schedules.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { localDate } from '../../lib/time.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { findUnit } from '../rooms/rooms.queries.ts';
import * as q from './schedules.queries.ts';

const UNIT_NOT_FOUND = 'Room not found';
const today = (app: FastifyInstance, auth: UserAuth) => localDate(auth.timezone, app.now());

/**
 * Writes the task list onto every unit, synchronously, in one transaction: either every unit
 * gets its tasks or nothing is written. Units are checked first: an unknown id, or another
 * project's, answers 404 before anything is written. Tasks whose name the unit already has are
 * skipped (a repeated schedule is harmless) and counted.
 */
export async function createSchedule(app: FastifyInstance, auth: UserAuth, input: CreateScheduleInput): Promise<CreateScheduleResult> {
  const list = cleanScheduleTasks(input.taskTemplates);
  if (list.length === 0) throw badRequest(NO_TASKS_MESSAGE);
  const unitIds = [...new Set([...(input.roomId ? [input.roomId] : []), ...(input.roomIds ?? [])])];
  if (!unitIds.every(isUuid)) throw notFound(UNIT_NOT_FOUND);
  const newTasks: q.NewTask[] = list.map((t) => ({
    name: t.name,
    description: t.description?.trim() || null,
    translations: t.translations ?? null,
    estimatedMinutes: t.estimatedMinutes,
    requiresPhoto: t.requiresPhoto,
    recurrence: t.recurrence ?? null,
  }));

  const created = await app.db.transaction(async (tx) => {
    const found = await q.countProjectUnits(tx, { projectId: auth.projectId, unitIds });
    if (found !== unitIds.length) throw notFound(unitIds.length === 1 ? UNIT_NOT_FOUND : 'Some of the rooms were not found');
    return q.insertScheduledTasks(tx, { projectId: auth.projectId, unitIds, tasks: newTasks });
  });

  const skipped = unitIds.length * newTasks.length - created;
  const message =
    created === 0
      ? 'These tasks already exist on the selected rooms'
      : `Scheduled ${created} tasks on ${unitIds.length} rooms` + (skipped > 0 ? ` (${skipped} already existed)` : '');
  return { message, roomsScheduled: unitIds.length, tasksCreated: created, tasksSkipped: skipped };
}

export async function listUnitTasks(app: FastifyInstance, auth: UserAuth, roomId: string) {
  if (!isUuid(roomId) || !(await findUnit(app.db, { projectId: auth.projectId, unitId: roomId }))) throw notFound(UNIT_NOT_FOUND);
  const rows = await q.listUnitTasks(app.db, { projectId: auth.projectId, unitId: roomId });
  return rows.map((r) => ({ ...r, recurrence: r.recurrence === 'daily' ? ('daily' as const) : ('once' as const) }));
}

const toScheduledTask = (r: q.ScheduledTaskRow): ScheduledTask => ({
  id: r.id,
  name: r.name,
  description: r.description,
  recurrence: r.recurrence,
  apartmentId: r.unitId,
  apartmentNumber: r.number,
  apartmentName: r.unitName,
  apartmentType: r.unitType,
  apartmentFloor: r.floor,
  facilityType: r.facilityType,
  // The one who did it; else whoever is working on the unit today.
  workerName: r.completedBy ?? r.sessionWorker,
  isCompleted: r.status === 'completed',
  completedAt: r.completedAt,
  photoUrl: r.photoUrl,
  notes: r.notes,
  status: r.status,
});

/** Work tracking: two statements whatever the number of tasks (counts, then one page). */
export async function listScheduledTasks(app: FastifyInstance, auth: UserAuth, query: ScheduledTasksQuery): Promise<ScheduledTasksPage> {
  const filter: q.ScheduledTaskFilter = {
    projectId: auth.projectId,
    date: today(app, auth),
    search: query.search || undefined,
    facilityType: query.projectType && query.projectType !== 'all' ? query.projectType : undefined,
  };
  const byStatus = await q.countScheduledTasks(app.db, filter);
  const counts = { all: byStatus.pending + byStatus.in_progress + byStatus.completed, ...byStatus };
  const status = query.status === 'all' ? undefined : query.status;
  const total = status ? counts[status] : counts.all;
  const offset = (query.page - 1) * query.pageSize;
  const rows = offset < total ? await q.listScheduledTasks(app.db, { ...filter, status, limit: query.pageSize, offset }) : [];
  return { items: rows.map(toScheduledTask), total, page: query.page, pageSize: query.pageSize, counts };
}
