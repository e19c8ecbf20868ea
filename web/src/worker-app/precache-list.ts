import { LOCALES } from '../../../contract/constants.ts';
import { WORKER_PAGE_FILES } from '../../../contract/worker-pages.ts';

/**
 * What the service worker stores at install (docs/decisions/022-offline-worker-app.md): the two
 * worker pages, every chunk they load — at once or later (dialogs, toaster, the other page, photo
 * compression and its worker, the scanner) — and their words in every language. Built from Vite's
 * manifest, so a new lazy chunk of a worker page is stored without anyone listing it. The manager
 * app is never stored: its entry is not a root of the walk, and of the locale files every page can
 * load only the worker pages' namespaces are kept.
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

/** Every built file the worker pages may load, as absolute paths, in a stable order. */
export function workerAssetsOf(manifest: ViteManifest): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest: no record "${key}"`);
    const locale = LOCALE_FILE.exec(key);
    if (locale && !WORKER_NAMESPACES.includes(locale[2])) return;
    if (!chunk.file.endsWith('.html')) files.add(`/${chunk.file}`);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${f}`);
    for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
  };
  for (const entry of Object.values(WORKER_PAGE_FILES)) visit(entry);
  return [...files].sort();
}

/** The service worker's whole list: pages, chunks, the favicon, icons and every language's web manifest. */
export function precacheList(manifest: ViteManifest, icons: string[]): string[] {
  return [
    ...Object.values(WORKER_PAGE_FILES).map((f) => `/${f}`),
    ...workerAssetsOf(manifest),
    '/favicon.svg',
    ...icons,
    ...LOCALES.map(webManifestPath),
  ];
}
