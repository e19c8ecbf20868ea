import type { FastifyInstance } from 'fastify';
import type {
  AcceptReviewsInput,
  AcceptReviewsResult,
  ReviewAcceptOutcome,
  ReviewCount,
  ReviewTaskInput,
  ReviewsPage,
  ReviewsQuery,
  TaskReview,
} from '#contract/reviews.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { projectToday } from '../../lib/calendar.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { sharedAnswer } from '../../plugins/project-cache.ts';
import { periodFor } from '../rooms/rooms.queries.ts';
import { findCompletionForPeriod, findLastReopened } from '../worker/worker.queries.ts';
import * as q from './reviews.queries.ts';

const notCompleted = () => conflict('task_not_completed', 'This task is not completed');

type LatestReview = NonNullable<Awaited<ReturnType<typeof q.findLatestReview>>>;
const answerOf = (r: LatestReview): TaskReview => ({
  id: r.id,
  taskId: r.taskId,
  completionId: r.completionId,
  decision: r.decision === 'rejected' ? 'rejected' : 'accepted',
  reason: r.reason,
  reviewerName: r.reviewerName,
  createdAt: r.createdAt.toISOString(),
});

const sameAs = (r: LatestReview, input: ReviewTaskInput) =>
  r.decision === input.decision && (input.decision === 'accepted' || r.reason === input.reason);

/**
 * A manager's review of a completed stage (docs/decisions/029-quality-loop.md): accepted, or rejected
 * with a reason, which opens the stage again for the worker. Each review is kept, and belongs to the
 * completion it judged: a later completion starts a new round. The same review sent twice (a
 * double click) answers the first and writes nothing.
 */
export async function reviewTask(
  app: FastifyInstance,
  auth: UserAuth,
  taskId: string,
  input: ReviewTaskInput,
): Promise<{ review: TaskReview; unitId: string; replay: boolean }> {
  if (!isUuid(taskId)) throw notFound('task_not_found', 'Task not found');
  const projectId = auth.projectId;
  const task = await q.findProjectTask(app.db, { projectId, taskId });
  if (!task) throw notFound('task_not_found', 'Task not found');
  const period = periodFor(task.recurrence, input.date ?? projectToday(auth, app.now()));
  const repeatedRejection = async () => {
    const last = await findLastReopened(app.db, { projectId, taskId, period });
    if (last?.reopenedAs !== 'rejected') throw notCompleted();
    const review = await q.findLatestReview(app.db, { projectId, completionId: last.id });
    if (!review || !sameAs(review, input)) throw notCompleted();
    return { review: answerOf(review), unitId: task.unitId, replay: true };
  };
  const standing = await findCompletionForPeriod(app.db, { projectId, taskId, period });
  if (!standing) return repeatedRejection();
  const latest = await q.findLatestReview(app.db, { projectId, completionId: standing.id });
  if (latest && sameAs(latest, input)) return { review: answerOf(latest), unitId: task.unitId, replay: true };
  const written = await q.recordReview(app.db, {
    projectId,
    taskId,
    completionId: standing.id,
    decision: input.decision,
    reason: input.reason ?? null,
    reviewerUserId: auth.userId,
    at: app.now(),
  });
  if (!written) return repeatedRejection();
  const review = await q.findLatestReview(app.db, { projectId, completionId: standing.id });
  if (!review) throw notCompleted(); // the task was deleted meanwhile (its reviews with it)
  return { review: answerOf(review), unitId: task.unitId, replay: false };
}

/** The cursor of a page: the last row's completion time and id, base64url. */
const cursorOf = (row: q.ReviewListRow) => Buffer.from(`${row.completedAt}|${row.completionId}`).toString('base64url');

function parseCursor(cursor: string): { completedAt: string; id: string } {
  const [completedAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!id || !isUuid(id) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(completedAt)) {
    throw badRequest('validation_failed', 'The cursor is not one this list gave');
  }
  return { completedAt, id };
}

/**
 * The review list (docs/product.md "Quality loop"): one status, newest first, paged by key; once
 * per change of the project (docs/decisions/037-reads-that-stay-fast.md).
 */
export function listReviews(app: FastifyInstance, auth: UserAuth, query: ReviewsQuery): Promise<ReviewsPage> {
  return sharedAnswer(app, auth, `reviews:${JSON.stringify(query)}`, () => reviewsPage(app, auth, query));
}

async function reviewsPage(app: FastifyInstance, auth: UserAuth, query: ReviewsQuery): Promise<ReviewsPage> {
  const rows = await q.listReviewItems(app.db, {
    projectId: auth.projectId,
    status: query.status,
    after: query.cursor ? parseCursor(query.cursor) : undefined,
    limit: query.limit + 1,
    floor: query.floor,
    taskName: query.taskName,
    templateId: query.templateId,
    worker: query.worker,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => ({ ...r, review: r.review && { ...r.review, createdAt: r.review.createdAt.toISOString() } })),
    nextCursor: rows.length > query.limit ? cursorOf(page[page.length - 1]) : null,
  };
}

/** The number waiting for review (docs/decisions/029-quality-loop.md), for the menu's badge. */
export async function countReviews(app: FastifyInstance, auth: UserAuth): Promise<ReviewCount> {
  return { pending: await q.countPendingReviews(app.db, { projectId: auth.projectId }) };
}

/**
 * Accepts a selection of completed stages, each as its own review (reviewTask), and says per item
 * what happened; an item that cannot be accepted does not stop the others. Another project's task,
 * or no task at all, is `not_found` and untouched.
 */
export async function acceptReviews(
  app: FastifyInstance,
  auth: UserAuth,
  input: AcceptReviewsInput,
): Promise<{ answer: AcceptReviewsResult; changed: { unitId: string; taskId: string }[] }> {
  const results: AcceptReviewsResult['results'] = [];
  const changed: { unitId: string; taskId: string }[] = [];
  for (const item of input.items) {
    let outcome: ReviewAcceptOutcome;
    try {
      const { unitId, replay } = await reviewTask(app, auth, item.taskId, { decision: 'accepted', date: item.date });
      outcome = replay ? 'already' : 'accepted';
      if (!replay) changed.push({ unitId, taskId: item.taskId });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'task_not_found') outcome = 'not_found';
      else if (err.code === 'task_not_completed') outcome = 'not_completed';
      else throw err;
    }
    results.push({ taskId: item.taskId, outcome });
  }
  return { answer: { results }, changed };
}
