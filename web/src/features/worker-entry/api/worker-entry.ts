import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PublicFacility, PublicRoom, workSessionResult } from '../../../../../contract/worker.ts';
import { ApiError, apiGet, apiRequest } from '../../../lib/api.ts';

/** One retry for a dropped connection or a server hiccup; a 4xx answer will not change (and 429 must not be hammered). */
const retryTransient = (failures: number, err: unknown) => failures < 1 && !(err instanceof ApiError && err.status < 500);

export type WorkSessionResult = z.infer<typeof workSessionResult>;
export interface StartWorkInput {
  roomId: string;
  workerName: string;
  floorNumber?: number;
}

export const facilityByQrKey = (qrId: string) => ['/api/facility/by-qr', qrId] as const;
export const publicRoomsKey = (qrId: string) => ['/api/rooms-public', { qrId }] as const;
export const workerNamesKey = (qrId: string) => ['/api/worker-names', { qrId }] as const;

/** The project the printed QR id names; a 404 means the QR matches no project. */
export function useFacilityByQr(qrId: string | null) {
  return useQuery({
    queryKey: facilityByQrKey(qrId ?? ''),
    queryFn: ({ signal }) => apiGet<PublicFacility>(`/api/facility/by-qr/${encodeURIComponent(qrId!)}`, { signal }),
    enabled: Boolean(qrId),
    retry: retryTransient,
  });
}

/** The project's units, sorted by the server. */
export function usePublicRooms(qrId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: publicRoomsKey(qrId ?? ''),
    queryFn: ({ signal }) => apiGet<PublicRoom[]>(`/api/rooms-public?${new URLSearchParams({ qrId: qrId! })}`, { signal }),
    enabled: enabled && Boolean(qrId),
    retry: retryTransient,
  });
}

/** Names of workers already known in this project, for the name suggestions. */
export function useWorkerNames(qrId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: workerNamesKey(qrId ?? ''),
    queryFn: ({ signal }) => apiGet<string[]>(`/api/worker-names?${new URLSearchParams({ qrId: qrId! })}`, { signal }),
    enabled: enabled && Boolean(qrId),
    retry: retryTransient,
  });
}

/** Starts (or continues) the worker's session on a unit: 201 new, 200 continuing. */
export function useStartWork() {
  return useMutation({
    mutationFn: (input: StartWorkInput) => apiRequest<WorkSessionResult>('POST', '/api/work-sessions', input),
  });
}
