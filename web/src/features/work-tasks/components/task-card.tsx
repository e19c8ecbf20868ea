import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { PublicTask } from '../../../../../contract/worker.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { OutboxEntry } from '../../../lib/outbox.ts';
import { NameInText } from '../../../lib/name-in-text.tsx';
import { forgetTaskPhoto, useTaskCompletion } from '../lib/use-task-completion.ts';
import { CameraIcon, CheckIcon, ChevronIcon, ClockIcon, NoSignalIcon } from '../../../components/ui/icons.tsx';
import { TaskPhoto } from './task-photo.tsx';

/** The task's name and description in the worker's language when the project translated them. */
export function localized(task: PublicTask, lng: string) {
  const tr = task.translations?.[lng];
  return { name: tr?.name || task.name, description: tr?.description || task.description };
}

/** A completed task: struck through, with who did it. */
function CompletedCard({ task, index }: { task: PublicTask; index: number }) {
  const { t, i18n } = useTranslation('workTasks');
  const { name, description } = localized(task, i18n.language);
  const doneBy = task.workerName;
  useEffect(() => forgetTaskPhoto(task.id), [task.id]);
  return (
    <li data-testid="task-card" data-completed="true" className="rounded-xl border-2 border-emerald-600 bg-emerald-50 p-3 text-emerald-900">
      <div className="flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white" aria-hidden>
          <CheckIcon />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words line-through">
            <span className="sr-only">{t('task.numberLabel', { n: index + 1 })} </span>
            {name}
          </p>
          {description && <p className="text-sm break-words line-through">{description}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm font-medium">
            <span className="inline-flex items-center gap-1">
              <CheckIcon className="h-4 w-4" />
              <span>{doneBy ? <NameInText name={doneBy} text={(n) => t('task.doneBy', { name: n })} /> : t('task.done')}</span>
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}

/** Sending, or waiting for signal (in the outbox, or on the phone until its photo is up). */
function CompletionStatus({ queued, pending }: { queued: boolean; pending?: OutboxEntry }) {
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
function TaskSummary({
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

/** The notes field and "complete", which looks unavailable until the photo is there. */
function CompleteActions({
  notes,
  onNotes,
  busy,
  photoTaken,
  onComplete,
}: {
  notes: string;
  onNotes: (notes: string) => void;
  busy: boolean;
  photoTaken: boolean;
  onComplete: () => void;
}) {
  const { t } = useTranslation('workTasks');
  const notesId = useId();
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={notesId} className="block text-sm font-medium text-slate-800">
          {t('task.notes')}
        </label>
        <textarea
          id={notesId}
          value={notes}
          onChange={(e) => onNotes(e.target.value)}
          maxLength={2000}
          rows={2}
          disabled={busy}
          dir="auto"
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
        />
      </div>
      {!photoTaken && (
        <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
          <CameraIcon className="h-4 w-4" /> {t('photo.firstHint')}
        </p>
      )}
      <Button
        onClick={onComplete}
        disabled={busy}
        aria-disabled={!photoTaken || busy}
        className={`min-h-14 w-full text-base ${photoTaken ? '' : 'cursor-not-allowed opacity-60'}`}
      >
        <CheckIcon /> {busy ? t('task.sending') : t('task.complete')}
      </Button>
    </>
  );
}

interface TaskCardProps {
  task: PublicTask;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  roomId: string;
  workerName: string;
  /** The completion waiting in the outbox for this task, if any. */
  pending?: OutboxEntry;
}

function OpenCard({ task, index, expanded, onToggle, roomId, workerName, pending }: TaskCardProps) {
  const panelId = useId();
  const c = useTaskCompletion({ task, roomId, workerName, pending });
  return (
    <li
      data-testid="task-card"
      data-completed="false"
      className={`rounded-xl border-2 bg-white ${expanded ? 'border-blue-600 shadow-md' : 'border-slate-300'}`}
    >
      <TaskSummary
        task={task}
        index={index}
        expanded={expanded}
        onToggle={onToggle}
        panelId={panelId}
        status={<CompletionStatus queued={c.queued} pending={pending} />}
      />
      {expanded && (
        <div id={panelId} className="space-y-4 border-t border-slate-200 p-3">
          {task.requiresPhoto && (
            <TaskPhoto
              photo={c.photo}
              busy={c.busy}
              onPicked={(file) => void c.upload(file, false)}
              onRetry={(file) => void c.upload(file, true)}
            />
          )}
          <CompleteActions
            notes={c.notes}
            onNotes={c.setNotes}
            busy={c.busy}
            photoTaken={c.photoTaken}
            onComplete={() => void c.complete()}
          />
        </div>
      )}
    </li>
  );
}

/** One task of the unit's list: done (with who did it) or open (photo, notes, complete). */
export function TaskCard(props: TaskCardProps) {
  return props.task.isCompleted ? <CompletedCard task={props.task} index={props.index} /> : <OpenCard {...props} />;
}
