import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, transformWithOxc, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { workerPageFile, WORKER_PAGE_FILES } from './contract/worker-pages.ts';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES } from './contract/constants.ts';
import { precacheList, webManifestPath, wordFilesOf, type ViteManifest } from './web/src/worker-app/precache-list.ts';
import { WORK_TASKS_NAMESPACES } from './web/src/features/work-tasks/api/first-load.ts';

/**
 * The worker pages are HTML entries of their own (docs/decisions/009-worker-entries.md). The server
 * sends them for /qr-scan and /work-tasks/{id}; this does the same in `vite` dev.
 */
function workerPagesInDev(): Plugin {
  return {
    name: 'shalav-worker-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '/').split('?');
        const page = workerPageFile(pathname);
        if (page) req.url = `/${page}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/** The worker pages' icons in web/public/icons (docs/decisions/022-offline-worker-app.md "Install"). */
const ICONS = [
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The unit page's first script (docs/decisions/025-first-requests.md): web/src/worker-app/first-requests-main.ts
 * built alone as a classic script, named in work-tasks.html before the worker kit (async: it runs
 * as soon as it arrives, and its requests travel while the kit downloads). Returns its address.
 */
async function addFirstRequests(outDir: string, manifest: ViteManifest): Promise<string> {
  const built = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { __WORK_TASKS_WORDS__: JSON.stringify(wordFilesOf(manifest, WORK_TASKS_NAMESPACES)) },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: fileURLToPath(new URL('./web/src/worker-app/first-requests-main.ts', import.meta.url)),
        formats: ['iife'],
        name: 'shalavFirst',
      },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const [output] = Array.isArray(built) ? built : [built];
  const chunk = output.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk || output.output.length !== 1) throw new Error('first-requests-main.ts must build into one script');
  const url = `/assets/first-requests-${crypto.createHash('sha256').update(chunk.code).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(outDir, url), chunk.code);
  const page = path.join(outDir, WORKER_PAGE_FILES.workTasks);
  const html = fs.readFileSync(page, 'utf8');
  const entry = html.indexOf('<script type="module"');
  if (entry < 0) throw new Error(`${WORKER_PAGE_FILES.workTasks}: no entry script`);
  fs.writeFileSync(page, `${html.slice(0, entry)}<script async src="${url}"></script>\n    ${html.slice(entry)}`);
  return url;
}

/**
 * The worker app, installable and opening without signal (docs/decisions/022-offline-worker-app.md):
 * after the build, one web manifest per language (its name in that language, common.json
 * "install") and dist/web/sw.js — web/src/worker-app/service-worker.ts with the precache list read
 * from Vite's manifest and a version that changes whenever any stored file does.
 */
function workerOffline(): Plugin {
  let outDir = '';
  return {
    name: 'shalav-worker-offline',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
      for (const lng of LOCALES) {
        const common = JSON.parse(fs.readFileSync(new URL(`./web/src/locales/${lng}/common.json`, import.meta.url), 'utf8')) as {
          install: { appName: string; shortName: string };
        };
        const webManifest = {
          name: common.install.appName,
          short_name: common.install.shortName,
          lang: lng,
          dir: RTL_LOCALES.includes(lng) ? 'rtl' : 'ltr',
          start_url: '/qr-scan',
          scope: '/',
          display: 'standalone',
          theme_color: '#1d4ed8',
          background_color: '#f8fafc',
          icons: ICONS,
        };
        fs.writeFileSync(path.join(outDir, webManifestPath(lng)), `${JSON.stringify(webManifest, null, 2)}\n`);
      }
      const firstRequests = await addFirstRequests(outDir, manifest);
      const list = precacheList(manifest, [...ICONS.map((i) => i.src), firstRequests]);
      const hash = crypto.createHash('sha256');
      for (const url of [...list.files, ...Object.values(list.words).flat()])
        hash.update(url).update(fs.readFileSync(path.join(outDir, url)));
      const source = fs.readFileSync(new URL('./web/src/worker-app/service-worker.ts', import.meta.url), 'utf8');
      const { code } = await transformWithOxc(source, 'service-worker.ts');
      const version = hash.digest('hex').slice(0, 16);
      const sw = code.replaceAll('__PRECACHE__', JSON.stringify(list)).replaceAll('__VERSION__', JSON.stringify(version));
      if (/\b(import|export)\b/.test(sw)) throw new Error('service-worker.ts must import nothing: it is not bundled');
      fs.writeFileSync(path.join(outDir, 'sw.js'), sw);
      // For bench/worker.ts: what a phone downloads before the worker app works offline.
      fs.writeFileSync(path.join(outDir, '.vite/precache.json'), JSON.stringify({ version, ...list }, null, 2));
    },
  };
}

/**
 * Each HTML entry (index.html, qr-scan.html, work-tasks.html) holds only its script tag; the page
 * around it — head, splash painted before any script arrives — is web/page-template.html, once.
 */
export function htmlPages(): Plugin {
  const template = fs
    .readFileSync(new URL('./web/page-template.html', import.meta.url), 'utf8')
    .replace(/<!--(?!entry-->)[\s\S]*?-->\s*/g, '');
  return {
    name: 'shalav-html-pages',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        const script = /<script\b[^>]*>\s*<\/script>/.exec(html)?.[0];
        if (!script) throw new Error(`${ctx.filename}: no entry <script> for web/page-template.html`);
        // Only the worker pages are an installable app (docs/decisions/022-offline-worker-app.md).
        const isWorkerPage = Object.values(WORKER_PAGE_FILES).includes(path.basename(ctx.filename));
        const page = isWorkerPage
          ? template.replace(
              '</head>',
              `  <link rel="manifest" href="${webManifestPath(DEFAULT_LOCALE)}" />\n    <link rel="apple-touch-icon" href="/icons/icon-192.png" />\n  </head>`,
            )
          : template;
        return page.replace('<!--entry-->', script);
      },
    },
  };
}

/**
 * What every worker page runs (React, i18next, the worker shell and the small shared modules), as one
 * chunk: one request and one gzip stream instead of a dozen small ones (≈ 2 KB less to download).
 * The signed-in app loads it too; the worker pages stay free of everything else.
 */
const WORKER_KIT = [
  /\/node_modules\/(react|react-dom|scheduler|i18next)\//,
  /\/web\/src\/worker-app\/(worker-shell|register-service-worker|precache-list)\.tsx?$/,
  /\/web\/src\/lib\/(api|error-text|i18n|i18n-react|idle|install-prompt|navigation|offline-photos|offline-store|offline-work|resource|outbox|use-inactivity|worker-memory)\.tsx?$/,
  /\/web\/src\/components\/(language-select|language-step|outbox-panel|outbox-saved-note|qr-scanner-button|ui\/(button|field|icons|spinner|toast))\.tsx?$/,
  /\/contract\/(cleaning-types|constants|worker-pages|worker-rules)\.ts$/,
];

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), htmlPages(), workerPagesInDev(), workerOffline()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the worker pages support preloads modules itself: no polyfill in their first download.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: 'web/index.html', 'qr-scan': 'web/qr-scan.html', 'work-tasks': 'web/work-tasks.html' },
      output: { codeSplitting: { groups: [{ name: 'worker-kit', test: (id: string) => WORKER_KIT.some((re) => re.test(id)) }] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:5000', '/objects': 'http://localhost:5000' } },
});
