import { z } from 'zod';
import { isoDate } from './rooms.ts';

/** The quality loop (docs/product.md "Quality loop", docs/decisions/029-quality-loop.md). */

export const REVIEW_DECISIONS = ['accepted', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_REASON_MAX = 500;
export const REVIEWS_PAGE_MAX = 100;
export const REVIEWS_PAGE_DEFAULT = 50;

/** Why a stage is rejected: required for a rejection, 1..REVIEW_REASON_MAX characters once trimmed. */
export const reviewTaskInput = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    reason: z.string().trim().min(1).max(REVIEW_REASON_MAX).optional(),
    /** A daily task's day (default: today in the project's time zone); ignored for a stage done once. */
    date: isoDate.optional(),
  })
  .refine((v) => v.decision !== 'rejected' || v.reason !== undefined, { path: ['reason'], message: 'A rejection needs a reason' });
export type ReviewTaskInput = z.output<typeof reviewTaskInput>;

export const taskReviewSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  completionId: z.string(),
  decision: z.enum(REVIEW_DECISIONS),
  reason: z.string().nullable(),
  reviewerName: z.string().nullable(),
  createdAt: z.string(),
});
export type TaskReview = z.infer<typeof taskReviewSchema>;

/** The answer to an undo: the stage is open again. */
export const undoCompletionResult = z.object({
  taskId: z.string(),
  workDate: z.string(),
  undoneAt: z.string(),
});
export type UndoCompletionResult = z.infer<typeof undoCompletionResult>;

export const reviewsQuery = z.object({
  status: z.enum(REVIEW_STATUSES).default('pending'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(REVIEWS_PAGE_DEFAULT),
  floor: z.coerce.number().int().min(-20).max(300).optional(),
  taskName: z.string().trim().min(1).max(200).optional(),
  templateId: z.uuid().optional(),
  /** Part of the worker's name, any case. */
  worker: z.string().trim().min(1).max(100).optional(),
});
export type ReviewsQuery = z.output<typeof reviewsQuery>;

export const reviewItemSchema = z.object({
  completionId: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  unitId: z.string(),
  unitNumber: z.string(),
  unitName: z.string().nullable(),
  floor: z.number().int().nullable(),
  workerName: z.string().nullable(),
  completedAt: z.string(),
  workDate: z.string(),
  photoUrl: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  /** The last review of this completion; null while pending. */
  review: z
    .object({
      decision: z.enum(REVIEW_DECISIONS),
      reason: z.string().nullable(),
      reviewerName: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewsPage = z.object({
  items: z.array(reviewItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReviewsPage = z.infer<typeof reviewsPage>;

/** How many completed stages wait for review in the project (the menu's badge). */
export const reviewCountSchema = z.object({ pending: z.number().int().min(0) });
export type ReviewCount = z.infer<typeof reviewCountSchema>;

export const REVIEW_ACCEPT_MAX = 100;
/** Accepts a selection of completed stages in one request: each task, and a daily task's day. */
export const acceptReviewsInput = z.object({
  items: z
    .array(z.object({ taskId: z.string().min(1).max(100), date: isoDate.optional() }))
    .min(1)
    .max(REVIEW_ACCEPT_MAX),
});
export type AcceptReviewsInput = z.output<typeof acceptReviewsInput>;

/**
 * What happened to each item: `accepted` now, `already` accepted before (nothing written),
 * `not_completed` (open, undone or sent back meanwhile), `not_found` (no such task in the project).
 */
export const REVIEW_ACCEPT_OUTCOMES = ['accepted', 'already', 'not_completed', 'not_found'] as const;
export type ReviewAcceptOutcome = (typeof REVIEW_ACCEPT_OUTCOMES)[number];
export const acceptReviewsResult = z.object({
  results: z.array(z.object({ taskId: z.string(), outcome: z.enum(REVIEW_ACCEPT_OUTCOMES) })),
});
export type AcceptReviewsResult = z.infer<typeof acceptReviewsResult>;
