import type { FastifyInstance } from 'fastify';
import type { UndoCompletionResult } from '#contract/reviews.ts';
import { UNDO_WINDOW_MINUTES } from '#contract/worker-rules.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { periodFor } from '../rooms/rooms.queries.ts';
import { projectToday } from '../../lib/calendar.ts';
import {
  findCompletionForPeriod,
  findLastReopened,
  findTaskWithProject,
  markCompletionUndone,
  type CompletionRow,
} from './worker.queries.ts';

const answerOf = (c: CompletionRow): UndoCompletionResult => ({
  taskId: c.taskId,
  workDate: c.workDate,
  undoneAt: (c.reopenedAt ?? c.completedAt).toISOString(),
});

/**
 * The worker's undo of a mistaken tap (docs/decisions/029-quality-loop.md): the phone that sent the
 * completion (X-Shalav-Device) may open the stage again within UNDO_WINDOW_MINUTES of the server
 * receiving it. A daily task's completion is today's (the project's local day). The completion is
 * kept, marked undone, so nothing of the history is lost. A repeated undo from that phone answers
 * as the first did.
 */
export async function undoCompletion(app: FastifyInstance, taskId: string, deviceId: string | undefined) {
  if (!isUuid(taskId)) throw notFound('task_not_found', 'Task not found');
  const row = await findTaskWithProject(app.db, taskId);
  if (!row) throw notFound('task_not_found', 'Task not found');
  const { task, project } = row;
  const period = periodFor(task.recurrence, projectToday(project, app.now()));
  const repeated = async () => {
    const last = await findLastReopened(app.db, { projectId: project.id, taskId: task.id, period });
    if (last?.reopenedAs === 'undone' && deviceId !== undefined && last.reopenedByDevice === deviceId) {
      return { projectId: project.id, unitId: task.unitId, replay: true, result: answerOf(last) };
    }
    throw conflict('task_not_completed', 'This task is not completed');
  };
  const standing = await findCompletionForPeriod(app.db, { projectId: project.id, taskId: task.id, period });
  if (!standing) return repeated();
  if (deviceId === undefined || standing.deviceId !== deviceId) {
    throw forbidden('undo_other_device', 'Only the phone that completed this task can undo it');
  }
  const now = app.now();
  const since = standing.receivedAt ?? standing.completedAt;
  if (now.getTime() - since.getTime() > UNDO_WINDOW_MINUTES * 60_000) {
    throw forbidden('undo_window_passed', `The ${UNDO_WINDOW_MINUTES} minutes to undo have passed: a manager can reopen the task`);
  }
  const undone = await markCompletionUndone(app.db, { projectId: project.id, id: standing.id, deviceId, at: now });
  if (!undone) return repeated();
  return { projectId: project.id, unitId: task.unitId, replay: false, result: answerOf(undone) };
}
