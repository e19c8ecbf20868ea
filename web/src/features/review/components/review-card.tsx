import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { ReviewItem } from '#contract/reviews.ts';
import { ReviewDetails } from './review-details.tsx';
import { ReviewPhoto } from './review-photo.tsx';

/** One completed stage in the list; while it waits for review: a checkbox, Accept and Send back. */
export function ReviewCard({
  item,
  formatTime,
  selected,
  onSelect,
  onAccept,
  onReject,
  busy,
}: {
  item: ReviewItem;
  formatTime: (iso: string) => string;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  onAccept?: () => void;
  onReject?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('review');
  const checkboxId = `review-select-${item.completionId}`;
  return (
    <article
      className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="review-item"
    >
      {onSelect && (
        <label htmlFor={checkboxId} className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
          <input
            id={checkboxId}
            type="checkbox"
            checked={selected ?? false}
            onChange={(e) => onSelect(e.target.checked)}
            className="h-5 w-5"
          />
          <span className="sr-only">{t('list.select', { task: item.taskName, unit: item.unitNumber })}</span>
        </label>
      )}
      <ReviewPhoto item={item} />
      <ReviewDetails item={item} formatTime={formatTime} />
      {onAccept && onReject && (
        <div className="flex w-full flex-wrap justify-end gap-2 sm:w-auto sm:flex-col">
          <Button onClick={onAccept} disabled={busy}>
            {t('actions.accept')}
          </Button>
          <Button variant="secondary" onClick={onReject} disabled={busy}>
            {t('actions.reject')}
          </Button>
        </div>
      )}
    </article>
  );
}
