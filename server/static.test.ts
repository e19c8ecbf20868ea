import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helpers.ts';
import { workerPageFile } from '#contract/worker-pages.ts';
import { CRAWLABLE_PAGES } from './plugins/static.ts';

let ctx: TestContext;
let webRoot: string;
const script = `console.log(${JSON.stringify('שלב '.repeat(2000))});`;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webRoot, 'qr-scan.html'), '<!doctype html><div id="root" data-entry="qr-scan"></div>');
  fs.writeFileSync(path.join(webRoot, 'work-tasks.html'), '<!doctype html><div id="root" data-entry="work-tasks"></div>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(webRoot, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`);
  fs.writeFileSync(path.join(webRoot, 'manifest-he.webmanifest'), JSON.stringify({ name: 'שלב', start_url: '/qr-scan' }));
  // What vite copies from web/public into every build.
  fs.copyFileSync('web/public/favicon.ico', path.join(webRoot, 'favicon.ico'));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress-assets.ts', webRoot]);
  ctx = await createTestApp({ config: { webRoot } });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends assets compressed (brotli, else gzip) and cached for good', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("serves the app's index for its routes and JSON 404 for unknown API paths", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/task-scheduling' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('message');
  });

  it('serves each worker page its own small entry, never the signed-in app', async () => {
    for (const [url, entry] of [
      ['/qr-scan?qrId=abc', 'qr-scan'],
      ['/work-tasks/7d0f3c1e-0000-4000-8000-000000000000?workerName=Dana', 'work-tasks'],
      ['/work-tasks', 'work-tasks'],
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`data-entry="${entry}"`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const other = await ctx.app.inject({ method: 'GET', url: '/qr-scanner' });
    expect(other.body).not.toContain('data-entry');
  });

  it('sends the service worker fresh on every check, as JavaScript, and the web manifest as one', async () => {
    // docs/decisions/022-offline-worker-app.md: a cached sw.js would keep phones on an old version.
    for (const encoding of ['gzip, br', undefined]) {
      const sw = await ctx.app.inject({ method: 'GET', url: '/sw.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['cache-control']).toBe('no-cache');
      expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    }
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest-he.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('lets the worker pages register their service worker and web manifest under the CSP', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/qr-scan' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
  });

  it("answers /favicon.ico with the icon, not the app's page", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file: reserved 0, type 1 (icon), then the number of images.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
    expect(res.rawPayload.equals(fs.readFileSync('web/public/favicon.ico'))).toBe(true);
  });

  it('names the icon in the page around every HTML entry', () => {
    const template = fs.readFileSync('web/page-template.html', 'utf8');
    expect(template).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
    expect(template).toMatch(/<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"/);
    expect(fs.existsSync('web/public/favicon.svg')).toBe(true);
  });

  it("answers 404, not the app's page, for a file that is not there", async () => {
    for (const url of ['/apple-touch-icon.png', '/sitemap.xml', '/assets/gone-123.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});

describe('robots.txt', () => {
  const rules = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body.split('\n').filter((line) => /^(allow|disallow):/i.test(line));
  };

  it('closes the whole site to crawlers except the bare worker entry pages', async () => {
    const lines = await rules();
    expect(lines).toContain('Disallow: /');
    expect(lines.filter((line) => line.startsWith('Allow:'))).toEqual(CRAWLABLE_PAGES.map((page) => `Allow: ${page}$`));
    expect(CRAWLABLE_PAGES.map((page) => workerPageFile(page))).toEqual(['qr-scan.html', 'work-tasks.html']);
  });

  it('is plain text even without a built web app', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('Disallow: /');
    } finally {
      await bare.close();
    }
  });
});
