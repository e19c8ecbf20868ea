import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue, flushOutbox, onOutboxResult, outboxEntries, reloadOutboxForTests, resetOutboxForTests, retryDelay } from './outbox.ts';

function stubFetch(answers: (() => Response | Promise<Response>)[]) {
  const fn = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    return next();
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const ok = () => new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
const entry = {
  kind: 'shortage' as const,
  method: 'POST' as const,
  url: '/api/shortages-public',
  body: { name: 'Glue', quantity: 1, apartmentId: 'r1' },
  roomId: 'r1',
};

beforeEach(() => resetOutboxForTests());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetOutboxForTests();
});

describe('worker outbox', () => {
  it('keeps a write that met no signal across a reload and sends it later with the same key', async () => {
    const fetchMock = stubFetch([offline, ok]);
    expect(await enqueue(entry)).toBe('waiting');
    expect(outboxEntries()[0]).toMatchObject({ waiting: true, attempts: 1 });

    reloadOutboxForTests(); // what a page reload reads back
    expect(outboxEntries()).toHaveLength(1);
    const results: boolean[] = [];
    const off = onOutboxResult((r) => results.push(r.ok));
    await flushOutbox();
    off();

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock.mock.calls[1])).toBe(keyOf(fetchMock.mock.calls[0]));
    expect(keyOf(fetchMock.mock.calls[0])).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(results).toEqual([true]);
    expect(outboxEntries()).toEqual([]);
  });

  it('retries by itself with growing pauses', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch([offline, offline, ok]);
    await enqueue(entry);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(retryDelay(2) - 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(outboxEntries()).toEqual([]);
    expect(retryDelay(1)).toBe(2_000);
    expect(retryDelay(2)).toBe(4_000);
    expect(retryDelay(20)).toBe(60_000);
  });

  it('drops a write the server refused (no retry can fix a 4xx) and reports why', async () => {
    stubFetch([() => new Response(JSON.stringify({ message: 'Please enter an item name' }), { status: 400 })]);
    const errors: string[] = [];
    const off = onOutboxResult((r) => !r.ok && errors.push(r.error.message));
    expect(await enqueue(entry)).toBe('rejected');
    off();
    expect(errors).toEqual(['400: {"message":"Please enter an item name"}']);
    expect(outboxEntries()).toEqual([]);
  });

  it('treats a 503 as "not now" and keeps the write', async () => {
    stubFetch([() => new Response('', { status: 503 })]);
    expect(await enqueue(entry)).toBe('waiting');
    expect(outboxEntries()).toHaveLength(1);
  });

  describe('honours Retry-After on 429 and 503', () => {
    const refused = (status: number, retryAfter: string) => () =>
      new Response(JSON.stringify({ message: 'Too many requests' }), {
        status,
        headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
      });

    it('sends nothing before the seconds a 429 asked for, even when the signal returns or the worker saves again', async () => {
      vi.useFakeTimers();
      const fetchMock = stubFetch([refused(429, '30'), ok, ok]);
      expect(await enqueue(entry)).toBe('waiting');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(10_000);
      await flushOutbox(); // the 'online' event
      expect(await enqueue({ ...entry, body: { name: 'Nails', quantity: 1, apartmentId: 'r1' } })).toBe('waiting');
      await vi.advanceTimersByTimeAsync(30_000 - 10_000 - 1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(outboxEntries()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(outboxEntries()).toEqual([]);
    });

    it('reads an HTTP date on a 503, and the same key is sent again', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
      const fetchMock = stubFetch([refused(503, 'Mon, 23 Nov 2026 10:01:00 GMT'), ok]);
      await enqueue(entry);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(keyOf(fetchMock.mock.calls[1])).toBe(keyOf(fetchMock.mock.calls[0]));
    });

    it('never waits less than its own back-off, and backs off further when refused again', async () => {
      vi.useFakeTimers();
      const fetchMock = stubFetch([refused(429, '0'), refused(429, '1'), ok]);
      await enqueue(entry);
      await vi.advanceTimersByTimeAsync(retryDelay(1) - 1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(retryDelay(2) - 1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(outboxEntries()).toEqual([]);
    });
  });
});
