import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { makeJpeg, phone, projectWithStages, waitForOfflineReady } from './worker-helpers.ts';
import { budget } from '../test-budget.ts';

/**
 * A worker's day without signal (docs/product.md "Working without signal"), on a phone in Hebrew:
 * one visit online, then the network is cut — the QR page opens, the unit is reached, three stages
 * are completed (one with a photo) and survive a reload; the worker goes back to the QR page; when the network returns everything
 * reaches the server exactly once and the manager's map shows it. The phone behaves like an iPhone:
 * no Background Sync, so nothing may rely on it.
 */

const waitingText = 'ממתין לקליטה – יישלח אוטומטית';
const progress = (page: Page, done: number) => page.getByText(`${done} מתוך 7 הושלמו`);
/** The bar counts stages completed on the phone, marked as waiting to send. */
const progressText = (page: Page) => page.getByTestId('progress-text');

test('the worker app works with the network cut, and everything reaches the server once when it returns', async ({ page, browser }) => {
  test.setTimeout(budget(180_000));
  const { unit, qrId } = await projectWithStages(page, ['A101', 'A102']);

  const worker = await phone(browser);
  const { context } = worker;
  // Like iOS Safari: no Background Sync.
  await context.addInitScript(() => {
    delete (window as { SyncManager?: unknown }).SyncManager;
    if ('ServiceWorkerRegistration' in window) delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
  });
  const w = worker.page;

  // One visit online: the QR page, unit A101, the name; its stages.
  await w.goto(`/qr-scan?qrId=${encodeURIComponent(qrId)}`);
  await w.getByRole('button', { name: 'עברית' }).click();
  await w.getByLabel('מספר דירה').fill('A101');
  await expect(w.getByText('נבחר: A101')).toBeVisible();
  await w.getByLabel('שם פרטי').fill('דוד');
  await w.getByLabel('שם משפחה (לא חובה)').fill('לוי');
  await w.getByRole('button', { name: 'התחל עבודה' }).click();
  await expect(progress(w, 0)).toBeVisible();
  await waitForOfflineReady(w, 'he');

  // No signal from here on.
  await context.setOffline(true);
  await w.goto('/qr-scan');
  await expect(w.locator('html')).toHaveAttribute('dir', 'rtl');
  const hebrew = w.getByRole('button', { name: 'עברית' });
  if (await hebrew.isVisible()) await hebrew.click();
  // The units this phone has seen are offered; the name is remembered.
  await w.getByLabel('מספר דירה').fill('a101');
  await expect(w.getByText('נבחר: A101')).toBeVisible();
  await expect(w.getByLabel('שם פרטי')).toHaveValue('דוד');
  await w.getByRole('button', { name: 'התחל עבודה' }).click();
  await expect(w).toHaveURL(new RegExp(`/work-tasks/${unit.id}`));
  await expect(w.getByTestId('saved-as-of')).toBeVisible();
  await expect(progress(w, 0)).toBeVisible();

  // Three stages: the first needs a photo, then two that do not.
  const photoStage = DEFAULT_INSPECTION_TASKS.findIndex((s) => s.requiresPhoto);
  const plainStages = DEFAULT_INSPECTION_TASKS.flatMap((s, i) => (s.requiresPhoto ? [] : [i])).slice(0, 2);
  const card = (i: number) => w.getByTestId('task-card').nth(i);
  await card(photoStage).getByRole('button', { expanded: false }).click();
  await card(photoStage).getByRole('button', { name: 'הוסף תמונה' }).click();
  await w.getByTestId('photo-file-input').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(w) });
  await expect(card(photoStage).getByText('אין קליטה – התמונה תעלה אוטומטית')).toBeVisible({ timeout: budget(20_000) });
  await card(photoStage).getByRole('button', { name: 'סיים משימה' }).click();
  for (const i of plainStages) {
    await card(i).getByRole('button', { expanded: false }).click();
    await card(i).getByRole('button', { name: 'סיים משימה' }).click();
  }
  for (const i of [photoStage, ...plainStages]) await expect(card(i)).toContainText(waitingText);
  await expect(progressText(w)).toHaveText('3 מתוך 7 הושלמו (3 ממתינים לשליחה)');
  await expect(w.getByTestId('outbox-panel')).toBeVisible();
  // The report dialog was never opened online, and the page does not fetch it ahead (decision 024):
  // its code comes from the stored app.
  await w.getByRole('button', { name: 'הוסף חוסר' }).click();
  await expect(w.getByRole('dialog', { name: 'דיווח על חוסר' })).toBeVisible();
  await w.keyboard.press('Escape');
  await expect(w.getByRole('dialog')).toBeHidden();

  // A reload with no signal: all three are still waiting, nothing is lost.
  await w.reload();
  await expect(progressText(w)).toHaveText('3 מתוך 7 הושלמו (3 ממתינים לשליחה)');
  for (const i of [photoStage, ...plainStages]) await expect(card(i)).toContainText(waitingText);

  // The worker scans on to the next unit, still without signal: everything waits on the QR page too.
  await w.goto('/qr-scan');
  await expect(w.getByTestId('outbox-panel')).toBeVisible();

  // The signal returns: all three reach the server from this page — the photo stage too, without
  // going back to its unit — and the bar empties by itself.
  await context.setOffline(false);
  await expect(w.getByTestId('outbox-panel')).toBeHidden({ timeout: budget(60_000) });

  // Exactly once each, by the worker, with the photo; the manager's map shows them.
  const details = (await (await page.request.get(`/api/dashboard/room-details/${unit.id}`)).json()) as {
    tasks: { isCompleted: boolean; cleanerName: string | null; photoUrl: string | null }[];
  };
  const done = details.tasks.filter((t) => t.isCompleted);
  expect(done).toHaveLength(3);
  expect(done.every((t) => t.cleanerName === 'דוד לוי')).toBe(true);
  expect(details.tasks[photoStage].photoUrl).toMatch(/^\/objects\//);
  await page.goto('/');
  await expect(page.getByTestId('room-card').filter({ hasText: 'A101' }).getByTestId('task-count')).toContainText('3/7');

  await context.close();
});
