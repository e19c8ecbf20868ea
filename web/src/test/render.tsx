import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import i18n from 'i18next';
import { I18nProvider } from '#web/lib/i18n-react.tsx';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, expect, vi, type Mock } from 'vitest';
import { LOCALES, type Locale } from '#contract/constants.ts';
import { workerPageOf } from '#contract/worker-pages.ts';
import { useHref } from '#web/lib/navigation.ts';
import { clearResources } from '#web/lib/resource.ts';
import { dismissToast } from '#web/components/ui/toast.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';

// The web project runs without vitest globals, so Testing Library cannot clean up by itself.
// Importing this file registers it: unmount, restore fetch, forget the one visible toast.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dismissToast();
});

/**
 * Test rendering: every locale file loaded synchronously (no lazy backend, no Suspense), a fresh
 * QueryClient without retries, a MemoryRouter, and the Toaster so toasts can be asserted on screen.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, messages] of Object.entries(files)) {
  const [, lng, ns] = /\.\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[lng] ??= {})[ns] = messages;
}

export function initTestI18n(lng: Locale = 'en') {
  if (!i18n.isInitialized) {
    void i18n.init({
      resources,
      lng,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      ns: Object.keys(resources.en ?? {}),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18n.language !== lng) {
    void i18n.changeLanguage(lng);
  }
  return i18n;
}

/** Shows where the router is now, for asserting navigation: `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface RenderOptions {
  /** The route pattern the element is mounted at (default "/"). */
  path?: string;
  /** The URL the router starts at (default: `path`). */
  url?: string;
  language?: Locale;
  queryClient?: QueryClient;
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders `ui` at `path`; any other path renders a probe showing the current location. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  const path = options.path ?? '/';
  const queryClient = options.queryClient ?? createTestQueryClient();
  const instance = initTestI18n(options.language ?? 'en');
  const result = render(
    <I18nProvider i18n={instance}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.url ?? path]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, queryClient };
}

function WorkerLocationProbe({ page, children }: { page: ReturnType<typeof workerPageOf>; children: ReactElement }) {
  const href = useHref();
  if (workerPageOf(href.split('?')[0]) === page) return children;
  return <div data-testid="location">{href}</div>;
}

/**
 * Renders a worker page (no router, no React Query: web/src/worker-app) at `url`, with an empty
 * resource cache. Once the page navigates elsewhere, a probe shows the address instead:
 * `screen.findByTestId('location')`.
 */
export function renderWorkerPage(ui: ReactElement, options: { url: string; language?: Locale }): RenderResult {
  clearResources();
  window.history.replaceState(null, '', options.url);
  const instance = initTestI18n(options.language ?? 'en');
  return render(
    <I18nProvider i18n={instance}>
      <WorkerLocationProbe page={workerPageOf(options.url.split('?')[0])}>{ui}</WorkerLocationProbe>
      <Toaster />
    </I18nProvider>,
  );
}

export interface MockResponse {
  status?: number;
  body?: unknown;
}
export type Handler = MockResponse | ((request: { method: string; url: string; body: unknown }) => MockResponse | Promise<MockResponse>);

/**
 * Replaces global fetch with a table of "METHOD /path" → response (status 200 by default). An
 * unlisted request answers 404 so a test notices it. Returns the mock: `calls(fetchMock, 'POST /api/login')`.
 */
export function mockFetch(routes: Record<string, Handler>): Mock {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const pathOnly = url.replace(/^https?:\/\/[^/]+/, '');
    const key = `${method} ${pathOnly.split('?')[0]}`;
    const handler = routes[`${method} ${pathOnly}`] ?? routes[key];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const res =
      typeof handler === 'function'
        ? await handler({ method, url: pathOnly, body })
        : (handler ?? { status: 404, body: { message: 'Not Found' } });
    const status = res.status ?? 200;
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The parsed JSON bodies sent with "METHOD /path" through a `mockFetch` mock. */
export function requestsTo(fetchMock: Mock, route: string): unknown[] {
  const [method, path] = route.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = String(typeof input === 'object' && 'url' in input ? input.url : input).replace(/^https?:\/\/[^/]+/, '');
      return ((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase() === method && url.split('?')[0] === path;
    })
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body;
      return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
    });
}

/** The answer GET /api/auth/user gives a visitor who is not signed in. */
export const notSignedIn: MockResponse = { status: 401, body: { message: 'Unauthorized' } };

/** Waits until the (single) toast shows `text` and returns it. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  let el: HTMLElement | undefined;
  await waitFor(() => {
    el = screen.getByTestId('toast');
    expect(el).toHaveTextContent(text);
  });
  return el!;
}
