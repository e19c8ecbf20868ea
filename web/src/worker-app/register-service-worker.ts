import { webManifestPath } from './precache-list.ts';

/**
 * The worker pages' service worker (dist/web/sw.js, built from service-worker.ts): registered once a
 * worker page is up, never by the manager app and never in `vite` dev, where there is no build to
 * store (docs/decisions/022-offline-worker-app.md).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A phone that cannot register (private mode, old browser) works as before, only not offline.
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

/** The web manifest in the worker's language: the installed app's name is in it. */
export function followManifestLanguage(lng: string) {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = webManifestPath(lng);
}
