import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { REVIEW_DECISIONS, REVIEW_STATUSES, type ReviewDecision, type ReviewStatus } from '#contract/reviews.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { dateOrNull, numOrNull, oneOf, text, textOrNull, type RawRow } from '../../db/raw-rows.ts';
import { taskCompletions, taskReviews, tasks, users } from '../../db/schema/index.ts';

export async function findProjectTask(db: Db, p: { projectId: string; taskId: string }) {
  const [row] = await db
    .select({ id: tasks.id, unitId: tasks.unitId, recurrence: tasks.recurrence })
    .from(tasks)
    .where(and(eq(tasks.projectId, p.projectId), eq(tasks.id, p.taskId)))
    .limit(1);
  return row;
}

const reviewerName = sql<
  string | null
>`coalesce(nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username})`;

/** The last review of a completion, with the reviewer's name. */
export async function findLatestReview(db: Db, p: { projectId: string; completionId: string }) {
  const [row] = await db
    .select({
      id: taskReviews.id,
      taskId: taskReviews.taskId,
      completionId: taskReviews.completionId,
      decision: taskReviews.decision,
      reason: taskReviews.reason,
      createdAt: taskReviews.createdAt,
      reviewerName,
    })
    .from(taskReviews)
    .leftJoin(users, eq(users.id, taskReviews.reviewerUserId))
    .where(and(eq(taskReviews.projectId, p.projectId), eq(taskReviews.completionId, p.completionId)))
    .orderBy(desc(taskReviews.createdAt), desc(taskReviews.id))
    .limit(1);
  return row;
}

/**
 * Keeps a review and applies it to the completion, in one transaction: a rejection reopens the
 * stage (the completion stays, marked rejected). Nothing is written when the completion was
 * reopened meanwhile (a concurrent undo or rejection): the answer is then undefined.
 */
export async function recordReview(
  db: Db,
  p: {
    projectId: string;
    taskId: string;
    completionId: string;
    decision: ReviewDecision;
    reason: string | null;
    reviewerUserId: string;
    at: Date;
  },
) {
  return db.transaction(async (tx) => {
    const change =
      p.decision === 'rejected'
        ? { reviewStatus: 'rejected', reopenedAt: p.at, reopenedAs: 'rejected', reopenedByUserId: p.reviewerUserId }
        : { reviewStatus: 'accepted' };
    const [applied] = await tx
      .update(taskCompletions)
      .set(change)
      .where(and(eq(taskCompletions.projectId, p.projectId), eq(taskCompletions.id, p.completionId), isNull(taskCompletions.reopenedAt)))
      .returning({ id: taskCompletions.id });
    if (!applied) return undefined;
    const [review] = await tx
      .insert(taskReviews)
      .values({
        projectId: p.projectId,
        taskId: p.taskId,
        completionId: p.completionId,
        decision: p.decision,
        reason: p.reason,
        reviewerUserId: p.reviewerUserId,
        createdAt: p.at,
      })
      .returning({ id: taskReviews.id });
    return review;
  });
}

export interface ReviewListFilter {
  projectId: string;
  status: ReviewStatus;
  /** The last row of the previous page: its completion time (as text, to the microsecond) and id. */
  after?: { completedAt: string; id: string };
  limit: number;
  floor?: number;
  taskName?: string;
  templateId?: string;
  worker?: string;
}

export interface ReviewListRow {
  completionId: string;
  taskId: string;
  taskName: string;
  unitId: string;
  unitNumber: string;
  unitName: string | null;
  floor: number | null;
  workerName: string | null;
  completedAt: string;
  workDate: string;
  photoUrl: string | null;
  notes: string | null;
  status: ReviewStatus;
  review: { decision: ReviewDecision; reason: string | null; reviewerName: string | null; createdAt: Date } | null;
}

function reviewOf(r: RawRow): ReviewListRow['review'] {
  const createdAt = dateOrNull(r.reviewed_at);
  if (!createdAt) return null;
  return {
    decision: oneOf(REVIEW_DECISIONS, r.decision),
    reason: textOrNull(r.reason),
    reviewerName: textOrNull(r.reviewer_name),
    createdAt,
  };
}

const reviewListRowOf = (r: RawRow): ReviewListRow => ({
  completionId: text(r.id),
  taskId: text(r.task_id),
  taskName: text(r.task_name),
  unitId: text(r.unit_id),
  unitNumber: text(r.number),
  unitName: textOrNull(r.unit_name),
  floor: numOrNull(r.floor),
  workerName: textOrNull(r.worker_name),
  completedAt: text(r.completed_at),
  workDate: text(r.work_date),
  photoUrl: textOrNull(r.photo_url),
  notes: textOrNull(r.notes),
  status: oneOf(REVIEW_STATUSES, r.review_status),
  review: reviewOf(r),
});

/**
 * One page of completions in one review status, newest first, paged by key (completion time, id)
 * on task_completions_review_idx: the predicate on reopened_as repeats the index's, so the planner
 * may use it. Undone completions never appear; rejected ones do (status rejected).
 *
 * Without a filter on the unit or the task, the page is taken from the completions alone and only
 * its rows are joined: the index then gives the page in order and the scan stops at it. Written as
 * one join, PostgreSQL on a platform of many projects misjudged a small project's share and walked
 * it unit by unit, reading every completion of each (bench:scale, a small project among 200: 17 ->
 * 2 ms; the biggest project's pending page 157 -> 16 ms; docs/decisions/041-counted-from-the-completions.md).
 * With a floor or a stage to match, the filter must come before the limit, so the join stays whole.
 */
export async function listReviewItems(db: Db, f: ReviewListFilter): Promise<ReviewListRow[]> {
  const after = f.after ? sql`and (c.completed_at, c.id) < (${f.after.completedAt}::timestamptz, ${f.after.id}::uuid)` : sql``;
  const floor = f.floor === undefined ? sql`` : sql`and u.floor = ${f.floor}`;
  const taskName = f.taskName ? sql`and t.name = ${f.taskName}` : sql``;
  const template = f.templateId
    ? sql`and t.name = (select tt.name from task_templates tt where tt.id = ${f.templateId} and tt.project_id = ${f.projectId})`
    : sql``;
  const worker = f.worker ? sql`and strpos(lower(coalesce(c.worker_name, '')), lower(${f.worker})) > 0` : sql``;
  const order = sql`order by c.completed_at desc nulls last, c.id desc nulls last`;
  const pageFirst = f.floor === undefined && !f.taskName && !f.templateId;
  const result = await db.execute(sql`
    select c.id, c.task_id, t.name as task_name, c.unit_id, u.number, u.name as unit_name, u.floor, c.worker_name,
      to_char(c.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as completed_at,
      c.work_date::text as work_date, c.photo_url, c.notes, c.review_status,
      r.decision, r.reason, r.created_at as reviewed_at,
      coalesce(nullif(btrim(concat_ws(' ', us.first_name, us.last_name)), ''), us.username) as reviewer_name
    from (
      select c.* from task_completions c
      where c.project_id = ${f.projectId} and c.review_status = ${f.status} and c.reopened_as is distinct from 'undone'
        ${after} ${worker}
      ${pageFirst ? sql`${order} limit ${f.limit}` : sql``}
    ) c
    join tasks t on t.id = c.task_id and t.project_id = ${f.projectId}
    join units u on u.id = c.unit_id and u.project_id = ${f.projectId}
    left join lateral (
      select tr.decision, tr.reason, tr.created_at, tr.reviewer_user_id from task_reviews tr
      where tr.project_id = ${f.projectId} and tr.completion_id = c.id
      order by tr.created_at desc, tr.id desc
      limit 1
    ) r on true
    left join users us on us.id = r.reviewer_user_id
    where true ${floor} ${taskName} ${template}
    ${order}
    limit ${f.limit}
  `);
  return rowsOf(result).map(reviewListRowOf);
}

/**
 * How many completions wait for review, counted on task_completions_review_idx: the predicate on
 * reopened_as repeats the index's, as in listReviewItems, so only the index is read.
 */
export async function countPendingReviews(db: Db, p: { projectId: string }): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from task_completions c
    where c.project_id = ${p.projectId} and c.review_status = 'pending' and c.reopened_as is distinct from 'undone'
  `);
  const [row] = rowsOf(result);
  return numOrNull(row?.n) ?? 0;
}
