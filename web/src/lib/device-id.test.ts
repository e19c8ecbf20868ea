import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, setDefaultHeaders } from './api.ts';
import { deviceId, forgetDeviceIdForTests, installDeviceHeader } from './device-id.ts';
import { enqueue, resetOutboxForTests } from './outbox.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setDefaultHeaders({});
  resetOutboxForTests();
  forgetDeviceIdForTests();
  localStorage.clear();
});

const headerOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['X-Shalav-Device'];

describe('the worker device id', () => {
  it('is made once, kept on the phone, and the same after a reload', () => {
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    forgetDeviceIdForTests(); // a reload
    expect(deviceId()).toBe(first);
    localStorage.clear();
    forgetDeviceIdForTests();
    expect(deviceId()).not.toBe(first);
  });

  it('goes with every request once installed: reads, and writes replayed from the outbox', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    installDeviceHeader();
    await apiGet('/api/rooms-public?qrId=x');
    await enqueue({ kind: 'shortage', method: 'POST', url: '/api/shortages-public', body: { name: 'Glue' }, roomId: 'r1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headerOf(fetchMock.mock.calls[0])).toBe(deviceId());
    expect(headerOf(fetchMock.mock.calls[1])).toBe(deviceId());
    // The write keeps its own headers too.
    expect(((fetchMock.mock.calls[1] as unknown[])[1] as RequestInit).headers).toMatchObject({ 'content-type': 'application/json' });
  });
});
