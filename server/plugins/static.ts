import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { workerPageFile } from '#contract/worker-pages.ts';

/**
 * The worker pages' bare entry addresses, the only pages a search engine may fetch. With a unit or
 * QR id (or a worker's name in the query) an address is a capability (docs/product.md "Worker
 * pages"): `$` ends each pattern there, and everything else, the signed-in app included, is closed.
 */
export const CRAWLABLE_PAGES = ['/qr-scan', '/work-tasks'];

export const ROBOTS_TXT = ['User-agent: *', ...CRAWLABLE_PAGES.map((page) => `Allow: ${page}$`), 'Disallow: /', ''].join('\n');

/** A path naming a file (`/favicon.ico`, `/apple-touch-icon.png`): never one of the app's screens. */
const isFilePath = (url: string) => /\.[A-Za-z0-9]+$/.test(url.slice(url.lastIndexOf('/') + 1));

/**
 * The built web app in `webRoot` (dist/web, absent in most tests): pre-compressed assets cached for
 * good, the HTML entries and the rest (favicon.ico and the icons from web/public) checked on each
 * visit, and the single-page app's index for its routes.
 */
export async function registerStaticFiles(app: FastifyInstance, webRoot: string | undefined) {
  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
  const hasWeb = webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // dist/web has .br/.gz beside each asset (scripts/compress-assets.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // The worker pages are HTML entries of their own (docs/decisions/009-worker-entries.md).
    const page = workerPageFile(url);
    const notFound =
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/objects/') ||
      request.method !== 'GET' ||
      !hasWeb ||
      (!page && isFilePath(url));
    if (notFound) return reply.status(404).send({ code: 'not_found', message: `Not found: ${request.method} ${url}` });
    // The single-page app owns every other path (its router shows "404 Page Not Found").
    return reply.header('cache-control', 'no-cache').sendFile(page && fs.existsSync(path.join(webRoot, page)) ? page : 'index.html');
  });
}
