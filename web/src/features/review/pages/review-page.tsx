import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_STATUSES, type ReviewItem, type ReviewStatus } from '../../../../../contract/reviews.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useAuthUser } from '../../../lib/queries/session.ts';
import { reviewCountQuery } from '../../../lib/queries/reviews.ts';
import { taskTemplatesQuery } from '../../../lib/queries/task-templates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { useAcceptReviews, useReviewTask, useReviews, type ReviewFilters } from '../api/reviews.ts';
import { ReviewCard } from '../components/review-card.tsx';
import { ReviewPhoneView } from '../components/review-phone-view.tsx';
import { ReviewRejectDialog } from '../components/review-reject-dialog.tsx';
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
  const [floor, setFloor] = useState('');
  const [taskName, setTaskName] = useState('');
  const [worker, setWorker] = useState('');
  // Typed filters reach the server 300 ms after the last keystroke.
  const [typed, setTyped] = useState({ floor: '', worker: '' });
  useEffect(() => {
    const id = setTimeout(() => setTyped({ floor, worker }), TYPING_MS);
    return () => clearTimeout(id);
  }, [floor, worker]);
  const filters: ReviewFilters = { status, taskName, ...typed };

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
  const shown = new Set(items.map((i) => i.completionId));
  const chosen = items.filter((i) => selected.has(i.completionId));
  // While another tab's list is still on screen (kept while the new one loads), nothing can be judged.
  const pending = status === 'pending' && !list.isPlaceholderData;

  const formatTime = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone: user?.timezone });
    return (iso: string) => fmt.format(new Date(iso));
  }, [i18n.language, user?.timezone]);

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
      const next = new Set([...prev].filter((x) => shown.has(x)));
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = items.length > 0 && chosen.length === items.length;

  const filtered = floor !== '' || taskName !== '' || worker !== '';
  const clear = () => {
    setFloor('');
    setTaskName('');
    setWorker('');
  };

  const phoneQueue = items.filter((i) => !skipped.has(i.completionId));
  const current = phone && pending ? phoneQueue[0] : undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-slate-700">{t('intro')}</p>
      </header>

      <div role="group" aria-label={t('status.label')} className="flex flex-wrap gap-2">
        {REVIEW_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setSelected(new Set());
            }}
            className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium ${
              status === s ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
            }`}
          >
            {t(`status.${s}`)}
            {s === 'pending' && count.data && (
              <span className={`rounded-full px-2 text-xs ${status === s ? 'bg-white/20' : 'bg-slate-100'}`} data-testid="pending-count">
                {count.data.pending}
              </span>
            )}
          </button>
        ))}
      </div>

      <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_2fr_2fr_auto] sm:items-end">
        <TextField
          label={t('filters.floor')}
          type="text"
          inputMode="numeric"
          value={floor}
          autoComplete="off"
          onChange={(e) => setFloor(e.target.value.replace(/[^\d-]/g, ''))}
        />
        <SelectField label={t('filters.stage')} value={taskName} onChange={(e) => setTaskName(e.target.value)}>
          <option value="">{t('filters.allStages')}</option>
          {taskName && !stageNames.includes(taskName) && <option value={taskName}>{taskName}</option>}
          {stageNames.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('filters.worker')}
          type="search"
          value={worker}
          autoComplete="off"
          onChange={(e) => setWorker(e.target.value)}
        />
        <Button variant="secondary" onClick={clear} disabled={!filtered}>
          {t('filters.clear')}
        </Button>
      </div>

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
        <div className="space-y-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t('phone.allSkipped')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={() => setSkipped(new Set())}>
              {t('phone.again')}
            </Button>
            {list.hasNextPage && (
              <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {t('list.more')}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <section aria-labelledby="review-results" aria-busy={list.isFetching} className="space-y-3">
          <h2 id="review-results" className="sr-only">
            {t(`status.${status}`)}
          </h2>
          {pending && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-2">
              <label className="flex min-h-11 cursor-pointer items-center gap-3 px-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={allChosen}
                  onChange={(e) => setSelected(e.target.checked ? new Set(items.map((i) => i.completionId)) : new Set())}
                />
                {t('list.selectAll')}
              </label>
              <Button onClick={acceptSelection} disabled={busy || chosen.length === 0} aria-busy={acceptMany.isPending || undefined}>
                {acceptMany.isPending ? t('list.accepting') : t('list.acceptSelected', { count: chosen.length })}
              </Button>
            </div>
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
