import { useEffect, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { measurementPublicInput, PublicRoomDetails, PublicTask, shortagePublicInput } from '#contract/worker.ts';
import { prefetchResource, retryTransient, useResource } from '#web/lib/resource.ts';
import { enqueue, outboxEntries, subscribeOutbox, type OutboxEntry } from '#web/lib/outbox.ts';
import { rememberVisitedUnit } from '#web/lib/offline-store.ts';

import { roomUrl, tasksUrl } from './first-load.ts';

export { roomUrl, tasksUrl };

// A dropped connection might become the unit by asking again; a 404 will not. Both are kept on
// the phone and shown "as of" without signal (docs/product.md "Working without signal").
const roomRetry = { retry: retryTransient(3), keep: true };
const tasksOptions = { keep: true };

/** Called before the page's code and words have arrived: the unit and its tasks load meanwhile. */
export function prefetchWorkTasks(roomId: string) {
  prefetchResource(roomUrl(roomId), roomRetry);
  prefetchResource(tasksUrl(roomId), tasksOptions);
}

/** The unit, its project's name, whether the project accepts work, and the project's "today". */
export function usePublicRoom(roomId: string | undefined) {
  const room = useResource<PublicRoomDetails>(roomId ? roomUrl(roomId) : null, roomRetry);
  // A unit opened here can be typed on the QR page without signal (docs/product.md "Working without signal").
  const fresh = room.isSuccess && room.savedAt === undefined ? room.data : undefined;
  useEffect(() => {
    if (fresh) rememberVisitedUnit(fresh);
  }, [fresh]);
  return room;
}

/** Today's tasks of the unit (docs/product.md "Data freshness": no retry; the worker sees "try again" instead). */
export function usePublicTasks(roomId: string | undefined) {
  return useResource<PublicTask[]>(roomId ? tasksUrl(roomId) : null, tasksOptions);
}

/** What is waiting in the outbox for this unit (survives reloads). */
export function usePendingWrites(roomId: string | undefined): OutboxEntry[] {
  const all = useSyncExternalStore(subscribeOutbox, outboxEntries, outboxEntries);
  return roomId ? all.filter((e) => e.roomId === roomId) : [];
}

export function reportShortage(body: z.input<typeof shortagePublicInput>) {
  return enqueue({ kind: 'shortage', method: 'POST', url: '/api/shortages-public', body, roomId: body.apartmentId });
}

export function reportMeasurement(body: z.input<typeof measurementPublicInput>) {
  return enqueue({ kind: 'measurement', method: 'POST', url: '/api/measurements-public', body, roomId: body.apartmentId });
}

/** Starting work is safe to repeat (a second call answers "continuing"), so it travels the outbox too. */
export function startWorkSession(roomId: string, workerName: string, floorNumber?: string, unitNumber?: string) {
  return enqueue({
    kind: 'session',
    method: 'POST',
    url: '/api/work-sessions',
    body: { roomId, workerName, floorNumber: floorNumber || undefined },
    roomId,
    label: unitNumber,
  });
}
