import { expect, test } from '@playwright/test';
import { DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { makeJpeg, phone, projectWithStages } from './worker-helpers.ts';
import { budget } from '../test-budget.ts';

test('a worker on a phone completes a stage with a photo; the manager sees it live', async ({ page, browser, baseURL }) => {
  test.setTimeout(budget(120_000));
  const { unit, qrId } = await projectWithStages(page);

  // The manager watches A101's details on the map.
  await page.goto('/');
  await page.getByTestId('room-card').filter({ hasText: 'A101' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText('דירה A101');

  const worker = await phone(browser);
  const w = worker.page;
  await w.goto(`${baseURL}/qr-scan?qrId=${encodeURIComponent(qrId)}`);
  await w.getByRole('button', { name: 'עברית' }).click();
  await w.getByLabel('מספר דירה').fill('A101');
  await expect(w.getByText('נבחר: A101')).toBeVisible();
  await w.getByLabel('שם פרטי').fill('יוסי');
  await w.getByLabel('שם משפחה (לא חובה)').fill('כהן');
  await expectNoSeriousA11yViolations(w);
  await w.getByRole('button', { name: 'התחל עבודה' }).click();
  await expect(w).toHaveURL(new RegExp(`/work-tasks/${unit.id}\\?workerName=`));
  await expect(w.getByText('0 מתוך 7 הושלמו')).toBeVisible();
  await expect(w.locator('html')).toHaveAttribute('dir', 'rtl');
  const noScroll = await w.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noScroll).toBe(true);
  await expectNoSeriousA11yViolations(w);

  // Stage 1 needs a photo: "complete" refuses until it is uploaded.
  const first = w.getByTestId('task-card').first();
  await first.getByRole('button', { expanded: false }).click();
  const complete = first.getByRole('button', { name: 'סיים משימה' });
  await expect(complete).toHaveAttribute('aria-disabled', 'true');
  await complete.click({ force: true }); // a gloved tap on the greyed button still explains why
  await expect(w.getByTestId('toast')).toContainText('חובה להעלות תמונה לפני סיום המשימה');
  await first.getByRole('button', { name: 'הוסף תמונה' }).click();
  await w.getByTestId('photo-file-input').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(w) });
  await expect(first.getByText('התמונה הועלתה בהצלחה')).toBeVisible({ timeout: budget(20_000) });
  await first.getByLabel('הערות (לא חובה)').fill('נבדק');
  await first.getByRole('button', { name: 'סיים משימה' }).click();
  await expect(w.getByTestId('toast')).toContainText('המשימה הושלמה בהצלחה');
  await expect(w.getByText('1 מתוך 7 הושלמו')).toBeVisible();
  await expect(w.getByTestId('task-card').first()).toHaveAttribute('data-completed', 'true');

  // Without a reload, the manager's dialog shows the worker and the photo.
  await expect(details).toContainText('יוסי כהן', { timeout: budget(5_000) });
  const photoLink = details.getByRole('link', { name: 'צפייה בתמונה' });
  await expect(photoLink).toBeVisible();
  const photo = await page.request.get(new URL((await photoLink.getAttribute('href'))!, baseURL).href);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  // The worker has no session: the photo is private.
  expect((await w.request.get(new URL((await photoLink.getAttribute('href'))!, baseURL).href)).status()).toBe(401);

  // A shortage and a measurement.
  await w.getByRole('button', { name: 'הוסף חוסר' }).click();
  await w.getByRole('dialog').getByLabel('שם הפריט').fill('ידית חלון');
  await w.getByRole('dialog').getByLabel('כמות').fill('2');
  await w.getByRole('dialog').getByRole('button', { name: 'שלח' }).click();
  await expect(w.getByTestId('toast')).toContainText('החוסר נוסף לטבלה בהצלחה');
  await w.getByRole('button', { name: 'הוסף מידה' }).click();
  await w.getByRole('dialog').getByLabel('שם הפריט').fill('משקוף');
  await w.getByRole('dialog').getByLabel('גובה (מ״מ)').fill('2100');
  await w.getByRole('dialog').getByLabel('רוחב (מ״מ)').fill('900');
  await w.getByRole('dialog').getByRole('button', { name: 'שלח' }).click();
  await expect(w.getByTestId('toast')).toContainText('המידה נוספה לטבלה בהצלחה');

  // The other six stages (photos where required), then "all done" → next unit.
  for (let i = 1; i < 7; i++) {
    const card = w.getByTestId('task-card').nth(i);
    await card.getByRole('button', { expanded: false }).click();
    if (DEFAULT_INSPECTION_TASKS[i].requiresPhoto) {
      await card.getByRole('button', { name: 'הוסף תמונה' }).click();
      await w.getByTestId('photo-file-input').setInputFiles({ name: `p${i}.jpg`, mimeType: 'image/jpeg', buffer: await makeJpeg(w) });
      await expect(card.getByText('התמונה הועלתה בהצלחה')).toBeVisible({ timeout: budget(20_000) });
    }
    await card.getByRole('button', { name: 'סיים משימה' }).click();
    await expect(w.getByText(`${i + 1} מתוך 7 הושלמו`)).toBeVisible();
  }
  await expect(w.getByText('כל המשימות הושלמו')).toBeVisible();
  await w
    .getByRole('button', { name: 'סיים ועבור לדירה הבאה' })
    .or(w.getByRole('link', { name: 'סיים ועבור לדירה הבאה' }))
    .click();
  await expect(w).toHaveURL(/\/qr-scan/);

  // The map shows A101 done without a reload.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('room-card').filter({ hasText: 'A101' }).getByTestId('task-count')).toContainText('7/7');

  // The worker's reports reach the manager's tables, with the unit.
  await page.goto('/shortages-table');
  await expect(page.getByText('ידית חלון').first()).toBeVisible();
  await expect(page.getByText('A101').first()).toBeVisible();
  await page.goto('/measurements-table');
  await expect(page.getByText('משקוף').first()).toBeVisible();
  await expect(page.getByText(/2100\s*×\s*900/).first()).toBeVisible();
  await worker.context.close();
});

test('worker pages render Russian and Amharic with real glyphs', async ({ page, browser, baseURL }) => {
  const { unit, qrId } = await projectWithStages(page);
  for (const [lng, name, sample] of [
    ['ru', 'Русский', 'Проверка гидроизоляции'],
    ['am', 'አማርኛ', 'የውሃ መከላከያ ፍተሻ'],
  ] as const) {
    const worker = await phone(browser);
    const w = worker.page;
    await w.goto(`${baseURL}/qr-scan?qrId=${encodeURIComponent(qrId)}`);
    await w.getByRole('button', { name }).click();
    await expect(w.locator('html')).toHaveAttribute('lang', lng);
    await w.goto(`${baseURL}/work-tasks/${unit.id}?workerName=Test`);
    await expect(w.getByText(sample).first()).toBeVisible();
    // Real glyphs: with no font for a script every letter is the same "missing glyph" box, as wide as
    // an unassigned code point's. Real letters come in many widths.
    const widths = await w.evaluate((text) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = getComputedStyle(document.body).font;
      const tofu = ctx.measureText('\u{10FFFD}').width;
      const letters = [...new Set([...text.replace(/\s/g, '')])];
      return { tofu, letters: letters.map((c) => ctx.measureText(c).width) };
    }, sample);
    const boxes = widths.letters.filter((x) => Math.abs(x - widths.tofu) < 0.01).length;
    expect(boxes, `${lng}: letters drawn as missing-glyph boxes`).toBe(0);
    expect(new Set(widths.letters.map((x) => x.toFixed(1))).size).toBeGreaterThan(2);
    await w.screenshot({ path: test.info().outputPath(`worker-${lng}.png`), fullPage: true });
    await worker.context.close();
  }
});

test('a stage completed while its photo waits for signal survives a closed page and goes through when the signal is back', async ({
  page,
  browser,
  baseURL,
}) => {
  const { unit } = await projectWithStages(page);
  const worker = await phone(browser);
  const w = worker.page;
  // No signal for uploads: the PUT of the bytes never arrives.
  await w.route('**/api/objects/upload/**', (route) => route.abort('internetdisconnected'));
  await w.goto(`${baseURL}/work-tasks/${unit.id}?workerName=${encodeURIComponent('Olena')}`);
  // A phone that never chose a language is asked first.
  await w.getByTestId('language-he').click();
  const first = w.getByTestId('task-card').first();
  await first.getByRole('button', { expanded: false }).click();
  await first.getByRole('button', { name: 'הוסף תמונה' }).click();
  await w.getByTestId('photo-file-input').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(w) });
  await expect(first.getByText('אין קליטה – התמונה תעלה אוטומטית')).toBeVisible({ timeout: budget(20_000) });
  // Completing still works: it waits on the phone and follows the photo.
  await first.getByRole('button', { name: 'סיים משימה' }).click();
  await expect(w.getByTestId('toast')).toContainText('נשמר בטלפון – יישלח אוטומטית כשתהיה קליטה');
  await expect(w.getByTestId('progress-text')).toHaveText('1 מתוך 7 הושלמו (1 ממתינים לשליחה)');

  // The worker closes the page; later, with signal, opens the unit again: photo and stage go through.
  await w.close();
  const again = await worker.context.newPage();
  await again.goto(`${baseURL}/work-tasks/${unit.id}?workerName=${encodeURIComponent('Olena')}`);
  await expect(again.getByText('1 מתוך 7 הושלמו')).toBeVisible({ timeout: budget(20_000) });
  await expect(again.getByTestId('task-card').first()).toHaveAttribute('data-completed', 'true');
  await worker.context.close();
});

test('the unit page asks for the unit and its tasks once, while its code is still on the way', async ({ page, browser, baseURL }) => {
  const { unit } = await projectWithStages(page);
  const worker = await phone(browser);
  const w = worker.page;
  // The worker kit (React and the app) held back: only the page's first script can ask meanwhile.
  let kitReleased = Number.POSITIVE_INFINITY;
  await worker.context.route(/\/assets\/worker-kit-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    kitReleased = Date.now();
    await route.continue();
  });
  const reads: { path: string; at: number; device?: string }[] = [];
  w.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(rooms-public|scheduled-tasks-public)\//.test(pathname))
      reads.push({ path: pathname, at: Date.now(), device: request.headers()['x-shalav-device'] });
  });
  await w.goto(`${baseURL}/work-tasks/${unit.id}?workerName=Test`);
  // A phone that never chose a language is asked first; the unit loads meanwhile.
  await w.getByTestId('language-he').click();
  await expect(w.getByText(DEFAULT_INSPECTION_TASKS[0].text.he.name).first()).toBeVisible();
  expect(reads.map((r) => r.path).sort()).toEqual([`/api/rooms-public/${unit.id}`, `/api/scheduled-tasks-public/${unit.id}`]);
  expect(reads.filter((r) => r.at >= kitReleased)).toEqual([]);
  // With the phone's device id, as the app's own requests (the server's limits count per phone).
  const device = await w.evaluate(() => localStorage.getItem('shalav.device-id'));
  expect(device).toBeTruthy();
  expect(reads.map((r) => r.device)).toEqual([device, device]);
  await worker.context.close();
});
