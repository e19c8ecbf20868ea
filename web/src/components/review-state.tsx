import { useCallback } from 'react';
import type { StageReview, StageReviewState } from '#contract/review-state.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';

/** Each state's colours and mark; the word always goes with them (docs/decisions/029-quality-loop.md). */
const TONE: Record<StageReviewState, { badge: string; mark: string; symbol: string }> = {
  awaiting: { badge: 'border-amber-300 bg-amber-50 text-amber-900', mark: 'bg-amber-100 text-amber-900', symbol: '…' },
  accepted: { badge: 'border-emerald-300 bg-emerald-50 text-emerald-900', mark: 'bg-emerald-100 text-emerald-900', symbol: '✓' },
  sent_back: { badge: 'border-red-300 bg-red-50 text-red-900', mark: 'bg-red-100 text-red-900', symbol: '↩' },
};

const KEY: Record<StageReviewState, string> = {
  awaiting: 'reviewState.awaiting',
  accepted: 'reviewState.accepted',
  sent_back: 'reviewState.sentBack',
};

/** The state in words, with the reason after a sending back: for titles and accessible labels. */
export function useReviewStateText() {
  const { t } = useTranslation('common');
  return useCallback(
    (review: StageReview) =>
      review.reason ? t('reviewState.withReason', { state: t(KEY[review.state]), reason: review.reason }) : t(KEY[review.state]),
    [t],
  );
}

/**
 * A stage's review state as a badge: colour, mark and word. With `withReason`, a stage sent back
 * also shows the manager's reason under it. Renders nothing for an open stage nobody sent back.
 */
export function ReviewStateBadge({ review, withReason = false }: { review: StageReview | null; withReason?: boolean }) {
  const { t } = useTranslation('common');
  if (!review) return null;
  const tone = TONE[review.state];
  return (
    <span className="inline-flex flex-col items-start gap-0.5" data-testid="review-state" data-review={review.state}>
      <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${tone.badge}`}>
        <span aria-hidden>{tone.symbol}</span>
        <span>{t(KEY[review.state])}</span>
      </span>
      {withReason && review.reason && (
        <span className="text-sm font-normal text-red-900" data-testid="review-reason">
          <span className="font-medium">{t('reviewState.reason')}: </span>
          <bdi>{review.reason}</bdi>
        </span>
      )}
    </span>
  );
}

/**
 * The compact mark of the progress matrix: a symbol in the state's colour, its words (and reason)
 * in the title and the accessible label. `decorative` when the element around it already says the
 * words (a matrix cell's own label).
 */
export function ReviewStateMark({
  review,
  decorative = false,
  className = '',
}: {
  review: StageReview | null;
  decorative?: boolean;
  className?: string;
}) {
  const text = useReviewStateText();
  if (!review) return null;
  const label = text(review);
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label, title: label })}
      className={`inline-flex h-4 min-w-4 items-center justify-center rounded-full px-0.5 text-[0.65rem] leading-none font-bold ring-1 ring-white ${TONE[review.state].mark} ${className}`}
      data-testid="review-mark"
      data-review={review.state}
    >
      {TONE[review.state].symbol}
    </span>
  );
}
