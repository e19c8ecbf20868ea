import type { PublicTask } from '#contract/worker.ts';
import type { OutboxEntry } from '#web/lib/outbox.ts';

export interface Progress {
  /** Stages the server confirmed done. */
  done: number;
  /** Stages completed on the phone whose completion waits to be sent (outbox, or a photo still going up: `queued`). */
  waiting: number;
  total: number;
}

/**
 * The unit's progress as the worker sees it (docs/product.md "Working without signal"): a stage
 * completed without signal counts, marked as waiting to send, so the bar does not stay at "0 of 7"
 * while the completions wait in the outbox.
 */
export function progressOf(tasks: readonly PublicTask[], pending: readonly OutboxEntry[], queued: Record<string, boolean> = {}): Progress {
  // Waiting: it met no signal at least once (as its card says). One on its way right now is not
  // counted, so the bar does not flicker on every completion sent with signal.
  const waits = (id: string) => queued[id] || pending.some((e) => e.kind === 'complete' && e.waiting && e.taskId === id);
  const done = tasks.filter((task) => task.isCompleted).length;
  const waiting = tasks.filter((task) => !task.isCompleted && waits(task.id)).length;
  return { done, waiting, total: tasks.length };
}
