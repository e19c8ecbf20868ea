import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type {
  completeTaskInput,
  measurementPublicInput,
  PublicRoomDetails,
  PublicTask,
  shortagePublicInput,
} from '../../../../../contract/worker.ts';
import { prefetchResource, retryTransient, useResource } from '../../../lib/resource.ts';
import { enqueue, outboxEntries, subscribeOutbox, type OutboxEntry } from '../../../lib/outbox.ts';

export const roomUrl = (roomId: string) => `/api/rooms-public/${encodeURIComponent(roomId)}`;
/** Without a date the server answers for the project's own "today" (its time zone, not the phone's). */
export const tasksUrl = (roomId: string) => `/api/scheduled-tasks-public/${encodeURIComponent(roomId)}`;

// A dropped connection might become the unit by asking again; a 404 will not.
const roomRetry = { retry: retryTransient(3) };

/** Called before the page's code and words have arrived: the unit and its tasks load meanwhile. */
export function prefetchWorkTasks(roomId: string) {
  prefetchResource(roomUrl(roomId), roomRetry);
  prefetchResource(tasksUrl(roomId));
}

/** The unit, its project's name, whether the project accepts work, and the project's "today". */
export function usePublicRoom(roomId: string | undefined) {
  return useResource<PublicRoomDetails>(roomId ? roomUrl(roomId) : null, roomRetry);
}

/** Today's tasks of the unit (docs/product.md "Data freshness": no retry; the worker sees "try again" instead). */
export function usePublicTasks(roomId: string | undefined) {
  return useResource<PublicTask[]>(roomId ? tasksUrl(roomId) : null);
}

/** What is waiting in the outbox for this unit (survives reloads). */
export function usePendingWrites(roomId: string | undefined): OutboxEntry[] {
  const all = useSyncExternalStore(subscribeOutbox, outboxEntries, outboxEntries);
  return roomId ? all.filter((e) => e.roomId === roomId) : [];
}

export function completeTask(roomId: string, taskId: string, body: z.input<typeof completeTaskInput>) {
  return enqueue({
    kind: 'complete',
    method: 'PUT',
    url: `/api/scheduled-tasks-complete/${encodeURIComponent(taskId)}`,
    body,
    roomId,
    taskId,
  });
}

export function reportShortage(body: z.input<typeof shortagePublicInput>) {
  return enqueue({ kind: 'shortage', method: 'POST', url: '/api/shortages-public', body, roomId: body.apartmentId });
}

export function reportMeasurement(body: z.input<typeof measurementPublicInput>) {
  return enqueue({ kind: 'measurement', method: 'POST', url: '/api/measurements-public', body, roomId: body.apartmentId });
}

/** Starting work is safe to repeat (a second call answers "continuing"), so it travels the outbox too. */
export function startWorkSession(roomId: string, workerName: string, floorNumber?: string) {
  return enqueue({
    kind: 'session',
    method: 'POST',
    url: '/api/work-sessions',
    body: { roomId, workerName, floorNumber: floorNumber || undefined },
    roomId,
  });
}
