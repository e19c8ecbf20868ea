import { REVIEW_REASON_MAX } from '#contract/reviews.ts';

/** The common reasons a manager sends a stage back for, offered in the rejection dialog (keys under `reasons`). */
export const REVIEW_REASONS = ['photo', 'incomplete', 'quality', 'location', 'cleaning'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/**
 * The reason the worker reads: the picked common reason, then the manager's own words, cut to the
 * server's limit. Empty when neither is given (the dialog then refuses to send).
 */
export function composeReason(picked: string | undefined, details: string): string {
  const parts = [picked?.trim(), details.trim()].filter((p): p is string => Boolean(p));
  return parts.join(' — ').slice(0, REVIEW_REASON_MAX);
}
