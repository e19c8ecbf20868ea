import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_MANAGER, DEMO_PLATFORM_ADMIN } from '../server/demo-data.ts';
import { expectNoSeriousA11yViolations, registerViaApi, signIn, signInViaApi, uniqueName } from './helpers.ts';

// docs/product.md "Your own account": the ways back in, in Hebrew (the default language). The demo
// accounts' passwords are never changed here: other specs sign in with them.

/** Fills the login form and sends it, without waiting for where it leads. */
async function submitLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('שם משתמש').fill(username);
  await page.getByLabel('סיסמה').fill(password);
  await page.getByRole('button', { name: 'כניסה', exact: true }).click();
}

/** Reads the username and the temporary password from the dialog that shows them once. */
async function readTemporaryPassword(page: Page) {
  const shown = page.getByRole('dialog', { name: 'נקבעה סיסמה זמנית' });
  await expect(shown).toContainText('החשבון נותק מכל המכשירים');
  const username = (await shown.getByTestId('temporary-username').innerText()).trim();
  const password = (await shown.getByTestId('temporary-password').innerText()).trim();
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole('button', { name: 'סיום' }).click();
  await expect(shown).toBeHidden();
  return { username, password };
}

/** Signs in with the temporary password in a fresh browser and lands on /change-password. */
async function signInWithTemporary(browser: Browser, username: string, password: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'בחירת סיסמה חדשה' })).toBeVisible();
  return { context, page };
}

test('a project admin sets a temporary password; the member must choose a new one at sign-in', async ({ page, browser }) => {
  await signInViaApi(page, DEMO_MANAGER.username, DEMO_MANAGER.password);
  const username = uniqueName('temp');
  const created = await page.request.post('/api/users', {
    data: {
      firstName: 'יעל',
      lastName: 'כהן',
      username,
      email: `${username}@example.com`,
      role: 'manager',
      isActive: true,
      password: 'first-pass-1',
      confirmPassword: 'first-pass-1',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/user-management');
  const card = page.getByTestId('member-card').filter({ hasText: username });
  await card.getByRole('button', { name: 'קביעת סיסמה זמנית עבור יעל כהן' }).click();
  const confirm = page.getByRole('dialog', { name: 'קביעת סיסמה זמנית' });
  await expect(confirm).toContainText('יעל כהן');
  await confirm.getByRole('button', { name: 'קביעת סיסמה זמנית' }).click();
  const temporary = await readTemporaryPassword(page);
  expect(temporary.username).toBe(username);

  const { context, page: member } = await signInWithTemporary(browser, username, temporary.password);
  await expect(member.getByTestId('reset-by')).toHaveText(/מנהל הפרויקט הגדיר עבורך סיסמה זמנית/);
  await expectNoSeriousA11yViolations(member);
  // Anything else sends them back here until the password is replaced.
  await member.goto('/work-tracking');
  await expect(member).toHaveURL(/\/change-password$/);

  await member.getByLabel(/^סיסמה זמנית/).fill(temporary.password);
  await member.getByLabel(/^סיסמה חדשה/).fill('yael-own-pass');
  await member.getByLabel(/^אימות הסיסמה החדשה/).fill('yael-own-pass');
  await member.getByRole('button', { name: 'שמירת הסיסמה החדשה' }).click();
  await expect(member).toHaveURL(/\/$/);
  await expect(member.getByTestId('facility-name')).toBeVisible();

  await member.getByRole('navigation', { name: 'תפריט ראשי' }).getByRole('button', { name: 'התנתקות' }).first().click();
  await expect(member).toHaveURL(/\/login$/);
  await submitLogin(member, username, temporary.password);
  await expect(member.getByTestId('toast')).toContainText('ההתחברות נכשלה');
  await expect(member).toHaveURL(/\/login$/);
  await signIn(member, username, 'yael-own-pass');
  await context.close();
});

test("the platform admin resets a project owner's password; the owner is told who set it", async ({ page, browser }) => {
  const project = await registerViaApi(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'כניסת מנהל מערכת' }).click();
  const login = page.getByRole('dialog');
  await login.getByLabel('שם משתמש').fill(DEMO_PLATFORM_ADMIN.username);
  await login.getByLabel('סיסמה').fill(DEMO_PLATFORM_ADMIN.password);
  await login.getByRole('button', { name: 'התחברות' }).click();
  await expect(page).toHaveURL(/\/admin-management$/);

  const row = page.getByTestId('admin-project-row').filter({ hasText: project.facilityName });
  await row.getByRole('button', { name: /איפוס סיסמת הבעלים/ }).click();
  const confirm = page.getByRole('dialog', { name: 'איפוס סיסמת בעל הפרויקט' });
  await expect(confirm).toContainText(project.facilityName);
  await confirm.getByRole('button', { name: 'איפוס הסיסמה' }).click();
  const temporary = await readTemporaryPassword(page);
  expect(temporary.username).toBe(project.username);

  // On a phone, right to left, nothing wider than the screen.
  const { context, page: owner } = await signInWithTemporary(browser, project.username, temporary.password, { width: 390, height: 844 });
  await expect(owner.getByTestId('reset-by')).toHaveText(/מנהל הפלטפורמה הגדיר עבורך סיסמה זמנית/);
  await expect(owner.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await owner.getByLabel(/^סיסמה זמנית/).fill(temporary.password);
  await owner.getByLabel(/^סיסמה חדשה/).fill(project.username);
  await owner.getByLabel(/^אימות הסיסמה החדשה/).fill(project.username);
  await owner.getByRole('button', { name: 'שמירת הסיסמה החדשה' }).click();
  await expect(owner.getByRole('alert')).toHaveText('הסיסמה לא יכולה להיות זהה לשם המשתמש.');
  await owner.getByLabel(/^סיסמה חדשה/).fill('owner-own-pass');
  await owner.getByLabel(/^אימות הסיסמה החדשה/).fill('owner-own-pass');
  await owner.getByRole('button', { name: 'שמירת הסיסמה החדשה' }).click();
  await expect(owner).toHaveURL(/\/$/);
  await expect(owner.getByTestId('facility-name')).toContainText(project.facilityName);
  await context.close();
});

test('without e-mail on the server, "forgot password" explains the administrator way', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'שכחת את הסיסמה?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'שכחת את הסיסמה?' })).toBeVisible();
  await expect(page.getByTestId('admin-way')).toContainText('מנהל הפרויקט יכול להגדיר עבורכם סיסמה זמנית');
  await expect(page.getByRole('textbox', { name: /שם משתמש/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'חזרה לכניסה' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
