import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { REVIEW_REASON_MAX, type ReviewItem } from '#contract/reviews.ts';
import { REVIEW_REASONS, composeReason, type ReviewReason } from '../lib/review-reasons.ts';
import { useReviewTask } from '../api/reviews.ts';

/**
 * Sends a stage back with a reason (docs/decisions/029-quality-loop.md): a common reason to pick,
 * the manager's own words, or both; one of them is required. The worker reads the reason as written.
 */
export function ReviewRejectDialog({ item, onClose, onDone }: { item: ReviewItem | null; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation('review');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const review = useReviewTask();
  const [picked, setPicked] = useState<ReviewReason | undefined>();
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    setPicked(undefined);
    setDetails('');
    setError(undefined);
    review.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!item || review.isPending) return;
    const reason = composeReason(picked && t(`reasons.${picked}`), details);
    if (!reason) {
      setError(t('reject.required'));
      return;
    }
    review.mutate(
      { item, decision: 'rejected', reason },
      {
        onSuccess: () => {
          close();
          onDone?.();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && close()} title={t('reject.title')} description={item?.taskName}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('reject.common')}</legend>
          {REVIEW_REASONS.map((r) => (
            <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50">
              <input
                type="radio"
                name="review-reason"
                value={r}
                checked={picked === r}
                onChange={() => {
                  setPicked(r);
                  setError(undefined);
                }}
                className="h-5 w-5"
              />
              <span>{t(`reasons.${r}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor="review-reason-details" className="block text-sm font-medium text-slate-700">
            {t('reject.details')}
          </label>
          <textarea
            id="review-reason-details"
            rows={3}
            maxLength={REVIEW_REASON_MAX}
            value={details}
            dir="auto"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'review-reason-error' : undefined}
            onChange={(e) => {
              setDetails(e.target.value);
              setError(undefined);
            }}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-blue-600 focus:ring-2 focus:ring-blue-200 focus:outline-none"
          />
          <p className="text-xs text-slate-600">{t('reject.limit', { max: REVIEW_REASON_MAX })}</p>
          {error && (
            <p id="review-reason-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={review.isPending}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={review.isPending} aria-busy={review.isPending || undefined}>
            {review.isPending ? t('reject.sending') : t('reject.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
