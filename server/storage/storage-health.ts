import type { ObjectStorage } from './storage.ts';

/** A health check asks the store at most this often; between, it repeats the last answer. */
export const STORAGE_HEALTH_CACHE_MS = 5_000;
/** The store's answer to a health check must come within this. */
export const STORAGE_HEALTH_TIMEOUT_MS = 2_000;

/**
 * `/api/health`'s view of the photo store: cheap (a HEAD on S3, an access() on the directory),
 * bounded in time, and cached briefly so a load balancer polling every second does not become the
 * store's busiest client. Concurrent checks share one probe (docs/decisions/027-storage-and-quota.md).
 */
export function storageHealth(storage: ObjectStorage, now: () => number = Date.now) {
  let last: { at: number; state: 'ok' | 'down' } | undefined;
  let probing: Promise<'ok' | 'down'> | undefined;
  return async (): Promise<'ok' | 'down'> => {
    if (last && now() - last.at < STORAGE_HEALTH_CACHE_MS) return last.state;
    probing ??= storage
      .check(STORAGE_HEALTH_TIMEOUT_MS)
      .then(
        () => 'ok' as const,
        () => 'down' as const,
      )
      .then((state) => {
        last = { at: now(), state };
        probing = undefined;
        return state;
      });
    return probing;
  };
}
