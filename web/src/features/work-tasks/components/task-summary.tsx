import { useId, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { PublicTask } from '#contract/worker.ts';
import type { OutboxEntry } from '#web/lib/outbox.ts';
import { CameraIcon, ChevronIcon, ClockIcon, NoSignalIcon } from '#web/components/ui/icons.tsx';

/** The task's name and description in the worker's language when the project translated them. */
export function localized(task: PublicTask, lng: string) {
  const tr = task.translations?.[lng];
  return { name: tr?.name || task.name, description: tr?.description || task.description };
}

/** Sending, or waiting for signal (in the outbox, or on the phone until its photo is up). */
export function CompletionStatus({ queued, pending }: { queued: boolean; pending?: OutboxEntry }) {
  const { t } = useTranslation('workTasks');
  const waiting = pending ? pending.waiting : queued;
  if (!pending && !queued) return null;
  return (
    <span className={`mt-2 flex items-center gap-2 text-sm font-semibold ${waiting ? 'text-amber-800' : 'text-blue-800'}`} role="status">
      {waiting ? <NoSignalIcon className="h-4 w-4" /> : <ClockIcon className="h-4 w-4" />}
      {waiting ? t('outbox.waiting') : t('task.sending')}
    </span>
  );
}

/** The open card's always-visible part: number, name, minutes, photo mark, status; opens the card. */
export function TaskSummary({
  task,
  index,
  expanded,
  onToggle,
  panelId,
  status,
}: {
  task: PublicTask;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  panelId: string;
  status: ReactNode;
}) {
  const { t, i18n } = useTranslation('workTasks');
  const { name, description } = localized(task, i18n.language);
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={panelId}
      className="flex min-h-16 w-full items-start gap-3 rounded-xl p-3 text-start focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
    >
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-800 font-bold text-white" aria-hidden>
        {index + 1}
      </span>
      <span className="min-w-0 flex-1">
        <span className="sr-only">{t('task.numberLabel', { n: index + 1 })} </span>
        <span className="block font-semibold break-words text-slate-900">{name}</span>
        {description && <span className="block text-sm break-words text-slate-700">{description}</span>}
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="h-4 w-4" />
            {t('task.minutes', { minutes: task.estimatedMinutes })}
          </span>
          {task.requiresPhoto && (
            <span className="inline-flex items-center gap-1" title={t('task.photoRequired')}>
              <CameraIcon className="h-4 w-4" />
              <span>{t('task.photoRequired')}</span>
            </span>
          )}
        </span>
        {status}
      </span>
      <ChevronIcon className={`mt-2 h-6 w-6 text-slate-600 transition-transform ${expanded ? 'rotate-180' : ''}`} />
    </button>
  );
}

/**
 * An open task's place in the list: its summary, which opens it, and while open the panel below it
 * (photo, notes, "complete"). The same item whether the card's code is here or still on its way.
 */
export function OpenTaskItem({
  task,
  index,
  expanded,
  onToggle,
  status,
  note,
  panel,
  children,
}: {
  task: PublicTask;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  status: ReactNode;
  /** Above the summary: the manager sent the stage back (the open card's sent-back.tsx). */
  note?: ReactNode;
  /** Shown below the summary while the task is open. */
  panel?: ReactNode;
  children?: ReactNode;
}) {
  const panelId = useId();
  return (
    <li
      data-testid="task-card"
      data-completed="false"
      className={`rounded-xl border-2 bg-white ${expanded ? 'border-blue-600 shadow-md' : 'border-slate-300'}`}
    >
      {note}
      <TaskSummary task={task} index={index} expanded={expanded} onToggle={onToggle} panelId={panelId} status={status} />
      {expanded && panel && (
        <div id={panelId} className="space-y-4 border-t border-slate-200 p-3">
          {panel}
        </div>
      )}
      {children}
    </li>
  );
}
