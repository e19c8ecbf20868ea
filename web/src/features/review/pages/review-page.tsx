import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReviewItem, ReviewStatus } from '#contract/reviews.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { reviewCountQuery } from '#web/lib/queries/reviews.ts';
import { taskTemplatesQuery } from '#web/lib/queries/task-templates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useAcceptReviews, useReviewTask, useReviews, type ReviewFilters } from '../api/reviews.ts';
import { ReviewCard } from '../components/review-card.tsx';
import { ReviewPhoneAllSkipped, ReviewPhoneView } from '../components/review-phone-view.tsx';
import { useReviewTimeFormat } from '../components/review-details.tsx';
import { ReviewRejectDialog } from '../components/review-reject-dialog.tsx';
import {
  ReviewFilterBar,
  ReviewSelectionBar,
  ReviewStatusTabs,
  isFiltered,
  type TypedReviewFilters,
} from '../components/review-filters.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { usePhone } from '../lib/use-phone.ts';

const TYPING_MS = 300;

/**
 * /review: completed stages waiting for the manager's review, newest first (docs/decisions/029-quality-loop.md).
 * Accept one, a selection, or send one back with a reason; a phone shows one stage at a time.
 */
export default function ReviewPage() {
  const { t, i18n } = useTranslation('review');
  const errorText = useErrorText();
  const user = useAuthUser().data;
  const phone = usePhone();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [typedFilters, setTypedFilters] = useState<TypedReviewFilters>({ floor: '', taskName: '', worker: '' });
  // Typed filters reach the server 300 ms after the last keystroke; the stage, picked, at once.
  const floor = useDebounced(typedFilters.floor, TYPING_MS);
  const worker = useDebounced(typedFilters.worker, TYPING_MS);
  const filters: ReviewFilters = { status, taskName: typedFilters.taskName, floor, worker };

  const list = useReviews(filters);
  const count = useQuery(reviewCountQuery);
  const templates = useQuery({ ...taskTemplatesQuery(user?.facilityType ?? 'construction'), enabled: Boolean(user) });
  const stageNames = useMemo(() => [...new Set((templates.data ?? []).map((tt) => tt.name))].sort(), [templates.data]);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  // Stages skipped on the phone this visit: the next one comes up instead.
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  const review = useReviewTask();
  const acceptMany = useAcceptReviews();
  const busy = review.isPending || acceptMany.isPending;

  // A selection holds only what is still on the list (accepted ones leave it).
  const chosen = items.filter((i) => selected.has(i.completionId));
  // While another tab's list is still on screen (kept while the new one loads), nothing can be judged.
  const pending = status === 'pending' && !list.isPlaceholderData;

  const formatTime = useReviewTimeFormat(i18n.language, user?.timezone);

  const acceptOne = (item: ReviewItem) => {
    if (busy) return;
    review.mutate(
      { item, decision: 'accepted' },
      {
        onSuccess: () => toast({ title: t('toast.accepted'), variant: 'success' }),
        onError: (err) => toast({ title: errorText(err), variant: 'destructive' }),
      },
    );
  };

  const acceptSelection = () => {
    if (busy || chosen.length === 0) return;
    acceptMany.mutate(chosen, {
      onSuccess: ({ results }) => {
        setSelected(new Set());
        const accepted = results.filter((r) => r.outcome === 'accepted' || r.outcome === 'already').length;
        const skippedCount = results.length - accepted;
        toast({
          title: t('toast.acceptedMany', { count: accepted }),
          description: skippedCount > 0 ? t('toast.notAccepted', { count: skippedCount }) : undefined,
          variant: skippedCount > 0 ? 'default' : 'success',
        });
      },
      onError: (err) => toast({ title: errorText(err), variant: 'destructive' }),
    });
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = items.length > 0 && chosen.length === items.length;

  const filtered = isFiltered(typedFilters);

  const phoneQueue = items.filter((i) => !skipped.has(i.completionId));
  const current = phone && pending ? phoneQueue[0] : undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-slate-700">{t('intro')}</p>
      </header>

      <ReviewStatusTabs
        status={status}
        pendingCount={count.data?.pending}
        onChange={(s) => {
          setStatus(s);
          setSelected(new Set());
        }}
      />
      <ReviewFilterBar value={typedFilters} stageNames={stageNames} onChange={setTypedFilters} />

      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>{t('error')}</RetryAlert>
      ) : !list.data ? (
        <Loading label={t('loading')} />
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700" data-testid="review-empty">
          {filtered ? t('emptyFiltered') : t(`empty.${status}`)}
        </div>
      ) : current ? (
        <ReviewPhoneView
          item={current}
          left={filtered ? phoneQueue.length : (count.data?.pending ?? phoneQueue.length)}
          formatTime={formatTime}
          busy={busy}
          onAccept={() => acceptOne(current)}
          onReject={() => setRejecting(current)}
          onSkip={
            phoneQueue.length > 1 || list.hasNextPage ? () => setSkipped((prev) => new Set(prev).add(current.completionId)) : undefined
          }
        />
      ) : phone && pending ? (
        <ReviewPhoneAllSkipped
          onAgain={() => setSkipped(new Set())}
          onMore={list.hasNextPage ? () => void list.fetchNextPage() : undefined}
          loadingMore={list.isFetchingNextPage}
        />
      ) : (
        <section aria-labelledby="review-results" aria-busy={list.isFetching} className="space-y-3">
          <h2 id="review-results" className="sr-only">
            {t(`status.${status}`)}
          </h2>
          {pending && (
            <ReviewSelectionBar
              allChosen={allChosen}
              chosen={chosen.length}
              busy={busy}
              accepting={acceptMany.isPending}
              onSelectAll={(on) => setSelected(on ? new Set(items.map((i) => i.completionId)) : new Set())}
              onAccept={acceptSelection}
            />
          )}
          <div className={`space-y-3 ${list.isFetching ? 'opacity-70' : ''}`}>
            {items.map((item) => (
              <ReviewCard
                key={item.completionId}
                item={item}
                formatTime={formatTime}
                selected={selected.has(item.completionId)}
                onSelect={pending ? (on) => toggle(item.completionId, on) : undefined}
                onAccept={pending ? () => acceptOne(item) : undefined}
                onReject={pending ? () => setRejecting(item) : undefined}
                busy={busy}
              />
            ))}
          </div>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? t('loading') : t('list.more')}
              </Button>
            </div>
          )}
        </section>
      )}

      <ReviewRejectDialog
        item={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => toast({ title: t('toast.rejected'), variant: 'success' })}
      />
    </div>
  );
}
