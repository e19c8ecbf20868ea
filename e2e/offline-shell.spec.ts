import { expect, test, devices } from '@playwright/test';
import { registerViaApi, signInViaApi } from './helpers.ts';
import { waitForOfflineReady } from './worker-helpers.ts';
import { budget } from '../test-budget.ts';

/**
 * The worker pages open with no signal (docs/product.md "Working without signal",
 * docs/decisions/022-offline-worker-app.md): after one visit online, the service worker has stored
 * both pages and everything they load; the manager app is never served offline.
 */

test('after one visit online, both worker pages open offline; the manager app does not', async ({ page, browser }) => {
  test.setTimeout(budget(90_000));
  const account = await registerViaApi(page);
  await signInViaApi(page, account.username, account.password);
  const unit = await (await page.request.post('/api/rooms', { data: { number: 'B7' } })).json();
  const facility = await (await page.request.get('/api/user/facility')).json();

  const context = await browser.newContext({ ...devices['Pixel 5'], locale: 'he-IL' });
  const w = await context.newPage();
  await w.goto(`/qr-scan?qrId=${encodeURIComponent(facility.uniqueQrId as string)}`);
  await expect(w.getByRole('heading', { name: 'בחרו שפה' })).toBeVisible();
  expect(await waitForOfflineReady(w, 'he')).toBeGreaterThan(30);
  // The worker's own language is what the phone stores: choosing Amharic stores Amharic's words too.
  await w.getByRole('button', { name: 'አማርኛ' }).click();
  await expect(w.locator('html')).toHaveAttribute('lang', 'am');
  expect(await waitForOfflineReady(w, 'am')).toBeGreaterThan(30);

  await context.setOffline(true);

  await w.goto('/qr-scan');
  await expect(w.locator('html')).toHaveAttribute('lang', 'am');
  await expect(w.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(w.getByRole('main')).toContainText(/[\u1200-\u137F]{3,}/);

  await w.goto(`/work-tasks/${unit.id}?workerName=${encodeURIComponent('יוסי')}`);
  await expect(w).toHaveURL(new RegExp(`/work-tasks/${unit.id}`));
  // The page itself, in the worker's language (this unit was never opened here: the page says so).
  await expect(w.locator('html')).toHaveAttribute('lang', 'am');
  await expect(w.getByRole('heading', { level: 1 })).toContainText(/[\u1200-\u137F]{3,}/);

  // The manager app is not stored: offline it is the browser's own error, not a page of the app.
  await expect(w.goto('/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);

  await context.close();
});
