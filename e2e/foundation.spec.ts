import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, signIn, uniqueName } from './helpers.ts';

test.describe('foundation: registration, sign-in, the shell and the unit map', () => {
  test('register → log in → Hebrew RTL shell → add a unit → see it → English LTR → log out', async ({ page }) => {
    const username = uniqueName('mgr');
    const project = `Project ${username}`;
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel('שם משתמש').fill(username);
    await page.getByLabel('סיסמה').fill('secret123');
    await page.getByLabel('שם פרטי').fill('דנה');
    await page.getByLabel('שם הפרויקט').fill(project);
    await page.getByLabel('שם מלא של בעל הכרטיס').fill('Dana Levi');
    await page.getByLabel('מספר כרטיס').fill('4242 4242 4242 4242');
    await page.getByLabel('חודש תפוגה').selectOption('12');
    await page.getByLabel('שנת תפוגה').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel(/^CVV/).fill('123');
    await page.getByRole('button', { name: 'הירשמו עכשיו' }).click();
    await expect(page.getByTestId('toast')).toContainText(`ההרשמה הצליחה! הפרויקט ${project} נרשם עם QR ייחודי`);
    await expect(page).toHaveURL(/\/login$/);
    // The router changes the address before the login page's chunk has rendered, and the register
    // form (still on screen meanwhile) has a username field too: fill the login form only.
    await expect(page.getByRole('heading', { name: 'כניסה לפרויקט' })).toBeVisible();

    await page.getByLabel('שם משתמש').fill(username);
    await page.getByLabel('סיסמה').fill('secret123');
    await page.getByRole('button', { name: 'כניסה', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('facility-name')).toHaveText(project);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.getByRole('heading', { name: 'מפת דירות' })).toBeVisible();

    await page.getByRole('button', { name: 'הוספת דירה' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('מספר דירה').fill('A101');
    await dialog.getByRole('button', { name: 'שמירה' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByTestId('room-card').filter({ hasText: 'A101' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('קומה 1');

    // The side menu is a drawer below the large breakpoint; this viewport is desktop-sized.
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Apartment map' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en'); // remembered

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a duplicate unit number is refused with the server message', async ({ page }) => {
    const account = await registerViaApi(page);
    await signIn(page, account.username, account.password);
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'הוספת דירה' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('מספר דירה').fill('B201');
      await dialog.getByRole('button', { name: 'שמירה' }).click();
      if (attempt === 1) await expect(dialog).toBeHidden();
    }
    await expect(page.getByRole('dialog').getByText('מספר הדירה כבר קיים')).toBeVisible();
    await expect(page.getByTestId('room-card').filter({ hasText: 'B201' })).toHaveCount(1);
  });

  test('a session ended on the server leads once to a working login form', async ({ page }) => {
    const account = await registerViaApi(page);
    await signIn(page, account.username, account.password);
    // Another tab logs out: the server forgets the session.
    expect((await page.request.post('/api/logout')).status()).toBe(200);
    // The next API call answers 401 (a refetch may get there before the click does).
    await page
      .getByRole('button', { name: 'רענון' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await expect(page.getByTestId('toast')).toContainText('לא מורשה');
    await expect(page).toHaveURL(/\/login$/);
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'כניסה', exact: true })).toBeVisible();
    await page.getByLabel('שם משתמש').fill(account.username);
    await page.getByLabel('סיסמה').fill(account.password);
    await page.getByRole('button', { name: 'כניסה', exact: true }).click();
    await expect(page.getByTestId('facility-name')).toBeVisible();
  });

  test('the admin login dialog: wrong details are refused, the platform admin gets in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'כניסת מנהל מערכת' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('שם משתמש').fill('platform');
    await dialog.getByLabel('סיסמה').fill('wrong-password');
    await dialog.getByRole('button', { name: 'התחברות' }).click();
    await expect(page.getByTestId('toast')).toContainText('פרטי התחברות שגויים');
    await dialog.getByLabel('סיסמה').fill('platform1234');
    await dialog.getByRole('button', { name: 'התחברות' }).click();
    await expect(page).toHaveURL(/\/admin-management$/);
  });

  test('an unknown path shows the 404 page; an unknown API path is a JSON 404', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 הדף לא נמצא' })).toBeVisible();
    const api = await page.request.get('/api/no-such-thing');
    expect(api.status()).toBe(404);
    expect(await api.json()).toHaveProperty('message');
  });

  test('accessibility: no serious or critical violation on /login, /register, / and /account-profile', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'כניסה', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'הירשמו עכשיו' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const account = await registerViaApi(page);
    await signIn(page, account.username, account.password);
    await page.getByRole('button', { name: 'הוספת דירה' }).first().click();
    await page.getByRole('dialog').getByLabel('מספר דירה').fill('A102');
    await page.getByRole('dialog').getByRole('button', { name: 'שמירה' }).click();
    await expect(page.getByTestId('room-card')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/account-profile');
    await expect(page.getByText('•••• 4242')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
