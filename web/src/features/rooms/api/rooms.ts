import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateRoomInput, Room, RoomDetails, RoomStats, UpdateRoomInput } from '../../../../../contract/rooms.ts';
import { apiGet, apiRequest } from '../../../lib/api.ts';
import { useSubmissionKey } from '../../../lib/submission-key.ts';

/**
 * Query keys of the unit map. Other features (generator, scheduling, worker pages) change units and
 * their tasks: they invalidate these keys, or call `invalidateRoomQueries`. Every key starts with
 * its API path, so invalidating `['/api/rooms']` also reaches other features' room lists.
 */
export const roomListKey = ['/api/rooms', { withTaskCounts: true }] as const;
export const roomStatsKey = ['/api/stats/rooms'] as const;
/** Prefix of every unit's details query. */
export const roomDetailsBaseKey = ['/api/dashboard/room-details'] as const;
/** `date` absent: the project's today, as the server computes it in the project's time zone. */
export const roomDetailsKey = (roomId: string, date?: string) => [...roomDetailsBaseKey, roomId, date ?? 'today'] as const;

const LIST_POLL_MS = 15 * 60_000; // spec §7: the map is polled every 15 minutes (a fallback to live updates)
const LIST_STALE_MS = 10 * 60_000;
const DETAILS_POLL_MS = 30_000; // spec §7: details refresh every 30 s while open

export function invalidateRoomQueries(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: roomListKey }),
    qc.invalidateQueries({ queryKey: roomStatsKey }),
    qc.invalidateQueries({ queryKey: roomDetailsBaseKey }),
  ]);
}

const pollOptions = {
  staleTime: LIST_STALE_MS,
  refetchInterval: LIST_POLL_MS,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
} as const;

export function useRooms() {
  return useQuery({
    queryKey: roomListKey,
    queryFn: ({ signal }) => apiGet<Room[]>('/api/rooms?withTaskCounts=true', { signal }),
    ...pollOptions,
  });
}

export function useRoomStats() {
  return useQuery({
    queryKey: roomStatsKey,
    queryFn: ({ signal }) => apiGet<RoomStats>('/api/stats/rooms', { signal }),
    ...pollOptions,
  });
}

export function useRoomDetails(roomId: string | null, date?: string) {
  return useQuery({
    queryKey: roomDetailsKey(roomId ?? '', date),
    queryFn: ({ signal }) =>
      apiGet<RoomDetails>(`/api/dashboard/room-details/${encodeURIComponent(roomId!)}${date ? `?date=${date}` : ''}`, { signal }),
    enabled: Boolean(roomId),
    staleTime: 0,
    refetchInterval: DETAILS_POLL_MS,
    refetchOnWindowFocus: false,
  });
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
    mutationFn: ({ id, input }: { id: string; input: UpdateRoomInput }) => apiRequest<Room>('PUT', `/api/rooms/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidateRoomQueries(qc),
  });
}

export function useDeleteRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/rooms/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: roomDetailsKey(id) });
      return Promise.all([qc.invalidateQueries({ queryKey: roomListKey }), qc.invalidateQueries({ queryKey: roomStatsKey })]);
    },
  });
}
