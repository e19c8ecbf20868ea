import { expect, test } from '@playwright/test';
import { expectHebrewRefusal, registerViaApi, signInViaApi, uniqueName } from './helpers.ts';

/**
 * Five refusals of the server, each seen in Hebrew (the default language): the screens decide by the
 * refusal's code and word it in the reader's language, never with the server's English message.
 */
test.describe('refusals read in Hebrew', () => {
  test('a unit number already in the project (the map page)', async ({ page }) => {
    const account = await registerViaApi(page);
    await signInViaApi(page, account.username, account.password);
    expect((await page.request.post('/api/rooms', { data: { number: 'A101' } })).status()).toBe(201);
    await page.goto('/');
    await expect(page.getByTestId('room-card').filter({ hasText: 'A101' })).toBeVisible();
    await page.getByRole('button', { name: 'הוספת דירה' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('מספר דירה').fill('A101');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/rooms') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'שמירה' }).click();
    expect((await answer).status()).toBe(409);
    await expectHebrewRefusal(page);
  });

  test('a unit number the project does not have (a shortage report)', async ({ page }) => {
    const account = await registerViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/shortages-table');
    await page.getByRole('button', { name: 'הוספת חוסר' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('שם הפריט').fill('ידית חלון');
    await dialog.getByLabel('כמות').fill('2');
    await dialog.getByLabel('מספר דירה').fill('Q999');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/shortages') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'שמירה' }).click();
    expect((await answer).status()).toBe(400);
    await expectHebrewRefusal(page);
  });

  test('a card the payment gateway declines (registration)', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('שם משתמש').fill(uniqueName('mgr'));
    await page.getByLabel('סיסמה').fill('secret123');
    await page.getByLabel('שם הפרויקט').fill('מגדלי הכרמל');
    await page.getByLabel('שם מלא של בעל הכרטיס').fill('דנה לוי');
    await page.getByLabel('מספר כרטיס').fill('4000 0000 0000 0002'); // the sandbox's declining card
    await page.getByLabel('חודש תפוגה').selectOption('12');
    await page.getByLabel('שנת תפוגה').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel(/^CVV/).fill('123');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/register'));
    await page.getByRole('button', { name: 'הירשמו עכשיו' }).click();
    expect((await answer).status()).toBe(402);
    await expect(page.getByLabel('מספר כרטיס')).toHaveAttribute('aria-invalid', 'true');
    await expectHebrewRefusal(page);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a photo the server never received (completing a stage on the worker page)', async ({ page, baseURL }) => {
    const account = await registerViaApi(page);
    await signInViaApi(page, account.username, account.password);
    const unit = await (await page.request.post('/api/rooms', { data: { number: 'A101' } })).json();
    const stage = { name: 'בדיקת איטום', requiresPhoto: false, estimatedMinutes: 15, recurrence: 'once' };
    expect((await page.request.post('/api/task-schedules', { data: { roomId: unit.id, taskTemplates: [stage] } })).status()).toBe(201);

    const worker = await page.context().browser()!.newContext({ locale: 'he-IL' });
    const w = await worker.newPage();
    // The completion names a photo whose upload is gone: the server answers photo_missing.
    await w.route('**/api/scheduled-tasks-complete/**', (route) => {
      const body = { ...(route.request().postDataJSON() as Record<string, unknown>), photoUrl: '/objects/uploads/gone-photo.jpg' };
      return route.continue({ postData: JSON.stringify(body) });
    });
    await w.goto(`${baseURL}/work-tasks/${unit.id}?workerName=${encodeURIComponent('יוסי')}`);
    await w.getByTestId('language-he').click(); // a phone that never chose a language is asked first
    const card = w.getByTestId('task-card').first();
    await card.getByRole('button', { expanded: false }).click();
    const answer = w.waitForResponse((r) => r.url().includes('/api/scheduled-tasks-complete/'));
    await card.getByRole('button', { name: 'סיים משימה' }).click();
    expect((await answer).status()).toBe(400);
    await expectHebrewRefusal(w);
    await worker.close();
  });

  test('too many wrong sign-ins (the login page)', async ({ page }) => {
    const account = await registerViaApi(page);
    await page.goto('/login');
    await page.getByLabel('שם משתמש').fill(account.username);
    await page.getByLabel('סיסמה').fill('not-the-password');
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 429; attempt++) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
      await page.getByRole('button', { name: 'כניסה', exact: true }).click();
      status = (await answer).status();
      expect([401, 429]).toContain(status);
      if (status === 401) await expectHebrewRefusal(page); // the wrong password itself, in Hebrew too
    }
    expect(status).toBe(429);
    await expectHebrewRefusal(page);
  });
});
