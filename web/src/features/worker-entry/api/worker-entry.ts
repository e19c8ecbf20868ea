import type { z } from 'zod';
import type { PublicFacility, PublicRoom, workSessionResult } from '#contract/worker.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { invalidateResource, prefetchResource, retryTransient, useResource } from '#web/lib/resource.ts';
import { enqueue, newIdempotencyKey } from '#web/lib/outbox.ts';
import { facilityByQrUrl, isOffline, rememberUnits, suggestSeenUnits } from '#web/lib/offline-store.ts';

/**
 * One retry for a dropped connection or a server hiccup; the answers are kept on the phone and
 * shown without signal (docs/product.md "Working without signal").
 */
const retry = retryTransient(2);
const options = { retry, keep: true };

export type WorkSessionResult = z.infer<typeof workSessionResult>;
export interface StartWorkInput {
  roomId: string;
  workerName: string;
  floorNumber?: number;
}

export { facilityByQrUrl };
/** At most 10 units for what the worker typed, best match first; `q` empty: the first 10. */
export const unitSearchUrl = (qrId: string, q: string) => `/api/rooms-public?${new URLSearchParams({ qrId, q })}`;
/**
 * The server's suggestions, each answer added to the project's units seen on this phone; without
 * signal the suggestions come from those (`offline: true`).
 */
export async function searchUnits(qrId: string, q: string, signal?: AbortSignal): Promise<{ units: PublicRoom[]; offline: boolean }> {
  try {
    const units = await apiGet<PublicRoom[]>(unitSearchUrl(qrId, q), { signal });
    rememberUnits(qrId, units);
    return { units, offline: false };
  } catch (err) {
    if (signal?.aborted || !isOffline(err)) throw err;
    return { units: suggestSeenUnits(qrId, q), offline: true };
  }
}
export const workerNamesUrl = (qrId: string) => `/api/worker-names?${new URLSearchParams({ qrId })}`;

/** The project the printed QR id names; a 404 means the QR matches no project. */
export function useFacilityByQr(qrId: string | null) {
  return useResource<PublicFacility>(qrId ? facilityByQrUrl(qrId) : null, options);
}

/** Names of workers already known in this project, for the name suggestions. */
export function useWorkerNames(qrId: string | null, enabled: boolean) {
  return useResource<string[]>(enabled && qrId ? workerNamesUrl(qrId) : null, options);
}

/** Called before the page's code and words have arrived: the project loads meanwhile. */
export function prefetchFacility(qrId: string) {
  prefetchResource(facilityByQrUrl(qrId), options);
}

/** Half an hour later the project, its units and its workers may have changed. */
export function refreshProject(qrId: string) {
  invalidateResource(facilityByQrUrl(qrId));
  invalidateResource(workerNamesUrl(qrId));
}

/**
 * Starts (or continues) the worker's session on a unit: 201 new, 200 continuing. Without signal the
 * start waits in the outbox under the same Idempotency-Key (`'waiting'`) and the worker goes on.
 */
export async function startWork(input: StartWorkInput, unitNumber?: string): Promise<WorkSessionResult | 'waiting'> {
  const key = newIdempotencyKey();
  try {
    return await apiRequest<WorkSessionResult>('POST', '/api/work-sessions', input, { headers: { 'Idempotency-Key': key } });
  } catch (err) {
    if (!isOffline(err)) throw err;
    void enqueue({ key, kind: 'session', method: 'POST', url: '/api/work-sessions', body: input, roomId: input.roomId, label: unitNumber });
    return 'waiting';
  }
}
