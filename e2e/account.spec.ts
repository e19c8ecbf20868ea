import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import heErrors from '../web/src/locales/he/errors.json' with { type: 'json' };
import { expectNoSeriousA11yViolations, signIn, uniqueName } from './helpers.ts';

// docs/product.md "Your own account", in Hebrew (the default language). The demo accounts are never
// changed (other specs sign in with them): each test works on a member of its own, added by the demo admin.

/** A fresh worker with an account in the demo project, added through the API by the demo admin. */
async function createMember(request: APIRequestContext) {
  expect((await request.post('/api/login', { data: { username: 'demo', password: 'demo1234' } })).status()).toBe(200);
  const username = uniqueName('acct');
  const password = 'first-pass-1';
  const res = await request.post('/api/users', {
    data: {
      firstName: 'Avi',
      lastName: 'Cohen',
      username,
      email: `${username}@example.com`,
      role: 'cleaner',
      password,
      confirmPassword: password,
    },
  });
  expect(res.status()).toBe(201);
  return { username, password };
}

/** A small landscape PNG drawn by the browser: a red left half and a blue right half. */
async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#d00';
    ctx.fillRect(0, 0, 60, 80);
    ctx.fillStyle = '#00d';
    ctx.fillRect(60, 0, 60, 80);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'תפריט ראשי' }).first();

test('a member edits their details and picture, changes the password, and only the new one signs in', async ({ page, request }) => {
  const member = await createMember(request);
  await signIn(page, member.username, member.password);
  await menu(page).getByRole('link', { name: 'פרופיל חשבון' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'פרופיל חשבון' })).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText('Avi');
  await expect(page.getByTestId('session')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // Personal details: the header shows the new first name at once.
  await page.getByRole('button', { name: 'עריכת פרטים' }).click();
  const dialog = page.getByRole('dialog', { name: 'עריכת פרטים אישיים' });
  await dialog.getByLabel('שם פרטי').fill('רוני');
  await dialog.getByLabel('עיר').fill('חיפה');
  await dialog.getByLabel('אימייל').fill('not-an-email');
  await dialog.getByRole('button', { name: 'שמירה' }).click();
  await expect(dialog.getByText('הזינו כתובת אימייל תקינה, או השאירו את השדה ריק')).toBeVisible();
  await dialog.getByLabel('אימייל').fill('');
  await dialog.getByRole('button', { name: 'שמירה' }).click();
  await expect(page.getByTestId('toast')).toContainText('הפרטים האישיים נשמרו');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-name')).toHaveText('רוני');
  const personal = page.getByRole('region', { name: 'פרטים אישיים' });
  await expect(personal).toContainText('רוני Cohen');
  await expect(personal).toContainText('חיפה');

  // Profile picture: the browser sends a 256-pixel square; the header shows it.
  const png = await makePng(page);
  await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('toast')).toContainText('תמונת הפרופיל עודכנה');
  const headerPicture = page.locator('header img');
  await expect(headerPicture).toHaveAttribute('src', /^\/objects\/users\//);
  await expect.poll(() => headerPicture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([256, 256]);
  await expect(page.getByRole('img', { name: 'תמונת הפרופיל שלך' })).toBeVisible();
  await page.reload();
  await expect(page.locator('header img')).toHaveAttribute('src', /^\/objects\/users\//);
  await expect(page.getByTestId('user-name')).toHaveText('רוני');

  // Password: a wrong current one is refused beside its field, then the change goes through.
  const password = page.getByRole('region', { name: 'שינוי סיסמה' });
  await password.getByLabel(/^סיסמה נוכחית/).fill('not-my-password');
  await password.getByLabel(/^סיסמה חדשה/).fill('second-pass-2');
  await password.getByLabel(/^אימות הסיסמה החדשה/).fill('second-pass-2');
  await password.getByRole('button', { name: 'שינוי סיסמה' }).click();
  await expect(password.getByText(heErrors.current_password_wrong)).toBeVisible();
  await password.getByLabel(/^סיסמה נוכחית/).fill(member.password);
  await password.getByRole('button', { name: 'שינוי סיסמה' }).click();
  await expect(page.getByTestId('toast')).toContainText('הסיסמה שונתה. נותקתם משאר המכשירים שלכם.');
  await expect(password.getByLabel(/^סיסמה חדשה/)).toHaveValue('');
  // This device stayed signed in with its new session.
  await page.reload();
  await expect(page.getByTestId('session')).toHaveCount(1);

  await menu(page).getByRole('button', { name: 'התנתקות' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('שם משתמש').fill(member.username);
  await page.getByLabel('סיסמה').fill(member.password);
  await page.getByRole('button', { name: 'כניסה', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText(heErrors.invalid_credentials);
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, member.username, 'second-pass-2');
  await expect(page.getByTestId('user-name')).toHaveText('רוני');
});

test('a second browser signed in as the same member is listed, and "sign out all other sessions" ends it', async ({
  page,
  request,
  browser,
}) => {
  const member = await createMember(request);
  await signIn(page, member.username, member.password);
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, member.username, member.password);

  await page.goto('/account-profile');
  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('המכשיר הזה');
  await expect(sessions.nth(1)).not.toContainText('המכשיר הזה');
  await expect(sessions.nth(1)).toContainText(/Chrome ב-/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'ניתוק כל שאר החיבורים' }).click();
  const confirm = page.getByRole('dialog', { name: 'לנתק את כל שאר החיבורים?' });
  await confirm.getByRole('button', { name: 'ניתוק האחרים' }).click();
  await expect(page.getByTestId('toast')).toContainText('חיבורים שנותקו: 1');
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText('אינכם מחוברים באף מכשיר אחר.')).toBeVisible();

  // The other browser's next request finds its session gone.
  await other.goto('/account-profile');
  await expect(other).toHaveURL(/\/login/);
  // This one is still signed in.
  await page.reload();
  await expect(page.getByTestId('facility-name')).toBeVisible();
  await context.close();
});
