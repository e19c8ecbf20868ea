import { expect, devices, type Browser, type Page } from '@playwright/test';
import { defaultTaskRows, DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { LOCALES } from '#contract/constants.ts';
import { registerViaApi, signIn } from './helpers.ts';
import { budget } from '../test-budget.ts';

/* What the worker journeys share: a project with stages, a phone, a photo. */

/** A small real JPEG (a 64×48 grey image), made by the browser so no binary lives in the repo. */
export async function makeJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#8899aa';
    ctx.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

/** A manager's project with units (A101 unless told) and the seven default stages on each; the manager stays signed in on `page`. */
export async function projectWithStages(page: Page, numbers = ['A101']) {
  const account = await registerViaApi(page);
  await signIn(page, account.username, account.password);
  const translations = (i: number) => Object.fromEntries(LOCALES.map((l) => [l, DEFAULT_INSPECTION_TASKS[i].text[l]]));
  const stages = defaultTaskRows().map((s, i) => ({
    name: s.name,
    description: s.description,
    estimatedMinutes: s.estimatedMinutes,
    requiresPhoto: s.requiresPhoto,
    recurrence: 'once',
    translations: translations(i),
  }));
  const units: { id: string; number: string }[] = [];
  for (const number of numbers) {
    const unit = await (await page.request.post('/api/rooms', { data: { number } })).json();
    expect((await page.request.post('/api/task-schedules', { data: { roomId: unit.id, taskTemplates: stages } })).status()).toBe(201);
    units.push(unit);
  }
  const facility = await (await page.request.get('/api/user/facility')).json();
  return { unit: units[0], units, qrId: facility.uniqueQrId as string };
}

export async function phone(browser: Browser, locale = 'he-IL') {
  const context = await browser.newContext({ ...devices['Pixel 5'], locale });
  return { context, page: await context.newPage() };
}

/**
 * Waits until the service worker is active with `lng`'s words stored beside both worker pages
 * (its cache is named after the language); returns how many files that cache holds.
 */
export async function waitForOfflineReady(page: Page, lng: string): Promise<number> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const stored = () =>
    page.evaluate(async (lng) => {
      const name = (await caches.keys()).find((n) => n.startsWith('shalav-worker-') && n.endsWith(`-${lng}`));
      if (!name || navigator.serviceWorker.controller?.scriptURL.endsWith(`lng=${lng}`) !== true) return 0;
      const cache = await caches.open(name);
      const ok = (await cache.match('/qr-scan.html')) && (await cache.match('/work-tasks.html'));
      return ok ? (await cache.keys()).length : 0;
    }, lng);
  await expect.poll(stored, { timeout: budget(30_000) }).toBeGreaterThan(0);
  return stored();
}
