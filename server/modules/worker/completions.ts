import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { completeTaskInput } from '#contract/worker.ts';
import { UNIQUE_VIOLATION, badRequest, conflict, notFound, sqlState, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { projectToday } from '../../lib/calendar.ts';
import { COMPLETED_AT_CLOCK_SKEW_MS, COMPLETED_AT_MAX_AGE_MS } from '#contract/worker-rules.ts';
import { periodFor } from '../rooms/rooms.queries.ts';
import { assertAcceptsWork } from './facility.ts';
import {
  findCompletionByKey,
  findCompletionForPeriod,
  findTaskWithProject,
  findUploadedObject,
  insertCompletion,
  type CompletionRow,
} from './worker.queries.ts';

/** `/objects/<key>` → `<key>`; anything else is not one of our photos. */
export function objectKeyOf(photoUrl: string): string | undefined {
  const m = /^\/objects\/([A-Za-z0-9/_.-]+)$/.exec(photoUrl);
  return m && !m[1].includes('..') ? m[1] : undefined;
}

const answerOf = (c: CompletionRow) => ({
  message: 'Task completed successfully',
  taskId: c.taskId,
  completedAt: c.completedAt.toISOString(),
  workDate: c.workDate,
});

/** The photo the worker sent, if any: it must be an upload finished for this unit of this project. */
async function checkedPhoto(app: FastifyInstance, p: { projectId: string; unitId: string; photoUrl: string | undefined | null }) {
  if (!p.photoUrl) return null;
  const key = objectKeyOf(p.photoUrl);
  if (!key || !(await findUploadedObject(app.db, { projectId: p.projectId, unitId: p.unitId, key }))) {
    throw badRequest('photo_missing', 'The photo was not found. Upload the photo again.');
  }
  return p.photoUrl;
}

/**
 * When the stage was done (docs/product.md "Working without signal"): the phone's time for a
 * completion that waited for signal, within bounds. Read against the phone's own clock when the
 * request says what that clock showed on sending (`sentAt`): a phone hours off, or in the wrong
 * time zone, still records the right moment; without it a clock a few minutes fast counts as now.
 */
export function completionTime(now: Date, done: string | undefined, sentAt?: string): Date {
  if (!done) return now;
  const offset = sentAt ? now.getTime() - new Date(sentAt).getTime() : 0;
  const at = new Date(new Date(done).getTime() + offset);
  if (at.getTime() > now.getTime() + COMPLETED_AT_CLOCK_SKEW_MS)
    throw unprocessable('completed_at_in_future', "The completion time is in the future. Check the phone's clock.");
  if (at.getTime() < now.getTime() - COMPLETED_AT_MAX_AGE_MS)
    throw unprocessable('completed_at_too_old', 'This completion is more than a week old and can no longer be recorded.');
  return at.getTime() > now.getTime() ? now : at;
}

/**
 * Completes a task once per period ('once' tasks for good, 'daily' tasks per local date). With an
 * Idempotency-Key, a retried request gets the first answer and writes nothing.
 */
export async function completeTask(
  app: FastifyInstance,
  taskId: string,
  input: z.output<typeof completeTaskInput>,
  idempotencyKey: string | undefined,
  deviceId: string | undefined,
) {
  if (!isUuid(taskId)) throw notFound('task_not_found', 'Task not found');
  const row = await findTaskWithProject(app.db, taskId);
  if (!row) throw notFound('task_not_found', 'Task not found');
  const { task, project } = row;
  const replay = (earlier: CompletionRow) => ({ projectId: project.id, unitId: task.unitId, replay: true, result: answerOf(earlier) });
  if (idempotencyKey) {
    const earlier = await findCompletionByKey(app.db, { projectId: project.id, idempotencyKey });
    if (earlier) {
      if (earlier.taskId !== task.id)
        throw unprocessable('idempotency_key_reused', 'This Idempotency-Key was already used for another request');
      return replay(earlier);
    }
  }
  assertAcceptsWork(app, project);
  const completedAt = completionTime(app.now(), input.completedAt, input.sentAt);
  const photoUrl = await checkedPhoto(app, { projectId: project.id, unitId: task.unitId, photoUrl: input.photoUrl });
  if (task.requiresPhoto && !photoUrl) throw badRequest('photo_required', 'Photo required: upload a photo before completing the task');
  // A daily stage done offline just before local midnight counts for that day, not the day it synced.
  const workDate = projectToday(project, completedAt);
  const period = periodFor(task.recurrence, workDate);
  try {
    const created = await insertCompletion(app.db, {
      projectId: project.id,
      taskId: task.id,
      unitId: task.unitId,
      workDate,
      period,
      workerName: input.workerName,
      notes: input.notes || null,
      photoUrl,
      idempotencyKey: idempotencyKey ?? null,
      deviceId: deviceId ?? null,
      completedAt,
      receivedAt: app.now(),
    });
    return { projectId: project.id, unitId: task.unitId, replay: false, result: answerOf(created) };
  } catch (err) {
    if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
    // A concurrent retry with the same key won the race: answer as it did.
    if (idempotencyKey) {
      const earlier = await findCompletionByKey(app.db, { projectId: project.id, idempotencyKey });
      if (earlier?.taskId === task.id) return replay(earlier);
    }
    const done = await findCompletionForPeriod(app.db, { projectId: project.id, taskId: task.id, period });
    throw done?.workerName
      ? conflict('task_already_completed', `This task was already completed by ${done.workerName}`, { workerName: done.workerName })
      : conflict('task_already_completed', 'This task is already completed');
  }
}
