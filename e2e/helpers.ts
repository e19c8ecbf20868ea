import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Registers a project through the API (fast path for tests that are not about registration). */
export async function registerViaApi(page: Page, overrides: Record<string, unknown> = {}) {
  const username = uniqueName('mgr');
  const body = {
    username,
    password: 'secret123',
    email: `${username}@example.com`,
    firstName: 'Dana',
    lastName: 'Levi',
    facilityName: `Project ${username}`,
    facilityType: 'construction',
    phone: '050-1234567',
    city: 'Haifa',
    monthlyPrice: 1399,
    cardHolderName: 'Dana Levi',
    cardNumber: '4242424242424242',
    cardExpiryMonth: 12,
    cardExpiryYear: new Date().getFullYear() + 2,
    cardCvv: '123',
    ...overrides,
  };
  // Each project registers from an address of its own (the server trusts the loopback proxy's
  // X-Forwarded-For): the suite registers more projects than one address may in an hour.
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const res = await page.request.post('/api/register', { data: body, headers: { 'x-forwarded-for': address } });
  expect(res.status()).toBe(201);
  return body;
}

/** Signs in through the login page (Hebrew, the default language) and waits for the unit map. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('שם משתמש').fill(username);
  await page.getByLabel('סיסמה').fill(password);
  await page.getByRole('button', { name: 'כניסה', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('facility-name')).toBeVisible();
}

/** Where a screen puts a refusal: the toast, an alert, or the error line under a field. */
export const refusalSelector = '[data-testid="toast"], [role="alert"], [id$="-error"]';

/**
 * A refusal is on screen in Hebrew, and nothing where refusals appear reads in Latin letters (the
 * server's English `message` must never reach the user; a unit number like "Q999" is not a word).
 */
export async function expectHebrewRefusal(page: Page) {
  const shown = page.locator(refusalSelector);
  await expect(shown.first()).toBeVisible();
  await expect(shown.first()).toHaveText(/[\u0590-\u05FF]{2,}/);
  for (const text of await shown.allInnerTexts()) expect(text, 'English words where a refusal is shown').not.toMatch(/[A-Za-z]{3,}/);
}

/** Signs in through the API: the page's context gets the session cookie without going through /login. */
export async function signInViaApi(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.status()).toBe(200);
}
