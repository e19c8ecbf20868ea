import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Room, RoomDetails, RoomStats } from '#contract/rooms.ts';
import { apiGet } from '../api.ts';

/**
 * The project's units, their counts and one unit's details: one definition each, used by every
 * screen (the map, scheduling, the generator, the QR labels). Every key starts with its API path,
 * which is also what live updates invalidate (web/src/app/live-updates.ts).
 */

/** Live updates keep the list current while connected; this is the fallback freshness. */
const ROOMS_STALE_MS = 10 * 60_000;

/** Every unit of the project (GET /api/rooms), with today's task counts. */
export const roomsQuery = queryOptions({
  queryKey: ['/api/rooms'] as const,
  queryFn: ({ signal }) => apiGet<Room[]>('/api/rooms', { signal }),
  staleTime: ROOMS_STALE_MS,
});

/** The map's counters by status. */
export const roomStatsQuery = queryOptions({
  queryKey: ['/api/stats/rooms'] as const,
  queryFn: ({ signal }) => apiGet<RoomStats>('/api/stats/rooms', { signal }),
  staleTime: ROOMS_STALE_MS,
});

/** Prefix of every unit's details query. */
export const roomDetailsBaseKey = ['/api/dashboard/room-details'] as const;

/** One unit's tasks of a day; `date` absent: the project's today, as the server computes it in the project's time zone. */
export const roomDetailsQuery = (roomId: string, date?: string) =>
  queryOptions({
    queryKey: [...roomDetailsBaseKey, roomId, date ?? 'today'] as const,
    queryFn: ({ signal }) =>
      apiGet<RoomDetails>(`/api/dashboard/room-details/${encodeURIComponent(roomId)}${date ? `?date=${date}` : ''}`, { signal }),
    enabled: Boolean(roomId),
    staleTime: 0,
  });

/** After any change to units or their tasks: the list, the counters and every details view. */
export function invalidateRoomQueries(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: roomsQuery.queryKey }),
    qc.invalidateQueries({ queryKey: roomStatsQuery.queryKey }),
    qc.invalidateQueries({ queryKey: roomDetailsBaseKey }),
  ]);
}
