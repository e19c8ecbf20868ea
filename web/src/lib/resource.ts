import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError, apiGet } from './api.ts';
import { findSavedAnswer, isOffline, saveAnswer } from './offline-store.ts';

/**
 * A GET kept in memory by its URL, for the worker pages: what they need of a query cache (loading,
 * error, retry, refetch, an optimistic update after the server confirmed) in 1 KB instead of
 * React Query's 10 KB, which would push them over their JavaScript budget
 * (docs/decisions/009-worker-entries.md). The signed-in app keeps React Query.
 */

/** As React Query's: `isPending` (no answer yet, also while disabled), `isError`, `isSuccess` narrow `data`. */
/**
 * `savedAt`: the data shown is the copy this phone saved at that time, because the network is
 * gone (docs/product.md "Working without signal"); undefined for a fresh answer.
 */
export type ResourceState<T> = { isFetching: boolean; savedAt?: number } & (
  | { data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
  | { data: T | undefined; error: unknown; isPending: false; isError: true; isSuccess: false }
  | { data: T; error: null; isPending: false; isError: false; isSuccess: true }
);

export interface ResourceOptions {
  /** Whether to ask again after `failures` failed attempts (with back-off); by default never. */
  retry?: (failures: number, err: unknown) => boolean;
  /**
   * Keep every answer on the phone and, when the network is gone (not on a 4xx), show the kept one
   * with its time; asked again by itself when the phone is back online or the tab is shown again.
   */
  keep?: boolean;
}

interface Entry {
  state: ResourceState<unknown>;
  listeners: Set<() => void>;
  /** Bumped per fetch: an older answer arriving late never overwrites a newer one. */
  generation: number;
  retry: NonNullable<ResourceOptions['retry']>;
  keep: boolean;
}

/**
 * Ask again up to `attempts` times in all for a dropped connection or a server hiccup; never for a
 * 4xx (a 404 will not become a unit by asking again, and a 429 must not be hammered).
 */
export const retryTransient =
  (attempts: number) =>
  (failures: number, err: unknown): boolean =>
    failures < attempts && !(err instanceof ApiError && err.status < 500);

const PENDING: ResourceState<never> = {
  data: undefined,
  error: null,
  isPending: true,
  isError: false,
  isSuccess: false,
  isFetching: false,
};
const noRetry = () => false;
const cache = new Map<string, Entry>();

function entryOf(url: string): Entry {
  let entry = cache.get(url);
  if (!entry) {
    entry = { state: PENDING, listeners: new Set(), generation: 0, retry: noRetry, keep: false };
    cache.set(url, entry);
  }
  return entry;
}

function update(entry: Entry, patch: Partial<ResourceState<unknown>>) {
  entry.state = { ...entry.state, ...patch } as ResourceState<unknown>;
  entry.listeners.forEach((l) => l());
}

const retryDelay = (failures: number) => Math.min(1000 * 2 ** (failures - 1), 30_000);

async function load(url: string) {
  const entry = entryOf(url);
  const generation = ++entry.generation;
  update(entry, { isFetching: true });
  for (let failures = 0; ;) {
    try {
      const data = await apiGet<unknown>(url);
      if (entry.keep) saveAnswer(url, data);
      if (generation === entry.generation)
        update(entry, { data, error: null, isPending: false, isError: false, isSuccess: true, isFetching: false, savedAt: undefined });
      return;
    } catch (error) {
      failures++;
      if (generation !== entry.generation) return;
      const saved = entry.keep && isOffline(error) ? findSavedAnswer(url) : undefined;
      if (saved) {
        // The saved copy at once; asking again goes on behind it (if the resource retries at all).
        const again = entry.retry(failures, error) && navigator.onLine !== false;
        update(entry, {
          data: saved.data,
          error: null,
          isPending: false,
          isError: false,
          isSuccess: true,
          isFetching: again,
          savedAt: saved.at,
        });
        if (!again) return;
      } else if (!entry.retry(failures, error) || (entry.keep && navigator.onLine === false)) {
        update(entry, { error, isPending: false, isError: true, isSuccess: false, isFetching: false, savedAt: undefined });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      // A newer request started during the back-off: it answers; this one stops asking.
      if (generation !== entry.generation) return;
    }
  }
}

/** Reads `url` (null: disabled). Fetches once per URL until refetched or invalidated. */
export function useResource<T>(url: string | null, options: ResourceOptions = {}): ResourceState<T> & { refetch: () => Promise<void> } {
  const entry = url ? entryOf(url) : undefined;
  if (entry) {
    entry.retry = options.retry ?? noRetry;
    entry.keep = options.keep ?? false;
  }
  useEffect(watchSignal, []);
  const state = useSyncExternalStore(
    useCallback(
      (listener: () => void) => {
        if (!entry) return () => {};
        entry.listeners.add(listener);
        return () => entry.listeners.delete(listener);
      },
      [entry],
    ),
    () => entry?.state ?? PENDING,
  ) as ResourceState<T>;

  useEffect(() => {
    if (url && entry && !entry.state.isSuccess && !entry.state.isFetching && !entry.state.isError) void load(url);
  }, [url, entry]);

  const refetch = useCallback(() => (url ? load(url) : Promise.resolve()), [url]);
  return { ...state, refetch };
}

/** Starts reading `url` before any component asks (e.g. while the page's code is still arriving). */
export function prefetchResource(url: string, options: ResourceOptions = {}) {
  const entry = entryOf(url);
  entry.retry = options.retry ?? noRetry;
  entry.keep = options.keep ?? false;
  if (!entry.state.isSuccess && !entry.state.isFetching) void load(url);
}

/** Rewrites the cached answer (after the server confirmed a change), without a request. */
export function setResourceData<T>(url: string, updater: (old: T | undefined) => T | undefined) {
  const entry = cache.get(url);
  if (entry?.state.isSuccess) update(entry, { data: updater(entry.state.data as T | undefined) });
}

/** Reads `url` again if a page shows it; otherwise forgets it, so the next reader fetches. */
export function invalidateResource(url: string) {
  const entry = cache.get(url);
  if (!entry) return;
  if (entry.listeners.size > 0) void load(url);
  else cache.delete(url);
}

/** Whether `url` shows a saved copy or failed for lack of network: worth asking again once the signal is back. */
const stale = (entry: Entry) => entry.state.savedAt !== undefined || (entry.state.isError && isOffline(entry.state.error));

/** What is shown from the phone's copy (or missing for lack of network) is asked again when the signal or the worker returns. */
export function refreshStaleResources() {
  for (const [url, entry] of cache) if (entry.keep && entry.listeners.size > 0 && !entry.state.isFetching && stale(entry)) void load(url);
}

const onVisible = () => {
  if (document.visibilityState === 'visible') refreshStaleResources();
};
let watching = false;
function watchSignal() {
  if (watching) return;
  watching = true;
  window.addEventListener('online', refreshStaleResources);
  document.addEventListener('visibilitychange', onVisible);
}

/** Tests start from an empty cache (what the phone saved stays, as after a reload: clearSavedForTests). */
export function clearResources() {
  cache.clear();
}
