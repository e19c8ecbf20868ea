/**
 * The worker pages' service worker (docs/decisions/022-offline-worker-app.md): the pages open with
 * no signal (docs/product.md "Working without signal"). Built by vite.config.ts (workerOffline) into
 * dist/web/sw.js with its precache list and version filled in; it imports nothing.
 *
 * - Install: store every file of the list (web/src/worker-app/precache-list.ts) in this version's
 *   cache, with the words of the language in its address (`/sw.js?lng=he`); the page registers it
 *   again under another address when the worker changes language.
 * - /qr-scan and /work-tasks/*: the network first (≈ 3 s), else this version's stored page.
 * - Every other GET of this origin: the stored copy when there is one, else the network.
 * - /api/* and /objects/*: never touched — the pages keep the data they have seen.
 * - Activate: caches of older versions are deleted, but the one just before this is kept, so a page
 *   still open on that version finds the chunks it has not loaded yet.
 */

// Only what this file uses of the service worker's own types (the project's lib is the DOM's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ServiceWorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}

declare const __PRECACHE__: { files: string[]; words: Record<string, string[]> };
declare const __VERSION__: string;

const sw = self as unknown as ServiceWorkerScope;
const PREFIX = 'shalav-worker-';
const requested = new URL(sw.location.href).searchParams.get('lng') ?? '';
/** The language whose words are stored; an unknown one is Hebrew, the app's default. */
const LANGUAGE = requested in __PRECACHE__.words ? requested : 'he';
const CACHE = `${PREFIX}${__VERSION__}-${LANGUAGE}`;
const FILES = [...__PRECACHE__.files, ...__PRECACHE__.words[LANGUAGE]];
const NAVIGATION_TIMEOUT_MS = 3000;

/** The stored page for a worker page's path (contract/worker-pages.ts, workerPageOf). */
function workerPageFileOf(pathname: string): string | null {
  if (pathname === '/qr-scan' || pathname === '/qr-scan/') return '/qr-scan.html';
  if (pathname === '/work-tasks' || pathname.startsWith('/work-tasks/')) return '/work-tasks.html';
  return null;
}

/** Hashed files never change: take them from an older version's cache rather than download them again. */
async function fill(cache: Cache, url: string) {
  const stored = url.startsWith('/assets/') ? await caches.match(url) : undefined;
  const response = stored ?? (await fetch(new Request(url, { cache: 'reload' })));
  if (!response.ok) throw new Error(`precache ${url}: ${response.status}`);
  await cache.put(url, response);
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(FILES.map((url) => fill(cache, url))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // keys() lists caches in the order they were made: the last older one is the previous version.
      const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
      await Promise.all(older.slice(0, -1).map((k) => caches.delete(k)));
      await sw.clients.claim();
    })(),
  );
});

async function openWorkerPage(request: Request, file: string): Promise<Response> {
  const stored = () => caches.open(CACHE).then((cache) => cache.match(file));
  const network = fetch(request);
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
  try {
    const fresh = await Promise.race([network, timeout]);
    if (fresh) return fresh;
  } catch {
    // No signal: the stored page below.
  }
  return (await stored()) ?? network;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/objects/')) return;
  if (request.mode === 'navigate') {
    const file = workerPageFileOf(url.pathname);
    if (file) event.respondWith(openWorkerPage(request, file));
    return;
  }
  event.respondWith(caches.match(url.pathname).then((stored) => stored ?? fetch(request)));
});
