import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { completeTaskInput, measurementPublicInput, PublicRoomDetails, PublicTask, shortagePublicInput } from '../../../../../contract/worker.ts';
import { apiGet } from '../../../lib/api.ts';
import { enqueue, outboxEntries, subscribeOutbox, type OutboxEntry } from '../../../lib/outbox.ts';

export const roomKey = (roomId: string) => ['worker-room', roomId] as const;
export const tasksKey = (roomId: string, date: string) => ['worker-tasks', roomId, date] as const;

/** The unit, its project's name, whether the project accepts work, and the project's "today". */
export function usePublicRoom(roomId: string | undefined) {
  return useQuery({
    queryKey: roomKey(roomId ?? ''),
    queryFn: ({ signal }) => apiGet<PublicRoomDetails>(`/api/rooms-public/${encodeURIComponent(roomId!)}`, { signal }),
    enabled: !!roomId,
    // A 404 will not become a unit by asking again; a dropped connection might.
    retry: (count, err) => count < 2 && !(err instanceof Error && /^4\d\d:/.test(err.message)),
  });
}

/** Today's tasks of the unit (spec §7: no retry; the worker sees "try again" instead). */
export function usePublicTasks(roomId: string | undefined, date: string | undefined) {
  return useQuery({
    queryKey: tasksKey(roomId ?? '', date ?? ''),
    queryFn: ({ signal }) =>
      apiGet<PublicTask[]>(`/api/scheduled-tasks-public/${encodeURIComponent(roomId!)}?date=${encodeURIComponent(date!)}`, { signal }),
    enabled: !!roomId && !!date,
    retry: false,
  });
}

/** What is waiting in the outbox for this unit (survives reloads). */
export function usePendingWrites(roomId: string | undefined): OutboxEntry[] {
  const all = useSyncExternalStore(subscribeOutbox, outboxEntries, outboxEntries);
  return roomId ? all.filter((e) => e.roomId === roomId) : [];
}

export function completeTask(roomId: string, taskId: string, body: z.input<typeof completeTaskInput>) {
  return enqueue({ kind: 'complete', method: 'PUT', url: `/api/scheduled-tasks-complete/${encodeURIComponent(taskId)}`, body, roomId, taskId });
}

export function reportShortage(body: z.input<typeof shortagePublicInput>) {
  return enqueue({ kind: 'shortage', method: 'POST', url: '/api/shortages-public', body, roomId: body.apartmentId });
}

export function reportMeasurement(body: z.input<typeof measurementPublicInput>) {
  return enqueue({ kind: 'measurement', method: 'POST', url: '/api/measurements-public', body, roomId: body.apartmentId });
}

/** Starting work is safe to repeat (a second call answers "continuing"), so it travels the outbox too. */
export function startWorkSession(roomId: string, workerName: string, floorNumber?: string) {
  return enqueue({ kind: 'session', method: 'POST', url: '/api/work-sessions', body: { roomId, workerName, floorNumber: floorNumber || undefined }, roomId });
}
