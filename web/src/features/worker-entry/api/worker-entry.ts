import type { z } from 'zod';
import type { PublicFacility, PublicRoom, workSessionResult } from '../../../../../contract/worker.ts';
import { apiGet, apiRequest } from '../../../lib/api.ts';
import { invalidateResource, prefetchResource, retryTransient, useResource } from '../../../lib/resource.ts';

/** One retry for a dropped connection or a server hiccup. */
const retry = retryTransient(2);

export type WorkSessionResult = z.infer<typeof workSessionResult>;
export interface StartWorkInput {
  roomId: string;
  workerName: string;
  floorNumber?: number;
}

export const facilityByQrUrl = (qrId: string) => `/api/facility/by-qr/${encodeURIComponent(qrId)}`;
/** At most 10 units for what the worker typed, best match first; `q` empty: the first 10. */
export const unitSearchUrl = (qrId: string, q: string) => `/api/rooms-public?${new URLSearchParams({ qrId, q })}`;
export const searchUnits = (qrId: string, q: string, signal?: AbortSignal) => apiGet<PublicRoom[]>(unitSearchUrl(qrId, q), { signal });
export const workerNamesUrl = (qrId: string) => `/api/worker-names?${new URLSearchParams({ qrId })}`;

/** The project the printed QR id names; a 404 means the QR matches no project. */
export function useFacilityByQr(qrId: string | null) {
  return useResource<PublicFacility>(qrId ? facilityByQrUrl(qrId) : null, { retry });
}

/** Names of workers already known in this project, for the name suggestions. */
export function useWorkerNames(qrId: string | null, enabled: boolean) {
  return useResource<string[]>(enabled && qrId ? workerNamesUrl(qrId) : null, { retry });
}

/** Called before the page's code and words have arrived: the project loads meanwhile. */
export function prefetchFacility(qrId: string) {
  prefetchResource(facilityByQrUrl(qrId), { retry });
}

/** Half an hour later the project, its units and its workers may have changed. */
export function refreshProject(qrId: string) {
  invalidateResource(facilityByQrUrl(qrId));
  invalidateResource(workerNamesUrl(qrId));
}

/** Starts (or continues) the worker's session on a unit: 201 new, 200 continuing. */
export function startWork(input: StartWorkInput) {
  return apiRequest<WorkSessionResult>('POST', '/api/work-sessions', input);
}
