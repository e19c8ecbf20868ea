import { useMemo } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { ReviewItem } from '#contract/reviews.ts';

/** What a completion is: unit, floor, stage, worker, time, notes, and the last review if any. */
export function ReviewDetails({ item, formatTime }: { item: ReviewItem; formatTime: (iso: string) => string }) {
  const { t } = useTranslation('review');
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <h3 className="text-base font-bold break-words" dir="auto">
        {item.taskName}
      </h3>
      <p className="text-sm break-words text-slate-800">
        {t('item.unit')} <bdi className="font-semibold">{item.unitNumber}</bdi>
        {item.unitName && (
          <>
            {' · '}
            <bdi>{item.unitName}</bdi>
          </>
        )}
        {item.floor !== null && <> · {t('item.floor', { floor: item.floor })}</>}
      </p>
      <p className="text-sm break-words text-slate-700">
        {t('item.worker')} <bdi className="font-medium">{item.workerName ?? t('item.noWorker')}</bdi>
        {' · '}
        <time dateTime={item.completedAt}>{formatTime(item.completedAt)}</time>
      </p>
      {item.notes && (
        <p className="text-sm break-words text-slate-700">
          {t('item.notes')} <bdi>{item.notes}</bdi>
        </p>
      )}
      {item.review && (
        <p className={`text-sm break-words ${item.review.decision === 'rejected' ? 'text-red-800' : 'text-emerald-800'}`}>
          {item.review.decision === 'rejected' ? t('item.rejectedBy') : t('item.acceptedBy')} <bdi>{item.review.reviewerName ?? '—'}</bdi>
          {item.review.reason && (
            <>
              {': '}
              <bdi>{item.review.reason}</bdi>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** When a stage was completed, in the reader's language and the project's time zone. */
export function useReviewTimeFormat(language: string, timeZone: string | undefined) {
  return useMemo(() => {
    const fmt = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return (iso: string) => fmt.format(new Date(iso));
  }, [language, timeZone]);
}
