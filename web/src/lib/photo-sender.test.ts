import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIndexedDb } from '#web/test/fake-indexeddb.ts';

/**
 * The offline photo queue (docs/product.md "Working without signal"): a photo that met no signal is
 * kept on the phone (bytes in IndexedDB, listed in localStorage) and sent later from any worker page;
 * the completion that waited for it then goes to the outbox with the moment "complete" was pressed.
 * A reload is a fresh import of every module over the same storage.
 */

const upload = vi.hoisted(() => ({ fn: vi.fn<(roomId: string, file: File) => Promise<string>>() }));
vi.mock('./photo-upload.ts', async (original) => ({
  ...(await original<typeof import('./photo-upload.ts')>()),
  uploadPhoto: (roomId: string, file: File) => upload.fn(roomId, file),
}));

type Modules = {
  sender: typeof import('./photo-sender.ts');
  list: typeof import('./offline-photos.ts');
  store: typeof import('./photo-store.ts');
  outbox: typeof import('./outbox.ts');
  PhotoError: typeof import('./photo-upload.ts').PhotoError;
};
/** The page (re)loaded: every module read again from the phone's storage. */
async function load(): Promise<Modules> {
  vi.resetModules();
  return {
    sender: await import('./photo-sender.ts'),
    list: await import('./offline-photos.ts'),
    store: await import('./photo-store.ts'),
    outbox: await import('./outbox.ts'),
    PhotoError: (await import('./photo-upload.ts')).PhotoError,
  };
}

let idb: FakeIndexedDb;
let m: Modules;
const photoOf = (taskId: string) => ({ taskId, roomId: 'r1', label: `Stage ${taskId}` });
const fileOf = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/jpeg' });
const noSignal = () => Promise.reject(new m.PhotoError('network', new TypeError('Failed to fetch')));
const uploadedTasks = () => upload.fn.mock.calls.map(([, file]) => file.name);

function stubFetch() {
  const fn = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}
/** A photo that met no signal on its first upload: kept and listed. */
async function queue(taskId: string) {
  upload.fn.mockImplementationOnce(noSignal);
  const r = await m.sender.sendWaitingPhoto({ photo: photoOf(taskId), file: fileOf(`${taskId}.jpg`), listWhileSending: false });
  expect(r).toMatchObject({ ok: false, error: { problem: 'network' } });
}

beforeEach(async () => {
  localStorage.clear();
  idb = new FakeIndexedDb();
  vi.stubGlobal('indexedDB', idb);
  upload.fn.mockReset();
  m = await load();
});
afterEach(() => {
  m.sender.resetPhotoSenderForTests();
  m.outbox.resetOutboxForTests();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('offline photo queue', () => {
  it('enqueue: a photo that met no signal has its bytes on the phone and is listed as waiting (not sending)', async () => {
    await queue('t1');
    expect(m.list.waitingPhotos()).toEqual([{ ...photoOf('t1'), sending: false }]);
    const kept = await m.store.findWaitingPhoto('t1');
    expect(kept?.name).toBe('t1.jpg');
    expect(kept?.type).toBe('image/jpeg');
    expect(await kept?.text()).toBe('bytes of t1.jpg');
  });

  it('send: the sender uploads it, remembers its address, and forgets its bytes and its listing', async () => {
    await queue('t1');
    upload.fn.mockResolvedValueOnce('/objects/p1');
    await m.sender.sendWaitingPhotos();
    expect(uploadedTasks()).toEqual(['t1.jpg', 't1.jpg']);
    expect(upload.fn.mock.calls[1]![0]).toBe('r1');
    expect(m.list.waitingPhotos()).toEqual([]);
    expect(m.store.findUploadedPhoto('t1')).toBe('/objects/p1');
    await vi.waitFor(async () => expect(await m.store.findWaitingPhoto('t1')).toBeUndefined());
  });

  it('retry: still no signal keeps it and stops the round; the next round sends the photos in the order they waited', async () => {
    await queue('t1');
    await queue('t2');
    await queue('t3');
    upload.fn.mockClear();

    upload.fn.mockImplementationOnce(noSignal);
    await m.sender.sendWaitingPhotos();
    expect(uploadedTasks()).toEqual(['t1.jpg']); // the others wait for the next tick, not one failure each
    expect(m.list.waitingPhotos().map((p) => p.taskId)).toEqual(['t2', 't3', 't1']);
    expect(await m.store.findWaitingPhoto('t1')).toBeDefined();

    upload.fn.mockClear();
    upload.fn.mockResolvedValue('/objects/p');
    await m.sender.sendWaitingPhotos();
    expect(uploadedTasks()).toEqual(['t2.jpg', 't3.jpg', 't1.jpg']);
    expect(m.list.waitingPhotos()).toEqual([]);
  });

  it('retries by itself every 15 s and when the signal returns', async () => {
    await queue('t1');
    upload.fn.mockClear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      upload.fn.mockImplementation(noSignal);
      m.sender.startPhotoSender();
      await vi.waitFor(() => expect(upload.fn).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(m.sender.PHOTO_RETRY_MS);
      await vi.waitFor(() => expect(upload.fn).toHaveBeenCalledTimes(2));
      upload.fn.mockResolvedValue('/objects/p1');
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(m.list.waitingPhotos()).toEqual([]));
      expect(upload.fn).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('one upload per task at a time: the card and the sender asking together share one upload', async () => {
    let finish!: (url: string) => void;
    upload.fn.mockImplementation(() => new Promise((r) => (finish = r)));
    const a = m.sender.sendWaitingPhoto({ photo: photoOf('t1'), file: fileOf('t1.jpg') });
    const b = m.sender.sendWaitingPhoto({ photo: photoOf('t1'), file: fileOf('t1.jpg') });
    expect(m.list.waitingPhotos()).toEqual([{ ...photoOf('t1'), sending: true }]); // listed while it goes
    finish('/objects/p1');
    expect(await a).toEqual({ ok: true, photoUrl: '/objects/p1' });
    expect(await b).toEqual({ ok: true, photoUrl: '/objects/p1' });
    expect(upload.fn).toHaveBeenCalledTimes(1);
  });

  it('cancel: a photo no longer wanted is not sent', async () => {
    await queue('t1');
    await queue('t2');
    m.list.clearPhotoWaiting('t1');
    upload.fn.mockClear();
    upload.fn.mockResolvedValue('/objects/p');
    await m.sender.sendWaitingPhotos();
    expect(uploadedTasks()).toEqual(['t2.jpg']);
  });

  it('a photo the server refused is not sent again by the sender on this page load', async () => {
    await queue('t1');
    upload.fn.mockClear();
    upload.fn.mockImplementationOnce(() => Promise.reject(new m.PhotoError('rejected')));
    await m.sender.sendWaitingPhotos();
    m.list.markPhotoWaiting(photoOf('t1')); // listed again (e.g. by its card)
    await m.sender.sendWaitingPhotos();
    expect(upload.fn).toHaveBeenCalledTimes(1);
  });

  it('cleanup: a listed photo whose bytes are gone (storage cleared) leaves the list instead of waiting forever', async () => {
    await queue('t1');
    await queue('t2');
    await m.store.forgetWaitingPhoto('t1');
    upload.fn.mockClear();
    upload.fn.mockResolvedValue('/objects/p');
    await m.sender.sendWaitingPhotos();
    expect(uploadedTasks()).toEqual(['t2.jpg']);
    expect(m.list.waitingPhotos()).toEqual([]);
  });

  it('quota: with the phone storage full the photo is still listed on this page and kept for its card', async () => {
    idb.full = true;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      await queue('t1');
      expect(m.list.waitingPhotos().map((p) => p.taskId)).toEqual(['t1']);
    } finally {
      vi.restoreAllMocks();
    }
  });

  describe('survives a reload', () => {
    it('the queued photo, its bytes and the completion that waits for it are all still there, and go out', async () => {
      const pressedAt = '2026-11-23T06:00:00.000Z';
      await queue('t1');
      m.store.keepCompletionIntent('t1', { notes: 'done', workerName: 'Dana', completedAt: pressedAt });

      m = await load(); // the page reloaded
      expect(m.list.waitingPhotos()).toEqual([{ ...photoOf('t1'), sending: false }]);
      expect(await (await m.store.findWaitingPhoto('t1'))?.text()).toBe('bytes of t1.jpg');
      expect(m.store.findCompletionIntent('t1')).toEqual({ notes: 'done', workerName: 'Dana', completedAt: pressedAt });

      const fetchMock = stubFetch();
      upload.fn.mockResolvedValueOnce('/objects/p1');
      await m.sender.sendWaitingPhotos();
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('/api/scheduled-tasks-complete/t1');
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      // A late photo's completion keeps the moment the worker pressed "complete", not the time it was sent.
      expect(body).toMatchObject({ notes: 'done', workerName: 'Dana', photoUrl: '/objects/p1', completedAt: pressedAt });
      expect(body.sentAt).not.toBe(pressedAt);
      expect(m.store.findCompletionIntent('t1')).toBeUndefined();
    });

    it('a photo listed as sending when the page closed is sent again after the reload', async () => {
      upload.fn.mockImplementationOnce(() => new Promise(() => undefined)); // the tab closes mid-upload
      await m.store.keepWaitingPhoto('t1', fileOf('t1.jpg'));
      void m.sender.sendWaitingPhoto({ photo: photoOf('t1'), file: fileOf('t1.jpg') });
      expect(m.list.waitingPhotos()[0]?.sending).toBe(true);

      m = await load();
      upload.fn.mockResolvedValueOnce('/objects/p1');
      await m.sender.sendWaitingPhotos();
      expect(upload.fn).toHaveBeenCalledTimes(2);
      expect(m.list.waitingPhotos()).toEqual([]);
    });
  });
});
