import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { ReviewItem } from '#contract/reviews.ts';
import { ReviewDetails } from './review-details.tsx';
import { ReviewPhoto } from './review-photo.tsx';

/** On a phone: one stage at a time, its photo large, two big buttons; the next one follows. */
export function ReviewPhoneView({
  item,
  left,
  formatTime,
  onAccept,
  onReject,
  onSkip,
  busy,
}: {
  item: ReviewItem;
  left: number;
  formatTime: (iso: string) => string;
  onAccept: () => void;
  onReject: () => void;
  onSkip?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('review');
  return (
    <article className="space-y-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="review-phone-item">
      <p className="text-sm text-slate-700" role="status">
        {t('phone.left', { count: left })}
      </p>
      <ReviewPhoto item={item} large />
      <ReviewDetails item={item} formatTime={formatTime} />
      <div className="grid grid-cols-2 gap-3">
        <Button className="min-h-14 text-base" onClick={onAccept} disabled={busy}>
          {t('actions.accept')}
        </Button>
        <Button className="min-h-14 text-base" variant="danger" onClick={onReject} disabled={busy}>
          {t('actions.reject')}
        </Button>
      </div>
      {onSkip && (
        <Button variant="ghost" className="w-full" onClick={onSkip} disabled={busy}>
          {t('phone.skip')}
        </Button>
      )}
    </article>
  );
}

/** On a phone, once every stage of the list was skipped: start over, or load more. */
export function ReviewPhoneAllSkipped(p: { onAgain: () => void; onMore?: () => void; loadingMore: boolean }) {
  const { t } = useTranslation('review');
  return (
    <div className="space-y-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">
      <p>{t('phone.allSkipped')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={p.onAgain}>
          {t('phone.again')}
        </Button>
        {p.onMore && (
          <Button onClick={p.onMore} disabled={p.loadingMore}>
            {t('list.more')}
          </Button>
        )}
      </div>
    </div>
  );
}
