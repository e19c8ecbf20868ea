import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PLATFORM_ADMIN } from '../server/demo-data.ts';
import { expectNoSeriousA11yViolations, registerViaApi, signInViaApi } from './helpers.ts';

/** docs/product.md "Platform admin screens", in Hebrew (the default language). */
test('the platform admin finds a new project, checks its billing, deactivates and activates it', async ({ page }) => {
  const project = await registerViaApi(page, { city: 'אילת' });

  await page.goto('/login');
  await page.getByRole('button', { name: 'כניסת מנהל מערכת' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('שם משתמש').fill(DEMO_PLATFORM_ADMIN.username);
  await dialog.getByLabel('סיסמה').fill(DEMO_PLATFORM_ADMIN.password);
  await dialog.getByRole('button', { name: 'התחברות' }).click();

  await expect(page).toHaveURL(/\/admin-management$/);
  const projectRow = page.getByTestId('admin-project-row').filter({ hasText: project.facilityName });
  await expect(projectRow).toBeVisible();
  await expect(projectRow).toContainText('פעיל');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('main').getByRole('link', { name: 'חיוב לקוחות' }).click();
  await expect(page).toHaveURL(/\/customer-billing$/);
  await page.getByRole('searchbox', { name: 'חיפוש' }).fill(project.username.toUpperCase());
  const row = page.getByTestId('customer-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(project.facilityName);
  await expect(row).toContainText('•••• 4242');
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^customer-billing-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
  expect(csv).toContain(project.facilityName);

  await row.getByRole('button', { name: /פרטים/ }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByTestId('masked-card')).toContainText('•••• 4242');
  await expect(details).not.toContainText('4242424242424242');
  await expect(details).toContainText('אילת');
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /השבתה/ }).click();
  const deactivate = page.getByRole('dialog');
  await deactivate.getByLabel('סיבה').fill('בדיקת מערכת');
  await deactivate.getByRole('button', { name: 'המשך' }).click();
  await deactivate.getByRole('button', { name: 'השבתה', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('הפרויקט הושבת.');
  await expect(row).toContainText('לא פעיל');

  await row.getByRole('button', { name: /הפעלת חשבון/ }).click();
  await expect(page.getByTestId('toast')).toContainText('החשבון הופעל.');
  await expect(row.getByRole('button', { name: /הפעלת חשבון/ })).toHaveCount(0);
  await expect(row).not.toContainText('לא פעיל');
});

test("a manager's session never sees the platform admin's screens", async ({ page }) => {
  const project = await registerViaApi(page);
  await signInViaApi(page, project.username, project.password);
  await page.goto('/admin-management');
  // Refused by the server, the frame sends the session to /login, which takes a signed-in manager home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('facility-name')).toContainText(project.facilityName);
  await expect(page.getByText('פלטפורמת שלב')).toHaveCount(0);
});
