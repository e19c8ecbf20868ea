import { Link } from 'react-router';
import type { Room } from '#contract/rooms.ts';
import { unitTypeLabelKey } from '#contract/project-types.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { ReviewStateBadge } from '#web/components/review-state.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useRoomDetails } from '../api/rooms.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { formatDateTime } from '../lib/room-display.ts';
import { RoomStatusLabel, TaskCountBadge } from './room-status.tsx';

type DailyTask = NonNullable<ReturnType<typeof useRoomDetails>['data']>['tasks'][number];

function TaskItem({ task }: { task: DailyTask }) {
  const { t, tw, lng, timeZone } = useWording('rooms');
  const { t: tc } = useTranslation('common');
  return (
    <li
      className={`rounded-lg border p-3 ${task.isCompleted ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white'}`}
      data-testid="room-task"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="font-medium text-slate-900" dir="auto">
          {task.name}
        </span>
        <span className="flex flex-wrap items-center gap-1">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${task.isCompleted ? 'bg-emerald-700 text-white' : 'bg-slate-200 text-slate-800'}`}
          >
            {task.isCompleted ? t('details.taskDone') : t('details.taskOpen')}
          </span>
          <ReviewStateBadge review={task.review} />
        </span>
      </div>
      {task.review?.reason && (
        <p className="mt-1 text-sm text-red-900" data-testid="review-reason">
          <span className="font-medium">{tc('reviewState.reason')}: </span>
          <bdi>{task.review.reason}</bdi>
        </p>
      )}
      {task.description && (
        <p className="mt-1 text-sm text-slate-700" dir="auto">
          {task.description}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-700">{t('details.minutes', { minutes: task.estimatedMinutes })}</p>
      {task.isCompleted && task.completedAt && (
        <p className="mt-1 text-sm text-slate-800">
          {task.cleanerName
            ? tw('details.completedBy', { time: formatDateTime(task.completedAt, lng, timeZone), worker: task.cleanerName })
            : t('details.completedAt', { time: formatDateTime(task.completedAt, lng, timeZone) })}
        </p>
      )}
      {task.notes && (
        <p className="mt-1 text-sm text-slate-800" dir="auto">
          <span className="font-medium">{t('details.notes')}: </span>
          {task.notes}
        </p>
      )}
      {task.photoUrl && (
        <a
          href={task.photoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex min-h-11 items-center font-medium text-blue-800 underline underline-offset-2"
        >
          {t('details.viewPhoto')}
        </a>
      )}
      {!task.isCompleted && task.requiresPhoto && <p className="mt-1 text-xs font-medium text-amber-900">{t('details.photoRequired')}</p>}
    </li>
  );
}

/** A unit's details and today's tasks; refreshed every 30 s while open. */
export function RoomDetailsDialog({
  room,
  onClose,
  onEdit,
  onDelete,
}: {
  room: Room | null;
  onClose: () => void;
  /** None for a worker with an account: they read the map and change nothing. */
  onEdit?: (room: Room) => void;
  onDelete?: (room: Room) => void;
}) {
  const { t, tw, lng, timeZone } = useWording('rooms');
  const { t: tc } = useTranslation('common');
  const { t: tp } = useTranslation('printReports');
  const details = useRoomDetails(room?.id ?? null);
  // The list's copy shows at once; the details call's fresher copy replaces it when it arrives.
  const shown = details.data?.room ?? room;
  return (
    <Dialog
      open={room !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shown ? tw('details.title', { number: shown.number }) : ''}
      wide
    >
      {shown && (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-700">{t('details.floor')}</dt>
            <dd className="font-medium">{shown.floor ?? t('card.noFloor')}</dd>
            <dt className="text-slate-700">{t('details.type')}</dt>
            <dd className="font-medium">{t(unitTypeLabelKey(shown.type), { defaultValue: shown.type })}</dd>
            <dt className="text-slate-700">{t('details.status')}</dt>
            <dd className="font-medium">
              <RoomStatusLabel status={shown.status} />
            </dd>
            <dt className="text-slate-700">{tw('card.lastDone')}</dt>
            <dd className="font-medium" data-testid="details-last">
              {shown.lastCleaned ? formatDateTime(shown.lastCleaned, lng, timeZone) : tw('card.never')}
              {shown.lastCleaned && shown.lastCleanedBy && (
                <span className="block font-normal" dir="auto">
                  {shown.lastCleanedBy}
                </span>
              )}
            </dd>
          </dl>

          <section aria-labelledby="room-details-tasks">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 id="room-details-tasks" className="font-semibold">
                {tw('details.tasks')}
              </h3>
              {details.data && <TaskCountBadge completed={details.data.completedTasks} total={details.data.totalTasks} />}
            </div>
            {details.isPending ? (
              <Loading />
            ) : details.isError ? (
              <div
                role="alert"
                className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
              >
                <span>{tw('errors.fetchTasks')}</span>
                <Button variant="secondary" onClick={() => void details.refetch()}>
                  {tc('actions.retry')}
                </Button>
              </div>
            ) : details.data.tasks.length === 0 ? (
              <p className="text-sm text-slate-700">{tw('details.noTasks')}</p>
            ) : (
              <ul className="space-y-2">
                {details.data.tasks.map((task) => (
                  <TaskItem key={task.id} task={task} />
                ))}
              </ul>
            )}
          </section>

          {(onEdit || onDelete) && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3">
              {/* The handover report is a manager's, as editing is (docs/product.md "Printable reports"). */}
              {onEdit && (
                <Link
                  to={`/units/${encodeURIComponent(shown.id)}/handover`}
                  className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
                >
                  {tp('links.handover')}
                </Link>
              )}
              {onEdit && (
                <Button variant="secondary" onClick={() => onEdit(shown)}>
                  {tc('actions.edit')}
                </Button>
              )}
              {onDelete && (
                <Button variant="danger" onClick={() => onDelete(shown)}>
                  {tc('actions.delete')}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
