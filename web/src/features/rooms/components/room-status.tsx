import { useWording } from '#web/lib/use-wording.ts';
import { STATUS_DOT_CLASS, TASK_TONE_CLASS, normalizeStatus, statusLabelKey, taskTone } from '../lib/room-display.ts';

/** A status dot with its label: colour is never the only signal. */
export function RoomStatusLabel({ status, className = '' }: { status: string; className?: string }) {
  const { tw } = useWording('rooms');
  const s = normalizeStatus(status);
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`} data-status={s}>
      <span aria-hidden className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${STATUS_DOT_CLASS[s]}`} data-testid="status-dot" />
      <span>{tw(statusLabelKey(s))}</span>
    </span>
  );
}

/** Completed-of-total for today, green when all done, yellow when some, red when none, neutral without tasks. */
export function TaskCountBadge({ completed, total }: { completed: number; total: number }) {
  const { t, tw } = useWording('rooms');
  const tone = taskTone(completed, total);
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold tabular-nums ${TASK_TONE_CLASS[tone]}`}
      data-tone={tone}
      data-testid="task-count"
    >
      {total > 0 ? (
        <>
          <span aria-hidden>{t('card.tasks', { completed, total })}</span>
          <span className="sr-only">{tw('card.tasksLong', { completed, total })}</span>
        </>
      ) : (
        tw('card.noTasks')
      )}
    </span>
  );
}
