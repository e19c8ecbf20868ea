import { useEffect, useId } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CameraIcon, CheckIcon } from '#web/components/ui/icons.tsx';
import { useTaskCompletion } from '../lib/use-task-completion.ts';
import type { TaskCardProps } from './task-card-props.ts';
import { CompletionStatus, OpenTaskItem } from './task-summary.tsx';
import { TaskPhoto } from './task-photo.tsx';
import { UndoButton, useUndoOpen } from './undo-button.tsx';
import { SentBack } from './sent-back.tsx';

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

/**
 * An open task: its summary, and when opened the photo, the notes and "complete". Its own chunk
 * (with the photo upload and the phone's photo store): the page's first download carries only the
 * summaries (docs/decisions/009-worker-entries.md, the 100 KB budget); the list asks for it at once.
 */
export default function OpenCard({ task, index, expanded, onToggle, roomId, workerName, pending, onQueued }: TaskCardProps) {
  const c = useTaskCompletion({ task, roomId, workerName, pending });
  useEffect(() => onQueued?.((cur) => (cur[task.id] === c.queued ? cur : { ...cur, [task.id]: c.queued })), [c.queued, onQueued, task.id]);
  const undoOpen = useUndoOpen(c.waitingSince);
  return (
    <OpenTaskItem
      task={task}
      index={index}
      expanded={expanded}
      onToggle={onToggle}
      note={task.rejection && !pending && !c.queued ? <SentBack rejection={task.rejection} /> : undefined}
      status={<CompletionStatus queued={c.queued} pending={pending} />}
      panel={
        <>
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
        </>
      }
    >
      {/* Only once it met no signal: a completion on its way with signal is answered in a moment. */}
      {undoOpen && (c.queued || pending?.waiting) && (
        <div className="px-3 pb-3">
          <UndoButton onUndo={c.cancel} busy={!!pending?.sending} />
        </div>
      )}
    </OpenTaskItem>
  );
}
