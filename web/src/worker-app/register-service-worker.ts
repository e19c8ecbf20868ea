import { serviceWorkerUnavailable } from '#web/lib/code-for-offline.ts';
import { serviceWorkerUrl, webManifestPath } from './precache-list.ts';

/**
 * The worker pages' service worker (dist/web/sw.js, built from service-worker.ts): registered once a
 * worker page is up, never by the manager app and never in `vite` dev, where there is no build to
 * store (docs/decisions/022-offline-worker-app.md).
 */
let registered = false;

export function registerServiceWorker(lng: string) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  // A phone that cannot register (private mode) works as before, only not offline; the page then
  // fetches the code it would have stored itself. Registered again when the worker changes
  // language: the new address stores that language's words.
  navigator.serviceWorker.register(serviceWorkerUrl(lng), { scope: '/' }).catch(serviceWorkerUnavailable);
}

/**
 * The worker's language: the web manifest in it (the installed app's name is in it), and — once the
 * service worker is registered — its words stored for use without signal.
 */
export function followLanguage(lng: string) {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = webManifestPath(lng);
  if (registered) registerServiceWorker(lng);
}
