import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, signIn, uniqueName } from './helpers.ts';

// docs/product.md "User management" and "Permissions", in Hebrew (the default language).

test('the owner adds a manager in /user-management, who then signs in as a manager', async ({ page, browser }) => {
  const owner = await registerViaApi(page);
  await signIn(page, owner.username, owner.password);
  await page.getByRole('navigation', { name: 'תפריט ראשי' }).getByRole('link', { name: 'ניהול משתמשים' }).first().click();
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ניהול משתמשים' })).toBeVisible();
  await expect(page.getByText('מוגן ממחיקה')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const username = uniqueName('avi');
  await page.getByRole('button', { name: 'הוספת משתמש' }).click();
  const dialog = page.getByRole('dialog', { name: 'הוספת משתמש' });
  await dialog.getByLabel(/^שם פרטי/).fill('אבי');
  await dialog.getByLabel(/^שם משתמש/).fill(username);
  await dialog.getByLabel(/^אימייל/).fill(`${username}@example.com`);
  await dialog.getByLabel(/^תפקיד/).selectOption({ label: 'מנהל' });
  await dialog.getByLabel(/^סיסמה/).fill('avi-pass-1');
  await dialog.getByLabel(/^אימות סיסמה/).fill('avi-pass-2');
  await dialog.getByRole('button', { name: 'שמירה' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('הסיסמאות לא תואמות');
  await dialog.getByLabel(/^אימות סיסמה/).fill('avi-pass-1');
  await dialog.getByRole('button', { name: 'שמירה' }).click();
  await expect(page.getByTestId('toast')).toContainText('המשתמש נוסף');
  await expect(page.getByTestId('member-card').filter({ hasText: username })).toContainText('מנהל');
  await expectNoSeriousA11yViolations(page);

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, username.toUpperCase(), 'avi-pass-1');
  const menu = other.getByRole('navigation', { name: 'תפריט ראשי' }).first();
  await expect(menu.getByRole('link', { name: 'תזמון משימות' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'ניהול משתמשים' })).toHaveCount(0);
  await context.close();
});

test('a worker with an account reads the map but cannot reach /user-management', async ({ page }) => {
  await signIn(page, 'noa', 'noa-worker1');
  const menu = page.getByRole('navigation', { name: 'תפריט ראשי' }).first();
  await expect(menu.getByRole('link', { name: 'מפת דירות' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'מעקב עבודה' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'תזמון משימות' })).toHaveCount(0);
  await expect(page.getByTestId('room-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /הוספת דירה/ })).toHaveCount(0);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { name: 'אין הרשאה' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'ניהול משתמשים' })).toHaveCount(0);
  await expect(page.getByTestId('member-card')).toHaveCount(0);
});
