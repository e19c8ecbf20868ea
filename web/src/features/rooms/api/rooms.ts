import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRoomInput, Room, UpdateRoomInput } from '#contract/rooms.ts';
import { apiRequest } from '#web/lib/api.ts';
import { invalidateRoomQueries, roomDetailsQuery, roomStatsQuery, roomsQuery } from '#web/lib/queries/rooms.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

const LIST_POLL_MS = 15 * 60_000; // docs/product.md "Data freshness": the map is polled every 15 minutes (a fallback to live updates)
const DETAILS_POLL_MS = 30_000; // docs/product.md "Data freshness": details refresh every 30 s while open

/** The map polls its list and counters; it shows what the cache holds when it mounts. */
const mapPolling = { refetchInterval: LIST_POLL_MS, refetchOnWindowFocus: false, refetchOnMount: false } as const;

export function useRooms() {
  return useQuery({ ...roomsQuery, ...mapPolling });
}

export function useRoomStats() {
  return useQuery({ ...roomStatsQuery, ...mapPolling });
}

export function useRoomDetails(roomId: string | null, date?: string) {
  return useQuery({ ...roomDetailsQuery(roomId ?? '', date), refetchInterval: DETAILS_POLL_MS, refetchOnWindowFocus: false });
}

/** What the room form sends: the API's input before parsing (floor may be null). */
export type RoomFormValues = Pick<CreateRoomInput, 'number' | 'floor' | 'type'>;

export function useCreateRoom() {
  const qc = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: RoomFormValues) => apiRequest<Room>('POST', '/api/rooms', input, { headers: submission.headers() }),
    onSuccess: () => {
      submission.renew();
      return invalidateRoomQueries(qc);
    },
  });
}

export function useUpdateRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateRoomInput }) =>
      apiRequest<Room>('PUT', `/api/rooms/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidateRoomQueries(qc),
  });
}

export function useDeleteRoom() {
  const qc = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/rooms/${encodeURIComponent(id)}`, undefined, { headers: submission.headers(id) }),
    onSuccess: (_data, id) => {
      submission.renew(id);
      qc.removeQueries({ queryKey: roomDetailsQuery(id).queryKey });
      return Promise.all([
        qc.invalidateQueries({ queryKey: roomsQuery.queryKey }),
        qc.invalidateQueries({ queryKey: roomStatsQuery.queryKey }),
      ]);
    },
  });
}
