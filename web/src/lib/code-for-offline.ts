import { whenIdle } from './idle.ts';

/**
 * Code a worker page needs later — the other page, its dialogs, the toast — must be on the phone
 * before the signal goes. The service worker stores every such chunk when it installs, in its own
 * thread (docs/decisions/022-offline-worker-app.md); importing them on the page as well would run
 * them on the main thread while the worker waits for the page to answer (decision 024). So the page
 * fetches them itself only where there is no service worker: the dev server, an old browser, or a
 * registration refused (private mode).
 */

type Load = () => Promise<unknown>;

const waiting = new Set<Load>();
let byServiceWorker = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

const fetchNow = (load: Load) => void load().catch(() => undefined);

/** Keeps these chunks for use without signal; returns a cancel function for an effect. */
export function keepForOffline(...loads: Load[]): () => void {
  if (!byServiceWorker) return whenIdle(() => loads.forEach(fetchNow));
  loads.forEach((load) => waiting.add(load));
  return () => undefined;
}

/** The service worker could not be registered: the page fetches what it would have stored. */
export function serviceWorkerUnavailable() {
  byServiceWorker = false;
  waiting.forEach(fetchNow);
  waiting.clear();
}
