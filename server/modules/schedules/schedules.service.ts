import type { FastifyInstance } from 'fastify';
import {
  NO_TASKS_MESSAGE,
  TOO_MANY_SCHEDULE_ROWS,
  TOO_MANY_UNIT_TASKS,
  cleanScheduleTasks,
  type CreateScheduleInput,
  type CreateScheduleResult,
  type ScheduledTask,
  type ScheduledTasksPage,
  type ScheduledTasksQuery,
} from '#contract/schedules.ts';
import { stageReviewOf } from '#contract/review-state.ts';
import { exportWords, reviewWords, isRightToLeft, type ScheduledTasksExportQuery } from '#contract/export-words.ts';
import { chunkedRows, exportChunkRows, exportFile, type ExportFileStream } from '../../lib/export-file.ts';
import { takesTurns } from '../../lib/fairness.ts';
import type { ExportValue } from '../../lib/export-columns.ts';
import { badRequest, notFound, unprocessable } from '../../lib/errors.ts';
import { LIMITS, WRITE_CHUNK_ROWS, chunks } from '#contract/limits.ts';
import { writeInTurns } from '../../lib/fairness.ts';
import { isUuid } from '../../lib/ids.ts';
import { projectToday } from '../../lib/calendar.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { sharedAnswer } from '../../plugins/project-cache.ts';
import type { Db } from '../../db/client.ts';
import { findUnit } from '../rooms/rooms.queries.ts';
import * as q from './schedules.queries.ts';

const UNIT_NOT_FOUND = 'Room not found';

/**
 * Writes the task list onto every unit. Units are checked first: an unknown id, or another
 * project's, answers 404 before anything is written, and so does a unit that would go over its task
 * limit. The rows are then written in chunks of about WRITE_CHUNK_ROWS, one statement each and no
 * transaction around them, so that a big schedule never holds the embedded database for long
 * (docs/decisions/014-tenant-limits.md). Tasks whose name the unit already has are skipped and
 * counted, which makes a schedule cut short by a crash safe to send again: the retry writes only
 * what is missing.
 */
export async function createSchedule(app: FastifyInstance, auth: UserAuth, input: CreateScheduleInput): Promise<CreateScheduleResult> {
  const list = cleanScheduleTasks(input.taskTemplates);
  if (list.length === 0) throw badRequest('no_tasks', NO_TASKS_MESSAGE);
  const unitIds = [...new Set([...(input.roomId ? [input.roomId] : []), ...(input.roomIds ?? [])])];
  if (unitIds.length * list.length > LIMITS.taskRowsPerSchedule)
    throw badRequest('too_many_schedule_rows', TOO_MANY_SCHEDULE_ROWS, { max: LIMITS.taskRowsPerSchedule });
  if (!unitIds.every(isUuid)) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const newTasks: q.NewTask[] = list.map((t) => ({
    name: t.name,
    description: t.description?.trim() || null,
    translations: t.translations ?? null,
    estimatedMinutes: t.estimatedMinutes,
    requiresPhoto: t.requiresPhoto,
    recurrence: t.recurrence ?? null,
  }));

  const found = await q.countProjectUnits(app.db, { projectId: auth.projectId, unitIds });
  if (found !== unitIds.length)
    throw unitIds.length === 1
      ? notFound('unit_not_found', UNIT_NOT_FOUND)
      : notFound('units_not_found', 'Some of the rooms were not found');
  const over = await q.countUnitsOverTaskLimit(app.db, {
    projectId: auth.projectId,
    unitIds,
    names: newTasks.map((t) => t.name),
    limit: LIMITS.tasksPerUnit,
  });
  if (over > 0)
    throw unprocessable('too_many_unit_tasks', `${TOO_MANY_UNIT_TASKS}: ${over} of the chosen units would have more`, {
      max: LIMITS.tasksPerUnit,
      over,
    });

  const parts = chunks(unitIds, Math.max(1, Math.floor(WRITE_CHUNK_ROWS / newTasks.length)));
  const created = await writeInTurns(parts, (part) =>
    q.insertScheduledTasks(app.db, { projectId: auth.projectId, unitIds: part, tasks: newTasks }),
  );

  const skipped = unitIds.length * newTasks.length - created;
  const message =
    created === 0
      ? 'These tasks already exist on the selected rooms'
      : `Scheduled ${created} tasks on ${unitIds.length} rooms` + (skipped > 0 ? ` (${skipped} already existed)` : '');
  return { message, roomsScheduled: unitIds.length, tasksCreated: created, tasksSkipped: skipped };
}

export async function listUnitTasks(app: FastifyInstance, auth: UserAuth, roomId: string) {
  if (!isUuid(roomId) || !(await findUnit(app.db, { projectId: auth.projectId, unitId: roomId })))
    throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const rows = await q.listUnitTasks(app.db, { projectId: auth.projectId, unitId: roomId });
  return rows.map((r) => ({ ...r, recurrence: r.recurrence === 'daily' ? ('daily' as const) : ('once' as const) }));
}

const reviewOf = (r: q.ScheduledTaskRow) =>
  stageReviewOf({ completed: r.status === 'completed', reviewStatus: r.reviewStatus, rejectionReason: r.rejectionReason });

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
  receivedAt: r.receivedAt,
  photoUrl: r.photoUrl,
  notes: r.notes,
  status: r.status,
  review: reviewOf(r),
});

/** Work tracking's filters, read the same way by the list and its export. */
const taskFilter = (
  app: FastifyInstance,
  auth: UserAuth,
  query: Pick<ScheduledTasksQuery, 'search' | 'projectType'>,
): q.ScheduledTaskFilter => ({
  projectId: auth.projectId,
  date: projectToday(auth, app.now()),
  search: query.search || undefined,
  facilityType: query.projectType && query.projectType !== 'all' ? query.projectType : undefined,
});

/** Work tracking: one statement whatever the number of tasks (counts and one page), once per change of the project. */
export function listScheduledTasks(app: FastifyInstance, auth: UserAuth, query: ScheduledTasksQuery): Promise<ScheduledTasksPage> {
  return sharedAnswer(app, auth, `work-tracking:${JSON.stringify(query)}`, () => workTrackingPage(app, auth, query));
}

async function workTrackingPage(app: FastifyInstance, auth: UserAuth, query: ScheduledTasksQuery): Promise<ScheduledTasksPage> {
  const filter = taskFilter(app, auth, query);
  const status = query.status === 'all' ? undefined : query.status;
  const offset = (query.page - 1) * query.pageSize;
  const { counts: byStatus, rows } = await q.pageScheduledTasks(app.db, { ...filter, status, limit: query.pageSize, offset });
  const counts = { all: byStatus.pending + byStatus.in_progress + byStatus.completed, ...byStatus };
  const total = status ? counts[status] : counts.all;
  return { items: rows.map(toScheduledTask), total, page: query.page, pageSize: query.pageSize, counts };
}

/** Units in the export's first chunk, before the project's tasks per unit are known. */
const FIRST_CHUNK_UNITS = 100;

/**
 * The export's tasks, a few units at a time (docs/decisions/034-no-tenant-stalls.md): each chunk
 * reads its units by their sort key, then those units' tasks, so it costs its own rows however far
 * into the project it is. The units per chunk follow the tasks per unit seen so far, to keep a
 * chunk near `chunkRows` tasks.
 */
export function scheduledTaskChunks<Out>(
  db: Db,
  filter: q.ScheduledTaskFilter & { status?: q.ScheduledTaskRow['status'] },
  chunkRows: number,
  map: (row: q.ScheduledTaskRow) => Out,
  embedded = false,
): Promise<AsyncGenerator<Out>> {
  let units = Math.min(FIRST_CHUNK_UNITS, chunkRows);
  let unitsRead = 0;
  let rowsRead = 0;
  return chunkedRows({
    read: async (after: q.UnitCursor | undefined) => {
      const batch = await q.listUnitsAfter(db, { projectId: filter.projectId, facilityType: filter.facilityType, after, limit: units });
      const rows = batch.length > 0 ? await q.listScheduledTasks(db, { ...filter, unitIds: batch.map((u) => u.id) }) : [];
      const next = batch.length < units ? undefined : batch[batch.length - 1]!.cursor;
      unitsRead += batch.length;
      rowsRead += rows.length;
      units = Math.max(1, Math.min(chunkRows, Math.floor((chunkRows * unitsRead) / Math.max(1, rowsRead))));
      return { rows, next };
    },
    map,
    embedded,
  });
}

/**
 * Work tracking as a file (docs/product.md "Exports"): every task under the screen's filters, in the
 * screen's order, read a chunk at a time from the reports pool while the file is written.
 */
export async function exportScheduledTasks(
  app: FastifyInstance,
  auth: UserAuth,
  query: ScheduledTasksExportQuery,
): Promise<ExportFileStream> {
  const filter = taskFilter(app, auth, query);
  const status = query.status === 'all' ? undefined : query.status;
  const words = exportWords(query.lang, auth.facilityType);
  const c = words.scheduledTasks.columns;
  const rows = await scheduledTaskChunks(
    app.reportsDb,
    { ...filter, status },
    exportChunkRows(app),
    (r): ExportValue[] => [
      r.number,
      r.unitName,
      r.floor,
      r.name,
      words.taskStatus[r.status],
      reviewWords(words, reviewOf(r)),
      r.completedBy ?? r.sessionWorker,
      r.completedAt,
      r.notes,
    ],
    takesTurns(app),
  );
  return exportFile(
    {
      name: 'work-tracking',
      sheetName: words.scheduledTasks.sheet,
      rightToLeft: isRightToLeft(query.lang),
      columns: [
        { header: c.unit, type: 'text' },
        { header: c.unitName, type: 'text' },
        { header: c.floor, type: 'number' },
        { header: c.task, type: 'text' },
        { header: c.status, type: 'text' },
        { header: c.review, type: 'text' },
        { header: c.worker, type: 'text' },
        { header: c.completedAt, type: 'datetime' },
        { header: c.notes, type: 'text' },
      ],
      rows,
    },
    { format: query.format, timeZone: auth.timezone, now: app.now() },
  );
}
