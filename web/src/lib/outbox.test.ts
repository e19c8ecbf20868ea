import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REPLAY_EVERY_MS,
  cancelWaiting,
  SEND_TIMEOUT_MS,
  dismissRefused,
  enqueue,
  flushOutbox,
  onOutboxResult,
  outboxEntries,
  outboxRefused,
  refusalError,
  reloadOutboxForTests,
  resetOutboxForTests,
  retryDelay,
  startOutbox,
} from './outbox.ts';
import { clearSavedForTests, findSavedAnswer, saveAnswer } from './offline-store.ts';

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

beforeEach(() => {
  resetOutboxForTests();
  clearSavedForTests();
});
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
    vi.useFakeTimers();
    const fetchMock = stubFetch([() => new Response(JSON.stringify({ message: 'Please enter an item name' }), { status: 400 })]);
    const errors: string[] = [];
    const off = onOutboxResult((r) => !r.ok && errors.push(r.error.message));
    expect(await enqueue(entry)).toBe('rejected');
    off();
    expect(errors).toEqual(['400: {"message":"Please enter an item name"}']);
    expect(outboxEntries()).toEqual([]);
    expect(outboxRefused().map((r) => r.status)).toEqual([400]);
    // Never sent again: not by the back-off, not when the signal returns.
    await vi.advanceTimersByTimeAsync(2 * REPLAY_EVERY_MS);
    await flushOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up a request that hangs without an answer, keeps the write and sends it again with the same key', async () => {
    vi.useFakeTimers();
    // A request that never settles unless aborted, as a signal dropping mid-request leaves it.
    const hang = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
        }),
    );
    const fetchMock = vi.fn().mockImplementationOnce(hang).mockImplementationOnce(ok);
    vi.stubGlobal('fetch', fetchMock);
    const first = enqueue(entry);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(outboxEntries()[0]).toMatchObject({ sending: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toBe('waiting');
    expect(outboxEntries()[0]).toMatchObject({ sending: false, waiting: true, attempts: 1 });
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock.mock.calls[1] as unknown[])).toBe(keyOf(fetchMock.mock.calls[0] as unknown[]));
    expect(outboxEntries()).toEqual([]);
  });

  it('makes room for a write by dropping saved copies of pages when the phone storage is full', async () => {
    for (let i = 0; i < 8; i++) saveAnswer(`/api/rooms/${i}`, 'z'.repeat(1_000), 1_000 + i);
    const original = Storage.prototype.setItem;
    // Full: nothing more fits than is stored now.
    Storage.prototype.setItem = function (key: string, value: string) {
      let used = 0;
      for (let i = 0; i < this.length; i++) used += key === this.key(i) ? 0 : (this.getItem(this.key(i)!) ?? '').length;
      if (used + value.length > 8_400) throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    };
    try {
      stubFetch([offline]);
      await enqueue({ ...entry, body: { name: 'n'.repeat(500), quantity: 1, apartmentId: 'r1' } });
    } finally {
      Storage.prototype.setItem = original;
    }
    reloadOutboxForTests();
    expect(outboxEntries()).toHaveLength(1);
    expect(findSavedAnswer('/api/rooms/0')).toBeUndefined();
    expect(findSavedAnswer('/api/rooms/7')).toBeDefined();
  });

  it.each([408, 502, 503, 504])(
    'treats a %i as "not now": keeps the write as waiting and sends it again later with the same key',
    async (status) => {
      vi.useFakeTimers();
      const fetchMock = stubFetch([() => new Response('', { status }), ok]);
      expect(await enqueue(entry)).toBe('waiting');
      expect(outboxEntries()).toEqual([expect.objectContaining({ waiting: true, attempts: 1 })]);
      expect(outboxRefused()).toEqual([]);
      await vi.advanceTimersByTimeAsync(retryDelay(1));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(keyOf(fetchMock.mock.calls[1])).toBe(keyOf(fetchMock.mock.calls[0]));
      expect(outboxEntries()).toEqual([]);
      expect(outboxRefused()).toEqual([]);
    },
  );

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

    it('a 429 holds the queue only for its time: the writes behind it are kept and then all go, in order, with their keys', async () => {
      vi.useFakeTimers();
      const fetchMock = stubFetch([offline, refused(429, '20'), ok, ok, ok]);
      expect(await enqueue(entry)).toBe('waiting'); // no signal
      expect(await enqueue({ ...entry, body: { name: 'Nails', quantity: 2, apartmentId: 'r1' } })).toBe('waiting'); // 429
      expect(await enqueue({ ...entry, body: { name: 'Sand', quantity: 3, apartmentId: 'r1' } })).toBe('waiting'); // held
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const keys = outboxEntries().map((e) => e.key);
      expect(keys).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(20_000 - 1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(outboxEntries().map((e) => e.key)).toEqual(keys); // nothing lost while held
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(5);
      expect(fetchMock.mock.calls.slice(2).map(keyOf)).toEqual(keys);
      expect(outboxEntries()).toEqual([]);
      expect(outboxRefused()).toEqual([]);
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

    it('waits at most a minute, however long the server asked for', async () => {
      vi.useFakeTimers();
      const fetchMock = stubFetch([refused(429, '600'), ok]);
      await enqueue(entry);
      await vi.advanceTimersByTimeAsync(60_000 - 1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('never waits less than its own back-off, and backs off further when refused again', async () => {
      vi.useFakeTimers();
      const fetchMock = stubFetch([refused(429, '0'), refused(429, '1'), ok]);
      await enqueue(entry);
      await flushOutbox(); // the signal returns at once: still not before the back-off
      expect(fetchMock).toHaveBeenCalledTimes(1);
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

  describe('nothing waits silently (docs/product.md "Working without signal")', () => {
    /** A write a previous page load left behind, after many failures: its back-off is a full minute. */
    function leftBehind() {
      localStorage.setItem(
        'shalav.worker-outbox',
        JSON.stringify([{ ...entry, key: 'k-left-behind-1', createdAt: Date.now(), attempts: 10, waiting: true, sending: true }]),
      );
      reloadOutboxForTests();
    }
    const setVisibility = (state: DocumentVisibilityState) =>
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    afterEach(() => setVisibility('visible'));

    it('shows an entry as sending while its request is under way, then it leaves (sent)', async () => {
      let answer!: (r: Response) => void;
      stubFetch([() => new Promise<Response>((resolve) => (answer = resolve))]);
      const sent = enqueue(entry);
      expect(outboxEntries()[0]).toMatchObject({ sending: true, waiting: false });
      answer(ok());
      expect(await sent).toBe('sent');
      expect(outboxEntries()).toEqual([]);
      expect(outboxRefused()).toEqual([]);
    });

    it('after a failed attempt the entry is waiting, not sending — also as read back after a reload', async () => {
      stubFetch([offline]);
      await enqueue(entry);
      expect(outboxEntries()[0]).toMatchObject({ sending: false, waiting: true });
      leftBehind(); // stored as "sending" when the page closed mid-request
      expect(outboxEntries()[0]).toMatchObject({ sending: false, waiting: true });
    });

    it('keeps a refusal, with its code and words, across a reload until the worker dismisses it', async () => {
      stubFetch([
        () =>
          new Response(JSON.stringify({ code: 'task_already_completed', message: 'x', params: { workerName: 'Avi' } }), {
            status: 409,
          }),
      ]);
      expect(await enqueue({ ...entry, kind: 'complete', taskId: 't1', label: 'Plaster' })).toBe('rejected');
      expect(outboxEntries()).toEqual([]);
      reloadOutboxForTests();
      expect(outboxRefused()).toHaveLength(1);
      const [refused] = outboxRefused();
      expect(refused.entry).toMatchObject({ kind: 'complete', label: 'Plaster' });
      const error = refusalError(refused);
      expect(error.status).toBe(409);
      expect(error.code).toBe('task_already_completed');
      expect(error.params).toEqual({ workerName: 'Avi' });

      dismissRefused(refused.entry.key);
      expect(outboxRefused()).toEqual([]);
      reloadOutboxForTests();
      expect(outboxRefused()).toEqual([]);
    });

    it('a reload keeps both the waiting and the refused entries', async () => {
      stubFetch([offline, () => new Response(JSON.stringify({ code: 'validation_failed', message: 'x' }), { status: 400 })]);
      await enqueue(entry);
      await enqueue({ ...entry, kind: 'measurement' });
      reloadOutboxForTests();
      expect(outboxEntries().map((e) => e.kind)).toEqual(['shortage']);
      expect(outboxRefused().map((r) => r.entry.kind)).toEqual(['measurement']);
    });

    it('sends again when the worker comes back to the tab, not while it is hidden', async () => {
      vi.useFakeTimers();
      leftBehind();
      const fetchMock = stubFetch([offline, ok]);
      startOutbox(); // the page opens: one attempt, no signal
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      setVisibility('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      setVisibility('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(outboxEntries()).toEqual([]);
    });

    it('tries every 30 s while something waits, even when the back-off has grown to a minute', async () => {
      vi.useFakeTimers();
      leftBehind();
      const fetchMock = stubFetch([offline, offline, ok]);
      startOutbox();
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(retryDelay(outboxEntries()[0].attempts)).toBe(60_000);

      await vi.advanceTimersByTimeAsync(REPLAY_EVERY_MS - 1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(REPLAY_EVERY_MS);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(outboxEntries()).toEqual([]);
      // Nothing waits any more: the tick sends nothing.
      await vi.advanceTimersByTimeAsync(REPLAY_EVERY_MS * 3);
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });
  });

  it('a waiting write the worker took back is never sent, also not after a reload; not while its request is under way', async () => {
    const fetchMock = stubFetch([offline]);
    expect(await enqueue(entry)).toBe('waiting');
    const [waiting] = outboxEntries();
    expect(cancelWaiting(waiting.key)).toBe(true);
    expect(outboxEntries()).toEqual([]);
    reloadOutboxForTests();
    expect(outboxEntries()).toEqual([]);
    await flushOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(1); // only the first attempt, which met no signal

    let answer!: (r: Response) => void;
    stubFetch([() => new Promise<Response>((resolve) => (answer = resolve))]);
    const sent = enqueue(entry);
    const [sending] = outboxEntries();
    expect(cancelWaiting(sending.key)).toBe(false);
    expect(outboxEntries()).toHaveLength(1);
    answer(ok());
    expect(await sent).toBe('sent');
  });
});
