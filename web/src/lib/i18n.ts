import i18n, { type BackendModule } from 'i18next';

import { LOCALES, RTL_LOCALES, type Locale } from '#contract/constants.ts';
import { LANGUAGE_STORAGE_KEY, storedLanguage } from './stored-language.ts';

type LocaleLoaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * Each locale file is its own chunk: a worker downloads only the language and namespaces in use.
 * Only the worker pages' namespaces are known here — the list of every file's chunk would add ~2 KB
 * to the worker pages' first download (docs/decisions/009-worker-entries.md); the signed-in app
 * adds the rest with `addLocaleLoaders`.
 */
const loaders: LocaleLoaders = {};
addLocaleLoaders(import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/{common,errors,qrScan,workTasks}.json'));

/** More locale files, keyed by any path ending in `<language>/<namespace>.json`. */
export function addLocaleLoaders(more: LocaleLoaders) {
  for (const [file, load] of Object.entries(more)) {
    const m = /([^/]+)\/([^/]+)\.json$/.exec(file);
    if (m) loaders[`${m[1]}/${m[2]}`] = load;
  }
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`${language}/${namespace}`];
    if (!load) return callback(new Error(`missing locale file ${language}/${namespace}`), false);
    load().then(
      (m) => callback(null, m.default),
      (err) => callback(err as Error, false),
    );
  },
};

export const isRtl = (lng: string) => RTL_LOCALES.includes(lng as Locale);
export const dirOf = (lng: string): 'rtl' | 'ltr' => (isRtl(lng) ? 'rtl' : 'ltr');

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
  document.documentElement.dir = dirOf(lng);
}

export async function setLanguage(lng: Locale) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* storage unavailable */
  }
  await i18n.changeLanguage(lng);
}

/** `namespaces`: loaded at once, beside `common` and `errors` (a page's own words, before the page asks). */
export function initI18n(lng: Locale = storedLanguage(), namespaces: string[] = []) {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', applyDocumentLanguage);
  void i18n.use(lazyBackend).init({
    lng,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    ns: [...new Set(['common', 'errors', ...namespaces])],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  applyDocumentLanguage(lng);
  return i18n;
}
