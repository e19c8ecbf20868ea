import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/constants.ts';
import { precacheList, wordFilesOf, workerAssetsOf, type ViteManifest } from './precache-list.ts';

const locales = (namespaces: string[]) =>
  Object.fromEntries(
    LOCALES.flatMap((lng) =>
      namespaces.map((ns) => [`src/locales/${lng}/${ns}.json`, { file: `assets/${ns}-${lng}.js`, isDynamicEntry: true }]),
    ),
  );

// The shape of a real build: the worker kit is shared with the manager app and can load every
// locale file (one glob in web/src/lib/i18n.ts); the manager entry reaches pages of its own.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/main-1.js',
    isEntry: true,
    imports: ['_worker-kit.js', '_src.js'],
    dynamicImports: ['src/features/rooms/pages/room-map-page.tsx'],
  },
  'qr-scan.html': { file: 'assets/qr-scan-1.js', isEntry: true, imports: ['_src.js', '_qr-scan-page.js', '_worker-kit.js'] },
  'work-tasks.html': { file: 'assets/work-tasks-1.js', isEntry: true, imports: ['_src.js', '_work-tasks-page.js', '_worker-kit.js'] },
  '_src.js': { file: 'assets/src-1.js', css: ['assets/src-1.css'] },
  '_worker-kit.js': {
    file: 'assets/worker-kit-1.js',
    dynamicImports: [
      '_qr-scan-page.js',
      '_work-tasks-page.js',
      '_toaster.js',
      ...Object.keys(locales(['common', 'errors', 'qrScan', 'workTasks', 'rooms', 'admin'])),
    ],
  },
  '_qr-scan-page.js': { file: 'assets/qr-scan-page-1.js', imports: ['_worker-kit.js'], dynamicImports: ['_qr-scanner.js'] },
  '_qr-scanner.js': { file: 'assets/qr-scanner-1.js', dynamicImports: ['_qr-scanner-worker.js'] },
  '_qr-scanner-worker.js': { file: 'assets/qr-scanner-worker-1.js' },
  '_work-tasks-page.js': {
    file: 'assets/work-tasks-page-1.js',
    imports: ['_worker-kit.js'],
    dynamicImports: ['src/features/work-tasks/components/photo-dialog.tsx'],
    assets: ['assets/browser-image-compression-worker-1.js'],
  },
  'src/features/work-tasks/components/photo-dialog.tsx': {
    file: 'assets/photo-dialog-1.js',
    isDynamicEntry: true,
    imports: ['_dialog.js', '_worker-kit.js'],
  },
  '_dialog.js': { file: 'assets/dialog-1.js' },
  '_toaster.js': { file: 'assets/toaster-1.js' },
  'src/features/rooms/pages/room-map-page.tsx': { file: 'assets/room-map-page-1.js', isDynamicEntry: true, imports: ['_dialog.js'] },
  ...locales(['common', 'errors', 'qrScan', 'workTasks', 'rooms', 'admin']),
};

describe('the worker pages precache list', () => {
  it('holds both pages and every chunk they load, at once or later, with their CSS and worker files', () => {
    const list = precacheList(manifest, ['/icons/icon-192.png']).files;
    expect(list.slice(0, 2)).toEqual(['/qr-scan.html', '/work-tasks.html']);
    for (const file of [
      '/assets/qr-scan-1.js',
      '/assets/work-tasks-1.js',
      '/assets/worker-kit-1.js',
      '/assets/src-1.js',
      '/assets/src-1.css',
      '/assets/qr-scan-page-1.js',
      '/assets/work-tasks-page-1.js',
      '/assets/qr-scanner-1.js',
      '/assets/qr-scanner-worker-1.js',
      '/assets/photo-dialog-1.js',
      '/assets/dialog-1.js',
      '/assets/toaster-1.js',
      '/assets/browser-image-compression-worker-1.js',
      '/favicon.svg',
      '/icons/icon-192.png',
    ]) {
      expect(list, file).toContain(file);
    }
    expect(new Set(list).size).toBe(list.length);
  });

  it("holds the worker pages' words apart for each of the seven languages, and a web manifest for each", () => {
    const { files, words } = precacheList(manifest, []);
    for (const lng of LOCALES) {
      expect(words[lng], lng).toEqual(['common', 'errors', 'qrScan', 'workTasks'].map((ns) => `/assets/${ns}-${lng}.js`).sort());
      expect(files).toContain(`/manifest-${lng}.webmanifest`);
    }
    // A phone stores one language's words, not seven.
    expect(files.filter((f) => /\/(common|errors|qrScan|workTasks)-/.test(f))).toEqual([]);
  });

  it("refuses a build where a language lacks some of the worker pages' words", () => {
    const dropped = 'src/locales/am/qrScan.json';
    const kit = manifest['_worker-kit.js'];
    const rest = { ...manifest, '_worker-kit.js': { ...kit, dynamicImports: kit.dynamicImports?.filter((k) => k !== dropped) } };
    expect(() => precacheList(rest, [])).toThrow(/missing for am/);
  });

  it("never holds the manager app: its entry, its pages or its pages' words", () => {
    const assets = [...workerAssetsOf(manifest).files, ...Object.values(workerAssetsOf(manifest).words).flat()];
    expect(assets).not.toContain('/assets/main-1.js');
    expect(assets).not.toContain('/assets/room-map-page-1.js');
    expect(assets.filter((f) => /\/(rooms|admin)-/.test(f))).toEqual([]);
    expect(precacheList(manifest, []).files).not.toContain('/index.html');
  });

  it('refuses a manifest that names a chunk it does not hold, rather than store an incomplete app', () => {
    expect(() => workerAssetsOf({ ...manifest, '_toaster.js': undefined as never })).toThrow(/_toaster\.js/);
  });

  it("names each language's chunks of the namespaces asked for, and only those (the unit page's first script)", () => {
    const words = wordFilesOf(manifest, ['common', 'workTasks']);
    expect(Object.keys(words).sort()).toEqual([...LOCALES].sort());
    expect(words.he).toEqual(['/assets/common-he.js', '/assets/workTasks-he.js']);
    expect(
      Object.values(words)
        .flat()
        .filter((f) => !/\/(common|workTasks)-/.test(f)),
    ).toEqual([]);
  });
});
