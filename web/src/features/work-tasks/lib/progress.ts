import type { PublicTask } from '../../../../../contract/worker.ts';
import type { OutboxEntry } from '../../../lib/outbox.ts';

export interface Progress {
  /** Stages the server confirmed done. */
  done: number;
  /** Stages completed on the phone whose completion waits to be sent (outbox, or a photo still going up). */
  waiting: number;
  total: number;
}

/**
 * The unit's progress as the worker sees it (docs/product.md "Working without signal"): a stage
 * completed without signal counts, marked as waiting to send, so the bar does not stay at "0 of 7"
 * while the completions wait in the outbox.
 */
export function progressOf(
  tasks: readonly PublicTask[],
  pending: readonly OutboxEntry[],
  queued: ReadonlySet<string> = new Set(),
): Progress {
  // Waiting: it met no signal at least once (as its card says). One on its way right now is not
  // counted, so the bar does not flicker on every completion sent with signal.
  const sending = new Set(pending.filter((e) => e.kind === 'complete' && e.taskId && e.waiting).map((e) => e.taskId));
  let done = 0;
  let waiting = 0;
  for (const task of tasks) {
    if (task.isCompleted) done++;
    else if (sending.has(task.id) || queued.has(task.id)) waiting++;
  }
  return { done, waiting, total: tasks.length };
}
