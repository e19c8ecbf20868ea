import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import defaultInstance, { type i18n as I18n, type TFunction } from 'i18next';

/**
 * The React binding for i18next: `useTranslation(ns)` → `{ t, i18n }`, re-rendering on a language
 * change or when a namespace arrives, suspending until the namespaces it needs are loaded.
 *
 * It replaces react-i18next (≈ 5.7 KB gzip) because the worker pages must stay under their
 * JavaScript budget (docs/decisions/009-worker-entries.md); the app needs only this much of it.
 */

const I18nContext = createContext<I18n>(defaultInstance);

/** Gives the tree another i18next instance (tests); the app uses the default one. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

interface Store {
  version: number;
  listeners: Set<() => void>;
  /** One promise per "language|namespaces" being loaded, so Suspense retries the same one. */
  loading: Map<string, Promise<void>>;
  /** Keys whose files failed to load: rendered with raw keys instead of suspending again. */
  failed: Set<string>;
}
const stores = new WeakMap<I18n, Store>();

function storeOf(i18n: I18n): Store {
  let store = stores.get(i18n);
  if (!store) {
    const created: Store = { version: 0, listeners: new Set(), loading: new Map(), failed: new Set() };
    const bump = () => {
      created.version++;
      created.listeners.forEach((l) => l());
    };
    i18n.on('languageChanged', bump);
    i18n.on('loaded', bump);
    i18n.on('initialized', bump);
    stores.set(i18n, created);
    store = created;
  }
  return store;
}

function ready(i18n: I18n, namespaces: readonly string[]) {
  return i18n.isInitialized && namespaces.every((ns) => i18n.hasLoadedNamespace(ns));
}

export function useTranslation(ns: string | readonly string[] = 'common'): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  const store = storeOf(i18n);
  const version = useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.version,
  );
  const namespaces = typeof ns === 'string' ? [ns] : ns;
  const nsKey = namespaces.join(',');
  const language = i18n.language;

  const key = `${language}|${nsKey}`;
  if (!ready(i18n, namespaces) && !store.failed.has(key)) {
    // Suspend until the files are here (the lazy backend fetches each namespace once per language).
    let promise = store.loading.get(key);
    if (!promise) {
      promise = new Promise<void>((resolve) => {
        const finish = (failed: boolean) => {
          i18n.off('loaded', check);
          i18n.off('initialized', load);
          i18n.off('failedLoading', fail);
          store.loading.delete(key);
          if (failed) store.failed.add(key);
          resolve();
        };
        const check = () => {
          if (ready(i18n, namespaces)) finish(false);
        };
        // Asked before init finished: init loads only its own namespaces, so ask for ours after it.
        const load = () => {
          if (ready(i18n, namespaces)) finish(false);
          else void i18n.loadNamespaces([...namespaces]).then(check, () => finish(true));
        };
        // A missing file must not hang the page: render with keys rather than spin forever.
        const fail = (lng: string, ns: string) => {
          if (lng === language && namespaces.includes(ns)) finish(true);
        };
        i18n.on('loaded', check);
        i18n.on('initialized', load);
        i18n.on('failedLoading', fail);
        if (i18n.isInitialized) load();
      });
      store.loading.set(key, promise);
    }
    throw promise;
  }

  const t = useMemo(
    () => i18n.getFixedT(null, nsKey.split(',')) as TFunction,
    // `version` changes when a language or namespace arrives: a new `t` re-renders consumers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, nsKey, language, version],
  );
  return { t, i18n };
}
