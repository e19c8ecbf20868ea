import { useMemo, useSyncExternalStore, type MouseEvent } from 'react';
import { workerPageOf } from '#contract/worker-pages.ts';

/**
 * Address-bar state for the worker pages, which have no router (their two routes cost less than
 * React Router's 33 KB; docs/decisions/009-worker-entries.md). `navigate` changes the address
 * without a page load; the worker shell renders the page the new path names.
 */

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', emit);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', emit);
  };
}

const currentHref = () => window.location.pathname + window.location.search;

/** `state`: kept with the history entry (history.state), e.g. how the worker got to a step. */
export function navigate(to: string, options: { replace?: boolean; state?: unknown } = {}) {
  const state = options.state ?? null;
  if (options.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  window.scrollTo(0, 0);
  emit();
}

/** The current path and query, e.g. "/work-tasks/abc?workerName=Dana"; re-renders when it changes. */
export function useHref(): string {
  return useSyncExternalStore(subscribe, currentHref, currentHref);
}

/** The current address as a URL (pathname, searchParams). */
export function useLocationUrl(): URL {
  const href = useHref();
  return useMemo(() => new URL(href, window.location.origin), [href]);
}

/**
 * Props for an `<a>` to `to`: a worker page opens without a page load (its code is already here);
 * any other address (the signed-in app) loads as a document. Modified clicks keep the browser's way.
 */
export function linkTo(to: string) {
  return {
    href: to,
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!workerPageOf(new URL(to, window.location.origin).pathname)) return;
      event.preventDefault();
      navigate(to);
    },
  };
}
