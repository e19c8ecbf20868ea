/**
 * A worker page's first reads, started before its worker kit (React, i18next, the app) has arrived
 * and run (docs/decisions/025-first-requests.md): a small script of their own, named first in the
 * page's HTML, asks for them; `apiRequest` then takes each answer once instead of asking again.
 * Imports nothing, so that script stays about a kilobyte.
 */

/** Where the first script leaves its requests for the worker kit (one page, one global). */
const SLOT = '__shalavFirstRequests';
type Started = Record<string, Promise<Response>>;
type WithSlot = typeof globalThis & { [SLOT]?: Started };

/** Starts each GET with the headers `apiRequest` would send (the phone's device id). */
export function startFirstRequests(urls: string[], headers: Record<string, string>) {
  const started: Started = {};
  for (const url of urls) started[url] = fetch(url, { credentials: 'include', headers });
  (globalThis as WithSlot)[SLOT] = started;
}

/**
 * The first request for `url`, once: the caller awaits it as it would its own `fetch`. Later reads
 * of the same URL ask the server again.
 */
export function takeFirstRequest(url: string): Promise<Response> | undefined {
  const started = (globalThis as WithSlot)[SLOT];
  const response = started?.[url];
  if (response) delete started[url];
  return response;
}
