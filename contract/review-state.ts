import { z } from 'zod';

/**
 * A stage's review state as every manager screen shows it (docs/decisions/029-quality-loop.md):
 * `awaiting` — completed, not reviewed yet; `accepted` — completed and accepted; `sent_back` — open
 * again because the manager rejected the period's latest completion (with the reason). Null: an
 * open stage nobody sent back.
 */
export const STAGE_REVIEW_STATES = ['awaiting', 'accepted', 'sent_back'] as const;
export type StageReviewState = (typeof STAGE_REVIEW_STATES)[number];

export const stageReviewSchema = z.object({
  state: z.enum(STAGE_REVIEW_STATES),
  /** The manager's reason; only for `sent_back`. */
  reason: z.string().nullable(),
});
export type StageReview = z.infer<typeof stageReviewSchema>;

/** The review state from a standing completion's review status, or the rejection that sent it back. */
export function stageReviewOf(p: { completed: boolean; reviewStatus: string | null; rejectionReason: string | null }): StageReview | null {
  if (p.completed) return { state: p.reviewStatus === 'accepted' ? 'accepted' : 'awaiting', reason: null };
  return p.rejectionReason === null ? null : { state: 'sent_back', reason: p.rejectionReason };
}
