import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptReviewsResult, ReviewItem, ReviewStatus, ReviewsPage, TaskReview } from '#contract/reviews.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { reviewsKey } from '#web/lib/queries/reviews.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

export interface ReviewFilters {
  status: ReviewStatus;
  floor: string;
  taskName: string;
  worker: string;
}

/** The list's query string without the cursor: empty filters are left out. */
export function reviewsSearch(f: ReviewFilters): URLSearchParams {
  const params = new URLSearchParams({ status: f.status });
  if (f.floor.trim() !== '' && /^-?\d+$/.test(f.floor.trim())) params.set('floor', f.floor.trim());
  if (f.taskName.trim()) params.set('taskName', f.taskName.trim());
  if (f.worker.trim()) params.set('worker', f.worker.trim());
  return params;
}

/** The review list, newest first, a page at a time by cursor ("load more"). */
export function useReviews(filters: ReviewFilters) {
  const search = reviewsSearch(filters).toString();
  return useInfiniteQuery({
    queryKey: [...reviewsKey, 'list', search] as const,
    queryFn: ({ signal, pageParam }) =>
      apiGet<ReviewsPage>(`/api/reviews?${search}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    retry: false, // docs/product.md "Data freshness": lists do not retry
  });
}

/** One review (accept, or send back with a reason); a double click sends the same review, which the server answers once. */
export function useReviewTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ item, decision, reason }: { item: ReviewItem; decision: 'accepted' | 'rejected'; reason?: string }) =>
      apiRequest<TaskReview>('PUT', `/api/scheduled-tasks/${encodeURIComponent(item.taskId)}/review`, {
        decision,
        reason,
        date: item.workDate,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: reviewsKey }),
  });
}

/** Accepts a selection in one request (POST /api/reviews/accept), with one Idempotency-Key per submission. */
export function useAcceptReviews() {
  const qc = useQueryClient();
  const submission = useSubmissionKey();
  // One key per selection: a retry of the same selection is the same submission; another selection
  // is another one (a reused key with another body is refused, docs/decisions/015-idempotent-creates.md).
  const scopeOf = (items: ReviewItem[]) =>
    items
      .map((i) => i.completionId)
      .sort()
      .join(',');
  return useMutation({
    mutationFn: (items: ReviewItem[]) =>
      apiRequest<AcceptReviewsResult>(
        'POST',
        '/api/reviews/accept',
        { items: items.map((i) => ({ taskId: i.taskId, date: i.workDate })) },
        { headers: submission.headers(scopeOf(items)) },
      ),
    onSuccess: (_result, items) => {
      submission.renew(scopeOf(items));
      return qc.invalidateQueries({ queryKey: reviewsKey });
    },
  });
}
