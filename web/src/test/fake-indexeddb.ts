/**
 * Just enough IndexedDB for the photo store (open, one object store, get/put/delete in a
 * transaction), in memory. The data lives in the instance, so a page reload is a fresh import of the
 * modules over the same instance. Writes land when their transaction completes (a tick later), as in
 * a browser: a photo is not on the phone before `oncomplete`.
 */
type Req = { result?: unknown; onsuccess?: () => void; onerror?: () => void; onupgradeneeded?: () => void };

export class FakeIndexedDb {
  readonly databases = new Map<string, Map<string, Map<IDBValidKey, unknown>>>();
  /** Next transactions fail with a quota error (the phone's storage is full). */
  full = false;

  open(name: string): Req {
    const req: Req = {};
    setTimeout(() => {
      let stores = this.databases.get(name);
      const fresh = !stores;
      if (!stores) this.databases.set(name, (stores = new Map()));
      const all = stores;
      const db = {
        onversionchange: null as null | (() => void),
        onclose: null as null | (() => void),
        close: () => undefined,
        createObjectStore: (store: string) => all.set(store, new Map()),
        transaction: (store: string) => {
          const data = all.get(store);
          if (!data) throw new DOMException('no such store', 'NotFoundError');
          const pending: (() => void)[] = [];
          const tx = {
            oncomplete: null as null | (() => void),
            onerror: null as null | (() => void),
            onabort: null as null | (() => void),
            objectStore: () => ({
              get: (key: IDBValidKey) => ({ result: data.get(key) }),
              put: (value: unknown, key: IDBValidKey) => {
                pending.push(() => data.set(key, value));
                return { result: key };
              },
              delete: (key: IDBValidKey) => {
                pending.push(() => data.delete(key));
                return { result: undefined };
              },
            }),
          };
          setTimeout(() => {
            if (this.full && pending.length > 0) return tx.onabort?.();
            pending.forEach((p) => p());
            tx.oncomplete?.();
          });
          return tx;
        },
      };
      req.result = db;
      if (fresh) req.onupgradeneeded?.();
      req.onsuccess?.();
    });
    return req;
  }
}
