import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { PublicTask } from '#contract/worker.ts';
import type { UndoCompletionResult } from '#contract/reviews.ts';
import type { ErrorCode } from '#contract/errors.ts';
import { Button } from '#web/components/ui/button.tsx';
import { BackIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { completedHereAt, forgetCompletedHere, UNDO_WINDOW_MS } from '#web/lib/completed-here.ts';
import { deviceHeaders } from '#web/lib/device-id.ts';
import { isOffline } from '#web/lib/offline-store.ts';
import { invalidateResource, setResourceData } from '#web/lib/resource.ts';
import { tasksUrl } from '../api/work-tasks.ts';
import { refusalText } from '../lib/refusal.ts';

/**
 * Undo of a stage this phone just completed (docs/decisions/029-quality-loop.md): offered for
 * UNDO_WINDOW_MS from when the worker pressed "complete". A completion still waiting on the phone is
 * taken back there (the open card, lib/use-task-completion.ts); one the server has is reopened by
 * DELETE with this phone's device id — that needs signal, and says so (never queued). Not in the
 * page's first download (decision 009): it comes with a completed stage's lazy Undo, or with the
 * open card's own lazy chunk (its undo of a completion still waiting on the phone).
 */

/** true until `at` + the undo window; draws again when the window closes (a timer per `at`). */
export function useUndoOpen(at: number | undefined) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (at === undefined) return;
    const left = at + UNDO_WINDOW_MS - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(redraw, left);
    return () => clearTimeout(timer);
  }, [at]);
  return at !== undefined && at + UNDO_WINDOW_MS > Date.now();
}

export function UndoButton({ onUndo, busy }: { onUndo: () => void; busy: boolean }) {
  const { t } = useTranslation('workTasks');
  return (
    <Button variant="secondary" onClick={onUndo} disabled={busy} className="min-h-11 w-full">
      <BackIcon className="h-5 w-5" /> {busy ? t('task.sending') : t('undo.action')}
    </Button>
  );
}

/** The server's refusals of an undo that no retry changes (docs/decisions/029-quality-loop.md). */
const FINAL_REFUSALS = new Set<ErrorCode>(['undo_other_device', 'undo_window_passed', 'task_not_completed']);

/** "Undo" on a completed stage that this phone completed minutes ago. */
export default function UndoCompleted({ task, roomId }: { task: PublicTask; roomId: string }) {
  const { t } = useTranslation('workTasks');
  const at = completedHereAt(task.id);
  const open = useUndoOpen(at);
  const [busy, setBusy] = useState(false);
  if (!open) return null;
  const undo = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await apiRequest<UndoCompletionResult>('DELETE', `/api/scheduled-tasks-complete/${encodeURIComponent(task.id)}`, undefined, {
        headers: deviceHeaders(),
      });
      forgetCompletedHere(task.id);
      const url = tasksUrl(roomId);
      // Open again at once; the server's list (with any earlier rejection) follows.
      setResourceData<PublicTask[]>(url, (old) =>
        old?.map((x) => (x.id === task.id ? { ...x, isCompleted: false, completedAt: null, workerName: null } : x)),
      );
      invalidateResource(url);
      toast({ title: t('undo.done'), variant: 'success' });
    } catch (err) {
      setBusy(false);
      // Another phone's, too late, or not completed: the server said no for good.
      if (err instanceof ApiError && err.code !== undefined && FINAL_REFUSALS.has(err.code)) forgetCompletedHere(task.id);
      toast({
        title: t('undo.failed'),
        description: isOffline(err) ? t('undo.needsSignal') : refusalText(t, err),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="mt-2">
      <UndoButton onUndo={() => void undo()} busy={busy} />
    </div>
  );
}
