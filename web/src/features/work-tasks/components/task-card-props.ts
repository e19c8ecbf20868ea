import type { PublicTask } from '#contract/worker.ts';
import type { OutboxEntry } from '#web/lib/outbox.ts';

/** What a task card is given: its own file so the card and the open card (loaded later) share it without importing each other. */
export interface TaskCardProps {
  task: PublicTask;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  roomId: string;
  workerName: string;
  /** The completion waiting in the outbox for this task, if any. */
  pending?: OutboxEntry;
  /** Told whether this stage's completion waits on the phone for its photo (the page's progress counts it), per stage id. */
  onQueued?: (update: (queued: Record<string, boolean>) => Record<string, boolean>) => void;
}
