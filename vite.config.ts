import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { workerPageFile } from './contract/worker-pages.ts';

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

/**
 * Each HTML entry (index.html, qr-scan.html, work-tasks.html) holds only its script tag; the page
 * around it — head, splash painted before any script arrives — is web/page-template.html, once.
 */
function htmlPages(): Plugin {
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
        return template.replace('<!--entry-->', script);
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
  /\/web\/src\/worker-app\/worker-shell\.tsx$/,
  /\/web\/src\/lib\/(api|error-text|i18n|i18n-react|idle|navigation|offline-photos|offline-store|resource|outbox|use-inactivity|worker-memory)\.tsx?$/,
  /\/web\/src\/components\/(language-select|outbox-panel|outbox-saved-note|ui\/(button|field|icons|spinner|toast))\.tsx?$/,
  /\/contract\/(constants|project-types|worker-pages|worker-rules)\.ts$/,
];

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), htmlPages(), workerPagesInDev()],
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
