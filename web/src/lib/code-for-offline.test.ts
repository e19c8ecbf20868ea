import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module afresh, as a page load would see it (it decides once whether a service worker stores the code). */
async function freshModule({ serviceWorker }: { serviceWorker: boolean }) {
  vi.resetModules();
  vi.stubEnv('PROD', serviceWorker);
  if (serviceWorker) vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: {} }));
  return import('./code-for-offline.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('code kept for use without signal (decision 024)', () => {
  it('is not run on the page when the service worker stores it', async () => {
    vi.useFakeTimers();
    const { keepForOffline } = await freshModule({ serviceWorker: true });
    const load = vi.fn(() => Promise.resolve());
    keepForOffline(load);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('is fetched by the page once the service worker could not be registered', async () => {
    const { keepForOffline, serviceWorkerUnavailable } = await freshModule({ serviceWorker: true });
    const dialog = vi.fn(() => Promise.resolve());
    const otherPage = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    keepForOffline(dialog, otherPage);
    serviceWorkerUnavailable();
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(otherPage).toHaveBeenCalledTimes(1);
    // Asked for later: fetched by the page from then on.
    const toast = vi.fn(() => Promise.resolve());
    vi.useFakeTimers();
    keepForOffline(toast);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(toast).toHaveBeenCalledTimes(1);
    serviceWorkerUnavailable();
    expect(dialog).toHaveBeenCalledTimes(1);
  });

  it('is fetched by the page when the phone is idle where there is no service worker', async () => {
    vi.useFakeTimers();
    const { keepForOffline } = await freshModule({ serviceWorker: false });
    const load = vi.fn(() => Promise.resolve());
    keepForOffline(load);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is not fetched when the page is left before the phone was idle', async () => {
    vi.useFakeTimers();
    const { keepForOffline } = await freshModule({ serviceWorker: false });
    const load = vi.fn(() => Promise.resolve());
    const cancel = keepForOffline(load);
    cancel();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(load).not.toHaveBeenCalled();
  });
});
