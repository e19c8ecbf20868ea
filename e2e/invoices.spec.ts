import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { DEMO_PLATFORM_ADMIN } from '../server/demo-data.ts';
import { expectNoSeriousA11yViolations, registerViaApi, signIn } from './helpers.ts';
import { budget } from '../test-budget.ts';

/** YYYY-MM-DD two months after today: the project's first (free) month is over and two billing dates have passed. */
function twoMonthsFromToday(): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + 2);
  return d.toISOString().slice(0, 10);
}

/** Signs the demo platform admin in on `request` (its own cookie jar) and bills every project as of `asOf`. */
async function runBillingAsPlatformAdmin(request: APIRequestContext, asOf: string) {
  const login = await request.post('/api/admin/login', { data: DEMO_PLATFORM_ADMIN });
  expect(login.status()).toBe(200);
  const run = await request.post('/api/admin/billing/run', { data: { asOf } });
  expect(run.status()).toBe(200);
  const result = (await run.json()) as { invoicesCreated: number; charged: number; failed: number };
  expect(result.invoicesCreated).toBeGreaterThanOrEqual(1);
}

/** A browser context of the platform admin's, signed in through the API. */
async function platformAdminContext(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'he-IL' });
  const login = await context.request.post('/api/admin/login', { data: DEMO_PLATFORM_ADMIN });
  expect(login.status()).toBe(200);
  return context;
}

test.describe('invoices: the billing run, the account page and the Hebrew tax invoice', () => {
  test('a manager sees the invoices of a billed project and opens the printable original', async ({ page, playwright, baseURL }) => {
    test.setTimeout(budget(120_000));
    const account = await registerViaApi(page);
    // The admin's session lives in its own request context, so the manager's browser stays signed out of it.
    const admin = await playwright.request.newContext({ baseURL });
    await runBillingAsPlatformAdmin(admin, twoMonthsFromToday());
    await admin.dispose();

    await signIn(page, account.username, account.password);
    await page.goto('/account-profile');
    const invoices = page.getByRole('region', { name: 'חשבוניות' });
    const links = invoices.getByRole('link', { name: /^חשבונית \d+/ });
    await expect(links.first()).toBeVisible();
    // The 4242 card is charged successfully.
    await expect(links.first()).toContainText('שולמה');
    await expectNoSeriousA11yViolations(page);

    await links.first().click();
    await expect(page).toHaveURL(/\/invoices\/[^/]+$/);
    const doc = page.getByTestId('invoice-document');
    await expect(doc).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('חשבונית מס');
    await expect(page.getByTestId('invoice-mark')).toHaveText('מקור');
    await expect(doc).toContainText(account.facilityName);
    await expect(doc).toContainText('₪');
    await expect(page.getByRole('button', { name: 'הדפסה / שמירה כ-PDF' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // In print only the document remains: no menu, header or print button.
    await page.emulateMedia({ media: 'print' });
    await expect(doc).toBeVisible();
    await expect(page.getByTestId('facility-name')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'תפריט ראשי' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'הדפסה / שמירה כ-PDF' })).toBeHidden();
  });

  test('the platform admin opens a project’s invoices and audit log, and an invoice marked copy', async ({ browser, page, baseURL }) => {
    test.setTimeout(budget(120_000));
    const account = await registerViaApi(page);
    const context = await platformAdminContext(browser, baseURL);
    await runBillingAsPlatformAdmin(context.request, twoMonthsFromToday());
    const projects = (await (await context.request.get('/api/admin/hotels')).json()) as { id: string; name: string }[];
    const project = projects.find((p) => p.name === account.facilityName);
    expect(project, 'the registered project is listed').toBeTruthy();

    const adminPage = await context.newPage();
    await adminPage.goto(`/customer-billing/projects/${project!.id}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: account.facilityName })).toBeVisible();
    await expect(adminPage.getByTestId('audit-log')).toBeVisible();
    const first = adminPage.getByTestId('invoice-list').getByRole('link').first();
    await expect(first).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);

    await first.click();
    await expect(adminPage).toHaveURL(/\/customer-billing\/invoices\/[^/]+$/);
    await expect(adminPage.getByTestId('invoice-mark')).toHaveText('העתק');
    await expect(adminPage.getByTestId('invoice-document')).toContainText(account.facilityName);
    await expectNoSeriousA11yViolations(adminPage);
    await context.close();
  });
});
