import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { PublicTask } from '#contract/worker.ts';
import type { TaskCardProps } from './task-card-props.ts';
import { NameInText } from '#web/lib/name-in-text.tsx';
import { CheckIcon } from '#web/components/ui/icons.tsx';
import { CompletionStatus, OpenTaskItem, localized } from './task-summary.tsx';
import { LoadFailed, lazyOr } from '#web/components/ui/load-failed.tsx';

// The open card's code is loaded when first needed: when it does not arrive, the summary stays with the way out.
const OpenCard = lazyOr(
  () => import('./open-task-card.tsx'),
  (props: TaskCardProps) => (
    <OpenCardSummary {...props}>
      <LoadFailed />
    </OpenCardSummary>
  ),
);

// "Undo" for a stage this phone just completed: loaded when a completed stage shows (or with the open card).
const Undo = lazyOr(
  () => import('./undo-button.tsx'),
  () => null,
);

/** Starts loading the open card's code with the page's first requests, so the list is drawn once, whole. */
export const preloadOpenCard = () => OpenCard.preload();

/** A completed task: struck through, with who did it. */
function CompletedCard({ task, index, roomId }: { task: PublicTask; index: number; roomId: string }) {
  const { t, i18n } = useTranslation('workTasks');
  const { name, description } = localized(task, i18n.language);
  const doneBy = task.workerName;
  // Nothing of it needs keeping on the phone any more (the photo code arrives with the open cards).
  useEffect(() => {
    void import('../lib/use-task-completion.ts').then((m) => m.forgetTaskPhoto(task.id));
  }, [task.id]);
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
          <Suspense fallback={null}>
            <Undo task={task} roomId={roomId} />
          </Suspense>
        </div>
      </div>
    </li>
  );
}

/** An open task while its card's code is on its way: the same item, already tappable. */
function OpenCardSummary({ task, index, expanded, onToggle, pending, children }: TaskCardProps & { children?: ReactNode }) {
  return (
    <OpenTaskItem
      task={task}
      index={index}
      expanded={expanded}
      onToggle={onToggle}
      status={<CompletionStatus queued={false} pending={pending} />}
    >
      {children}
    </OpenTaskItem>
  );
}

/** One task of the unit's list: done (with who did it) or open (photo, notes, complete). */
export function TaskCard(props: TaskCardProps) {
  if (props.task.isCompleted) return <CompletedCard task={props.task} index={props.index} roomId={props.roomId} />;
  return (
    <Suspense fallback={<OpenCardSummary {...props} />}>
      <OpenCard {...props} />
    </Suspense>
  );
}
