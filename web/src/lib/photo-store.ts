/**
 * Photos the worker was told are on their way survive a closed tab: the bytes of a photo still
 * waiting for signal live in IndexedDB, and the address of an uploaded photo (not yet used to
 * complete the task) in localStorage. Both are keyed by task and dropped once the task is done.
 */
const DB = 'shalav-worker';
const STORE = 'photos';
const DONE_PREFIX = 'shalav.photo.done.';

// One connection for the page: every task card asks on load, and an open per card costs the phone.
let connection: Promise<IDBDatabase | undefined> | undefined;

function openDb(): Promise<IDBDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  connection ??= new Promise((resolve) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading the database, or the browser closing it: open again next time.
      db.onversionchange = db.onclose = () => {
        db.close();
        connection = undefined;
      };
      resolve(db);
    };
    req.onerror = () => {
      connection = undefined;
      resolve(undefined);
    };
  });
  return connection;
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  // Twice at most: a connection the browser closed under us is replaced once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const db = await openDb();
    if (!db) return undefined;
    let tx: IDBTransaction;
    try {
      tx = db.transaction(STORE, mode);
    } catch {
      connection = undefined;
      continue;
    }
    return new Promise((resolve) => {
      const req = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = tx.onabort = () => resolve(undefined);
    });
  }
  return undefined;
}

interface StoredPhoto {
  blob: Blob;
  name: string;
  type: string;
}

export async function keepWaitingPhoto(taskId: string, file: File): Promise<void> {
  await withStore('readwrite', (s) => s.put({ blob: file, name: file.name, type: file.type } satisfies StoredPhoto, taskId));
}

export async function findWaitingPhoto(taskId: string): Promise<File | undefined> {
  const stored = (await withStore('readonly', (s) => s.get(taskId))) as StoredPhoto | undefined;
  return stored ? new File([stored.blob], stored.name, { type: stored.type }) : undefined;
}

export async function forgetWaitingPhoto(taskId: string): Promise<void> {
  await withStore('readwrite', (s) => s.delete(taskId));
}

export function keepUploadedPhoto(taskId: string, photoUrl: string) {
  try {
    localStorage.setItem(DONE_PREFIX + taskId, photoUrl);
  } catch {
    /* storage full or unavailable: the photo stays in memory only */
  }
}

export function findUploadedPhoto(taskId: string): string | undefined {
  try {
    return localStorage.getItem(DONE_PREFIX + taskId) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetUploadedPhoto(taskId: string) {
  try {
    localStorage.removeItem(DONE_PREFIX + taskId);
  } catch {
    /* ignore */
  }
}

/** "Complete this stage once its photo is up": kept while the photo waits for signal. */
export interface CompletionIntent {
  notes: string | null;
  workerName: string;
  /** When the worker pressed "complete" (ISO), sent as the completion's own time. */
  completedAt?: string;
}
const INTENT_PREFIX = 'shalav.worker.complete-after-photo.';

export function keepCompletionIntent(taskId: string, intent: CompletionIntent) {
  try {
    localStorage.setItem(INTENT_PREFIX + taskId, JSON.stringify(intent));
  } catch {
    /* unavailable: the worker presses "complete" again once the photo is up */
  }
}

export function findCompletionIntent(taskId: string): CompletionIntent | undefined {
  try {
    const raw = localStorage.getItem(INTENT_PREFIX + taskId);
    return raw ? (JSON.parse(raw) as CompletionIntent) : undefined;
  } catch {
    return undefined;
  }
}

export function forgetCompletionIntent(taskId: string) {
  try {
    localStorage.removeItem(INTENT_PREFIX + taskId);
  } catch {
    /* ignore */
  }
}
