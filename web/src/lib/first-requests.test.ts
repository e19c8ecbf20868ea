import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest } from './api.ts';
import { startFirstRequests, takeFirstRequest } from './first-requests.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  // Nothing a test started is left for the next one.
  void takeFirstRequest('/api/a')?.catch(() => undefined);
  void takeFirstRequest('/api/b')?.catch(() => undefined);
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("a worker page's first requests", () => {
  it('are started with the device header and credentials, and apiGet takes each answer once', async () => {
    const fetchMock = vi.fn(async (url: string) => json({ url }));
    vi.stubGlobal('fetch', fetchMock);
    startFirstRequests(['/api/a', '/api/b'], { 'X-Shalav-Device': 'phone-0123456789abcdef' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/a',
      { credentials: 'include', headers: { 'X-Shalav-Device': 'phone-0123456789abcdef' } },
    ]);

    expect(await apiGet('/api/a')).toEqual({ url: '/api/a' });
    expect(await apiGet('/api/b')).toEqual({ url: '/api/b' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Asked again later (a refetch), the server is asked again.
    expect(await apiGet('/api/a')).toEqual({ url: '/api/a' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("are answered as the page's own request would be: a refusal is an ApiError, no signal is a TypeError", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/b') throw new TypeError('Failed to fetch');
        return json({ code: 'not_found', message: 'No such unit' }, 404);
      }),
    );
    startFirstRequests(['/api/a', '/api/b'], {});
    const refused = await apiGet('/api/a').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('not_found');
    await expect(apiGet('/api/b')).rejects.toBeInstanceOf(TypeError);
  });

  it('are not taken by a write or by a read with its own headers or signal', async () => {
    const fetchMock = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    startFirstRequests(['/api/a'], {});
    await apiGet('/api/a', { signal: new AbortController().signal });
    await apiGet('/api/a', { headers: { 'x-other': '1' } });
    await apiRequest('POST', '/api/a', { note: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(takeFirstRequest('/api/a')).toBeDefined();
  });
});
