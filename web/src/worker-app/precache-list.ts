import { LOCALES } from '#contract/constants.ts';
import { WORKER_PAGE_FILES } from '#contract/worker-pages.ts';

/**
 * What the service worker stores at install (docs/decisions/022-offline-worker-app.md): the two
 * worker pages, every chunk they load — at once or later (dialogs, toaster, the other page, photo
 * compression, the scanner) — and their words in the worker's language (another
 * language is stored when the worker switches to it). Built from Vite's manifest, so a new lazy
 * chunk of a worker page is stored without anyone listing it. The manager app is never stored: its
 * entry is not a root of the walk, and of the locale files only the worker pages' namespaces count.
 */

/** One record of dist/web/.vite/manifest.json. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The worker pages' namespaces (their entries and web/src/lib/i18n.ts: common and errors always). */
export const WORKER_NAMESPACES = ['common', 'errors', 'qrScan', 'workTasks'];

const LOCALE_FILE = /(?:^|\/)locales\/([^/]+)\/([^/]+)\.json$/;

/** The web manifests, one per language (docs/decisions/022-offline-worker-app.md "Install"). */
export const webManifestPath = (lng: string) => `/manifest-${lng}.webmanifest`;

/** The built files the worker pages may load: their words per language, everything else in `files`. */
export interface WorkerAssets {
  files: string[];
  words: Record<string, string[]>;
}

/** The built chunks of these locale namespaces, per language, as absolute paths. */
export function wordFilesOf(manifest: ViteManifest, namespaces: string[]): Record<string, string[]> {
  const words: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const locale = LOCALE_FILE.exec(key);
    if (locale && namespaces.includes(locale[2])) (words[locale[1]] ??= []).push(`/${chunk.file}`);
  }
  for (const list of Object.values(words)) list.sort();
  return words;
}

/** Every built file the worker pages may load, as absolute paths, in a stable order. */
export function workerAssetsOf(manifest: ViteManifest): WorkerAssets {
  const seen = new Set<string>();
  const files = new Set<string>();
  const words: Record<string, string[]> = {};
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest: no record "${key}"`);
    const locale = LOCALE_FILE.exec(key);
    if (locale) {
      if (WORKER_NAMESPACES.includes(locale[2])) (words[locale[1]] ??= []).push(`/${chunk.file}`);
      return;
    }
    if (!chunk.file.endsWith('.html')) files.add(`/${chunk.file}`);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${f}`);
    for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
  };
  for (const entry of Object.values(WORKER_PAGE_FILES)) visit(entry);
  for (const list of Object.values(words)) list.sort();
  return { files: [...files].sort(), words };
}

/** The service worker's lists: what every phone stores, and each language's words on top. */
export interface PrecacheLists {
  files: string[];
  words: Record<string, string[]>;
}

/**
 * Pages, chunks, the favicon, every language's web manifest and `extras` — files Vite's manifest does
 * not name (the icons, the unit page's first script); the words by language.
 */
export function precacheList(manifest: ViteManifest, extras: string[]): PrecacheLists {
  const assets = workerAssetsOf(manifest);
  const missing = LOCALES.filter((lng) => (assets.words[lng]?.length ?? 0) < WORKER_NAMESPACES.length);
  if (missing.length) throw new Error(`Vite manifest: the worker pages' words are missing for ${missing.join(', ')}`);
  return {
    files: [
      ...Object.values(WORKER_PAGE_FILES).map((f) => `/${f}`),
      ...assets.files,
      '/favicon.svg',
      ...extras,
      ...LOCALES.map(webManifestPath),
    ],
    words: assets.words,
  };
}

/** The service worker's address: it stores the words of the language it is registered for. */
export const serviceWorkerUrl = (lng: string) => `/sw.js?${new URLSearchParams({ lng })}`;
