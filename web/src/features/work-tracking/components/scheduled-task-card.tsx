import { ReviewStateBadge } from '#web/components/review-state.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useWording } from '#web/lib/use-wording.ts';
import type { ScheduledTask } from '#contract/schedules.ts';
import { unitTypeLabelKey } from '#contract/project-types.ts';
import { RECEIVED_LATE_AFTER_MS } from '#contract/worker-rules.ts';
import { safePhoto } from '#web/lib/photo-address.ts';

/** Recorded on a phone without signal and sent later: its time is the phone's, so the arrival is shown too. */
const receivedLate = (task: ScheduledTask) =>
  task.completedAt !== null &&
  task.receivedAt !== null &&
  Date.parse(task.receivedAt) - Date.parse(task.completedAt) > RECEIVED_LATE_AFTER_MS;

const badgeClass: Record<ScheduledTask['status'], string> = {
  completed: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  in_progress: 'bg-amber-100 text-amber-950 ring-amber-300',
  pending: 'bg-slate-100 text-slate-800 ring-slate-300',
};

export function ScheduledTaskCard({ task, formatTime }: { task: ScheduledTask; formatTime: (iso: string) => string }) {
  const { tw: t } = useWording('tracking');
  const { t: tc } = useTranslation('common');
  const photo = safePhoto(task.photoUrl);
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="scheduled-task-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-600">{t('card.apartment')}</p>
          <h3 className="truncate text-lg font-bold" dir="auto">
            {task.apartmentNumber}
            {task.apartmentName && <span className="ms-2 text-sm font-normal text-slate-700">{task.apartmentName}</span>}
          </h3>
        </div>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${badgeClass[task.status]}`}>
            {t(`status.${task.status}`)}
          </span>
          <ReviewStateBadge review={task.review} />
        </span>
      </div>

      <p className="font-medium text-slate-900" dir="auto">
        {task.name}
      </p>

      {task.review?.reason && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="review-reason">
          <span className="font-medium">{tc('reviewState.reason')}: </span>
          <bdi>{task.review.reason}</bdi>
        </p>
      )}

      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600">{t('card.type')}</dt>
          <dd>{t(unitTypeLabelKey(task.apartmentType), { defaultValue: task.apartmentType })}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('card.floor')}</dt>
          <dd>{task.apartmentFloor ?? t('card.noFloor')}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('card.worker')}</dt>
          <dd dir="auto">{task.workerName || t('card.notAssigned')}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('card.completedAt')}</dt>
          <dd>{task.completedAt ? <time dateTime={task.completedAt}>{formatTime(task.completedAt)}</time> : t('card.notCompleted')}</dd>
          {receivedLate(task) && (
            <dd className="text-xs text-amber-900" data-testid="received-late">
              {t('card.receivedLate', { time: formatTime(task.receivedAt!) })}
            </dd>
          )}
        </div>
      </dl>

      <p className="rounded-md bg-blue-50 px-3 py-2 text-xs text-blue-950">{t(`card.recurrence.${task.recurrence}`)}</p>

      {photo && (
        <a
          href={photo}
          target="_blank"
          rel="noopener noreferrer"
          className="flex min-h-11 items-center gap-3 self-start rounded-md text-sm font-medium text-blue-800 underline"
        >
          <img
            src={photo}
            alt={t('card.photoAlt', { task: task.name, apartment: task.apartmentNumber })}
            loading="lazy"
            className="h-20 w-20 rounded-md object-cover ring-1 ring-slate-200"
          />
          {t('card.openPhoto')}
        </a>
      )}

      {task.notes && (
        <div className="text-sm">
          <p className="text-xs text-slate-600">{t('card.notes')}</p>
          <p className="whitespace-pre-wrap break-words" dir="auto">
            {task.notes}
          </p>
        </div>
      )}
    </article>
  );
}
