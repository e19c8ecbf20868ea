import { expect, test, devices, type Page } from '@playwright/test';
import { registerViaApi, signInViaApi } from './helpers.ts';

/**
 * The worker pages open with no signal (docs/product.md "Working without signal",
 * docs/decisions/022-offline-worker-app.md): after one visit online, the service worker has stored
 * both pages and everything they load; the manager app is never served offline.
 */

/** Waits until the service worker is active and its cache holds both worker pages; returns how many files it stored. */
async function waitForOfflineReady(page: Page): Promise<number> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const stored = await page.waitForFunction(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('shalav-worker-'));
    if (names.length !== 1) return 0;
    const cache = await caches.open(names[0]);
    const ok = (await cache.match('/qr-scan.html')) && (await cache.match('/work-tasks.html'));
    return ok ? (await cache.keys()).length : 0;
  });
  return (await stored.jsonValue()) as number;
}

test('after one visit online, both worker pages open offline; the manager app does not', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const account = await registerViaApi(page);
  await signInViaApi(page, account.username, account.password);
  const unit = await (await page.request.post('/api/rooms', { data: { number: 'B7' } })).json();
  const facility = await (await page.request.get('/api/user/facility')).json();

  const context = await browser.newContext({ ...devices['Pixel 5'], locale: 'he-IL' });
  const w = await context.newPage();
  await w.goto(`/qr-scan?qrId=${encodeURIComponent(facility.uniqueQrId as string)}`);
  await expect(w.getByRole('heading', { name: 'בחרו שפה' })).toBeVisible();
  expect(await waitForOfflineReady(w)).toBeGreaterThan(40);

  await context.setOffline(true);

  await w.goto('/qr-scan');
  await expect(w.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(w.getByRole('heading', { name: 'בחרו שפה', level: 1 })).toBeVisible();
  // Every language's words are stored: the worker may switch language with no signal.
  await w.getByRole('button', { name: 'አማርኛ' }).click();
  await expect(w.getByRole('banner')).toContainText('ሥራ ጀምር');
  await expect(w.locator('html')).toHaveAttribute('dir', 'ltr');

  await w.goto(`/work-tasks/${unit.id}?workerName=${encodeURIComponent('יוסי')}`);
  await expect(w).toHaveURL(new RegExp(`/work-tasks/${unit.id}`));
  // The page itself, in the language chosen offline (what it shows of the unit is the page's part).
  await expect(w.locator('html')).toHaveAttribute('lang', 'am');
  await expect(w.getByRole('heading', { level: 1 })).toBeVisible();

  // The manager app is not stored: offline it is the browser's own error, not a page of the app.
  await expect(w.goto('/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);

  await context.close();
});
