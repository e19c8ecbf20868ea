/**
 * The progress matrix in a real browser (docs/product.md "Progress matrix"): 2,000 units × 7 stages
 * on the built app (npm run build first), Debian's Chromium. Prints the time from navigation to the
 * first rows on screen (median of 5 loads) beside the time the same page needs to fetch its data
 * alone, and the frame times while the grid scrolls at a fast flick's speed — goal: on screen ≤ 1 s,
 * scrolling at 60 frames a second (p95 frame ≤ 17 ms). Embedded database only: the browser's work
 * is what is measured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { chromiumLaunch } from '../playwright.config.ts';
import { fmt, openBenchDatabases, seedMap } from './lib.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 2000);
const LOADS = 5;
const webRoot = path.resolve('dist/web');
if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error('bench/progress-matrix.ts: run npm run build first');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const [lite, ...others] = await openBenchDatabases();
for (const other of others) await other.drop();
const { username } = await seedMap(lite.database.db, UNITS);
const app = await buildApp({ config: { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot }, database: lite.database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const browser = await chromium.launch(chromiumLaunch);
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { data: { username, password: 'bench1234' } });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);
  await page.goto('/');
  await page.getByTestId('facility-name').waitFor();

  const onScreen: number[] = [];
  const fetchOnly: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const started = performance.now();
    await page.goto('/progress-matrix');
    await page.getByTestId('progress-row').first().waitFor();
    onScreen.push(performance.now() - started);
    fetchOnly.push(
      (await page.evaluate(
        `(async () => { const t0 = performance.now(); await (await fetch('/api/progress-matrix')).json(); return performance.now() - t0; })()`,
      )) as number,
    );
  }
  const rows = await page.getByTestId('progress-row').count();

  // Scroll the grid at a fast flick's speed (4,000 px a second, about 90 rows) for 3 s, one step per
  // frame, recording each frame's length.
  // A string, not a function: tsx would add helpers the page does not have.
  const frames = (await page.evaluate(`(async () => {
    const scroller = document.querySelector('[data-testid="progress-scroller"]');
    const gaps = [];
    const start = performance.now();
    let last = start;
    await new Promise((done) => {
      const step = (now) => {
        gaps.push(now - last);
        last = now;
        const elapsed = now - start;
        scroller.scrollTop = Math.min(scroller.scrollHeight, elapsed * 4);
        if (elapsed < 3000) requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame(step);
    });
    return gaps.slice(1).sort((a, b) => a - b);
  })()`)) as number[];
  const p95 = frames[Math.floor(frames.length * 0.95)];

  console.log(`\nProgress matrix in Chromium — ${UNITS} units × 7 stages (rows drawn at once: ${rows})`);
  console.log('measure                                     |       ms | goal');
  console.log(
    `on screen after navigation (median of ${LOADS})    | ${fmt(median(onScreen))} | ${median(onScreen) <= 1000 ? 'ok' : 'over 1 s'}`,
  );
  console.log(`baseline: fetch the matrix alone (median)   | ${fmt(median(fetchOnly))} |`);
  console.log(`${`scrolling: p95 frame (${frames.length} frames)`.padEnd(43)} | ${fmt(p95)} | ${p95 <= 17 ? 'ok' : 'over 17 ms'}`);
} finally {
  await browser.close();
  await app.close();
  await lite.drop();
}
