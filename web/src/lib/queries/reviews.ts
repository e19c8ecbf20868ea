import { queryOptions } from '@tanstack/react-query';
import type { ReviewCount } from '#contract/reviews.ts';
import { apiGet } from '../api.ts';

/**
 * Prefix of every review query (the list's pages and the number waiting): a completion, an undo or
 * a review publishes `task.completed`, which invalidates it (app/live-updates.ts).
 */
export const reviewsKey = ['/api/reviews'] as const;

/** How many completed stages wait for review: the menu's badge (docs/decisions/029-quality-loop.md). */
export const reviewCountQuery = queryOptions({
  queryKey: [...reviewsKey, 'count'] as const,
  queryFn: ({ signal }) => apiGet<ReviewCount>('/api/reviews/count', { signal }),
  staleTime: 30_000,
});
