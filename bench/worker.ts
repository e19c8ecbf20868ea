/**
 * The worker pages (issue: worker flow):
 * 1. initial JavaScript of /qr-scan and /work-tasks/{id} (gzip) beside the manager map's — goal ≤ 100 KB,
 *    none of the manager code;
 * 2. Lighthouse mobile performance score of both worker pages on the built app — goal ≥ 95, measured
 *    before 3 so that the load does not share the CPU with it — beside
 *    a page of React alone (bench/lighthouse-baseline) showing the same task list, served by a bare
 *    Fastify in the same run: what this machine's CPU allows any React page;
 * 4. everything a phone downloads before the worker app opens offline (the service worker's precache
 *    list, docs/decisions/022-offline-worker-app.md) — goal ≤ 250 KB gzip — and sw.js itself;
 * 3. GET /api/scheduled-tasks-public throughput beside a bare Fastify route running the same query
 *    on the same database — goal ≥ 0.6×.
 * Needs `npm run build` first (dist/web).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import os from 'node:os';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { build as viteBuild } from 'vite';
import { htmlPages } from '../vite.config.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { projects, tasks, units } from '../server/db/schema/index.ts';
import { listUnitTasksPublic } from '../server/modules/worker/worker.queries.ts';
import { defaultTaskRows } from '#contract/default-tasks.ts';
import { DEFAULT_PROJECT_TIME_ZONE, projectToday } from '../server/lib/calendar.ts';
import { fmt, load, loadAlternating, openBenchDatabases } from './lib.ts';
import type { Db } from '../server/db/client.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Units the load is spread over: at ~2,000 requests a second, each unit stays under its per-minute list limit. */
const UNITS = 300;
const webRoot = path.resolve('dist/web');
const manifestFile = path.join(webRoot, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.log('worker bench: dist/web is not built (run `npm run build` first)');
  process.exit(1);
}

// 1. Initial JavaScript: an HTML entry's script with everything it imports statically (what the page
// downloads before it can run; chunks it fetches later, such as dialogs, are not counted).
type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    closure(manifest[k].imports ?? [], seen);
  }
  return seen;
}
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(webRoot, file)), { level: 9 }).length;
/** What the server actually sends to a browser that accepts brotli (the .br beside the asset). */
const brotliSize = (file: string) => {
  const br = path.join(webRoot, `${file}.br`);
  return fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(path.join(webRoot, file)).size;
};
/** Classic scripts an HTML page names itself (the unit page's first requests, decision 025): not in Vite's manifest. */
const classicScripts = (html: string) =>
  [...fs.readFileSync(path.join(webRoot, html), 'utf8').matchAll(/<script (?:async )?src="\/([^"]+)"/g)].map((m) => m[1]);
function initialJs(keys: string[]) {
  for (const k of keys) if (!manifest[k]) throw new Error(`no chunk for ${k}`);
  const files = [
    ...keys.filter((k) => k.endsWith('.html')).flatMap(classicScripts),
    ...[...closure(keys)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')),
  ];
  return { files, gzip: files.reduce((sum, f) => sum + gzipSize(f), 0), brotli: files.reduce((sum, f) => sum + brotliSize(f), 0) };
}
const pages = {
  '/qr-scan': initialJs(['qr-scan.html']),
  '/work-tasks/{id}': initialJs(['work-tasks.html']),
  // The signed-in app's entry plus the map page's chunk (a lazy route, fetched at once on "/").
  '/ (manager map)': initialJs(['index.html', Object.keys(manifest).find((k) => k.endsWith('features/rooms/pages/room-map-page.tsx'))!]),
};
console.log('\nInitial JavaScript (gzip, level 9) — goal for worker pages ≤ 100 KB');
console.log('page                 |   KB gz | KB sent (br) | files');
for (const [name, r] of Object.entries(pages))
  console.log(`${name.padEnd(20)} | ${fmt(r.gzip / 1024)} |     ${fmt(r.brotli / 1024)} | ${r.files.length}`);
const workerFiles = new Set([...pages['/qr-scan'].files, ...pages['/work-tasks/{id}'].files]);
const managerOnly = pages['/ (manager map)'].files.filter((f) => !workerFiles.has(f));
console.log(
  `ratio worker/manager: ${(pages['/work-tasks/{id}'].gzip / pages['/ (manager map)'].gzip).toFixed(2)}; manager chunks not loaded by worker pages: ${managerOnly.length} (${managerOnly.join(', ')})`,
);
// The source maps name every module in a chunk: the worker pages must carry no router, no query cache.
const heavy = [...workerFiles].flatMap((f) => {
  const map = path.join(webRoot, `${f}.map`);
  const sources = fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  return sources.filter((src) => /node_modules\/(react-router|@tanstack|@radix-ui\/react-(dialog|toast))\//.test(src));
});
console.log(
  `worker pages load React Router, React Query or Radix dialogs/toasts up front: ${heavy.length ? `YES (${[...new Set(heavy.map((x) => x.split('node_modules/')[1].split('/dist')[0]))].join(', ')})` : 'no'}`,
);

// 4. Offline: the service worker stores this list at install (written by vite.config.ts, workerOffline).
const precacheFile = path.join(webRoot, '.vite/precache.json');
if (fs.existsSync(precacheFile)) {
  const { files: shared, words } = JSON.parse(fs.readFileSync(precacheFile, 'utf8')) as {
    files: string[];
    words: Record<string, string[]>;
  };
  // What a Hebrew-speaking worker's phone stores: everything shared, and the Hebrew words.
  const files = [...shared, ...words.he];
  const sizes = files.map((url) => ({ url, gzip: gzipSize(url.slice(1)), brotli: brotliSize(url.slice(1)) }));
  const sum = (key: 'gzip' | 'brotli') => sizes.reduce((total, s) => total + s[key], 0);
  const wordsOf = (lng: string) => words[lng].reduce((total, url) => total + gzipSize(url.slice(1)), 0);
  console.log('\nOffline worker app: everything stored before it works with no signal — goal ≤ 250 KB gzip');
  console.log(`precache (he)        | ${fmt(sum('gzip') / 1024)} |     ${fmt(sum('brotli') / 1024)} | ${files.length}`);
  console.log(
    `words per language (KB gz, stored on top when the worker switches): ${Object.keys(words)
      .map((lng) => `${lng} ${fmt(wordsOf(lng) / 1024).trim()}`)
      .join(', ')}`,
  );
  console.log(`sw.js                | ${fmt(gzipSize('sw.js') / 1024)} |     ${fmt(brotliSize('sw.js') / 1024)} | 1`);
  console.log(
    `largest: ${[...sizes]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((s) => `${s.url} ${fmt(s.gzip / 1024).trim()} KB`)
      .join(', ')}`,
  );
} else {
  console.log('\nOffline worker app: dist/web/.vite/precache.json missing (built without the service worker?)');
}

// 3 (and the data for 2). One project, one unit with the seven stages.
async function seed(db: Db) {
  const today = projectToday({ timezone: DEFAULT_PROJECT_TIME_ZONE }, new Date());
  const [project] = await db
    .insert(projects)
    .values({ name: 'Bench', qrId: `bench-${Date.now()}-${Math.random()}`, billingAnchor: today })
    .returning();
  // Many units: the task list is limited per unit (a crew's worth a minute), and the load must
  // measure the route, not that limit.
  const all = await db
    .insert(units)
    .values(Array.from({ length: UNITS }, (_, i) => ({ projectId: project.id, number: `A${101 + i}`, floor: 1 })))
    .returning();
  await db.insert(tasks).values(all.flatMap((u) => defaultTaskRows().map((s) => ({ ...s, projectId: project.id, unitId: u.id }))));
  return { project, unit: all[0], units: all, today };
}

/** The baseline page for Lighthouse, built like the app (minified, brotli beside each script). */
async function buildBaseline(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-lighthouse-baseline-'));
  await viteBuild({
    configFile: false,
    root: path.resolve('bench/lighthouse-baseline'),
    plugins: [htmlPages()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  for (const f of fs.readdirSync(path.join(outDir, 'assets')))
    fs.writeFileSync(path.join(outDir, 'assets', `${f}.br`), zlib.brotliCompressSync(fs.readFileSync(path.join(outDir, 'assets', f))));
  return outDir;
}
const baselineDir = Number(process.env.LIGHTHOUSE_RUNS ?? 5) > 0 ? await buildBaseline() : undefined;

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot };
let lighthouseDone = false;
let loadHeader = false;
for (const { name, database, drop } of await openBenchDatabases()) {
  const { project, unit, units: all } = await seed(database.db);
  const pick = () => all[Math.floor(Math.random() * all.length)].id;
  const app = await buildApp({ config: { ...config, publicUrl: 'http://127.0.0.1' }, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { id: string } }>('/tasks/:id', async (request) =>
    listUnitTasksPublic(database.db, { unitId: request.params.id, date: undefined, now: new Date() }),
  );
  if (baselineDir && !lighthouseDone) {
    // The baseline page: React alone, with the same task list from the same query.
    bare.get<{ Params: { id: string } }>('/api/scheduled-tasks-public/:id', async (request) =>
      listUnitTasksPublic(database.db, { unitId: request.params.id, date: undefined, now: new Date() }),
    );
    await bare.register(fastifyStatic, { root: baselineDir, preCompressed: true });
    bare.get('/unit/:id', (_request, reply) => reply.sendFile('index.html'));
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  // Lighthouse first, on a machine not still busy with the load below (its scores are CPU-bound).
  if (!lighthouseDone) {
    lighthouseDone = true;
    await runLighthouse([
      `${appUrl}/qr-scan?qrId=${encodeURIComponent(project.qrId)}`,
      `${appUrl}/work-tasks/${unit.id}?workerName=Bench%20Worker`,
      ...(baselineDir ? [`${bareUrl}/unit/${unit.id}`] : []),
    ]);
  }
  if (!loadHeader) {
    loadHeader = true;
    console.log(
      `\nGET /api/scheduled-tasks-public/{unit} — ${SECONDS} s each, in 10 alternating windows after 2 s warm-up, 8 concurrent clients — goal ratio ≥ 0.6`,
    );
    console.log('database    | route            |    req/s |  p50 ms |  p99 ms');
  }
  // The worker routes are rate-limited per client; each bench client gets its own address.
  const [a, b] = await loadAlternating(
    (seconds) => load(() => `${appUrl}/api/scheduled-tasks-public/${pick()}`, {}, seconds, 8, true),
    (seconds) => load(() => `${bareUrl}/tasks/${pick()}`, {}, seconds),
    SECONDS,
  );
  console.log(`${name.padEnd(11)} | Shalav route     | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)}`);
  console.log(`${name.padEnd(11)} | bare Fastify+SQL | ${fmt(b.rps)} | ${fmt(b.p50)} | ${fmt(b.p99)}`);
  console.log(`${name.padEnd(11)} | ratio app/bare   | ${fmt(a.rps / b.rps, 2)} |`);

  await app.close();
  await bare.close();
  await drop();
}
if (baselineDir) fs.rmSync(baselineDir, { recursive: true, force: true });

// 2. Lighthouse, mobile preset (throttled 4G, mid-range phone), Debian's Chromium.
async function runLighthouse(urls: string[]) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // Lighthouse's own advice: scores vary run to run, so report the median of several runs.
    const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
    console.log(`\nLighthouse mobile performance (median of ${RUNS} runs) — goal ≥ 95`);
    for (const url of urls) {
      const { pathname } = new URL(url);
      const label = pathname.startsWith('/unit/') ? 'baseline: React alone, same task list' : pathname.replace(/[0-9a-f-]{36}$/, '{id}');
      const runs: { score: number; fcp: number; lcp: number; tbt: number }[] = [];
      // A run Lighthouse could not record (no trace) has no score: it is said and run again, at most RUNS more times.
      for (let attempt = 0; runs.length < RUNS && attempt < 2 * RUNS; attempt++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        const lhr = result!.lhr;
        if (lhr.runtimeError) {
          console.log(`  ${label}: Lighthouse could not measure (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
          continue;
        }
        const ms = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: ms('first-contentful-paint'),
          lcp: ms('largest-contentful-paint'),
          tbt: ms('total-blocking-time'),
        });
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      console.log(
        `${label.padEnd(50)} | score ${median(runs.map((r) => r.score))} (runs ${runs.map((r) => r.score).join(' ')}) | FCP ${(median(runs.map((r) => r.fcp)) / 1000).toFixed(1)} s | LCP ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(1)} s | TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms`,
      );
    }
  } finally {
    await chrome.kill();
  }
}
