import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PLATFORM_ADMIN } from '../server/demo-data.ts';
import { registerViaApi, signIn } from './helpers.ts';
import { printToPdf } from './pdf-text.ts';
import { budget } from '../test-budget.ts';

/**
 * Wide tables printed to PDF by Chromium and read back (docs/product.md "Progress matrix", "Tax
 * invoice"): every column reaches the paper, and the invoice's columns stay apart in Hebrew.
 */

/** Marks and spaces that pdf.js may keep around numbers: gone, so tokens compare as a reader sees them. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/[\u00a0\u202f]/g, ' ');

test('the progress matrix prints every stage column and the done column on A4 landscape', async ({ page }) => {
  test.setTimeout(budget(120_000));
  const account = await registerViaApi(page);
  await signIn(page, account.username, account.password);
  // Fourteen stages with long names: far wider than a landscape page at screen size.
  const stages = Array.from({ length: 13 }, (_, i) => ({ name: `שלב ${i + 1} עבודות גמר, איטום וריצוף` }));
  stages.push({ name: 'מסירה' });
  // Forty units: more rows than one page holds, so the header must come again on the next pages.
  const numbers = Array.from({ length: 40 }, (_, i) => `A${101 + i}`);
  const bulk = await page.request.post('/api/rooms/bulk', { data: { rooms: numbers.map((number) => ({ number, floor: 1 })) } });
  expect(bulk.status(), await bulk.text()).toBe(200);
  const units = (await (await page.request.get('/api/rooms')).json()) as { id: string }[];
  const res = await page.request.post('/api/task-schedules', { data: { roomIds: units.map((u) => u.id), taskTemplates: stages } });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/progress-matrix');
  await expect(page.getByTestId('progress-row').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'מסירה' })).toBeVisible();

  const pdf = await printToPdf(page);
  const text = plain(pdf.text);
  expect(text).toContain('מטריצת התקדמות');
  // The last stage's and the done column's headers ("בוצעו"; the footer's "בוצעו לפי שלב" is the
  // first column's, always printed), on every page: the header row repeats.
  expect(pdf.pages).toBeGreaterThan(1);
  expect(text.match(/מסירה/g)?.length).toBe(pdf.pages);
  expect(text.match(/בוצעו(?!\s*לפי)/g)?.length).toBe(pdf.pages);
  for (const unit of numbers) expect(text).toContain(unit);
  // Landscape: the page is wider than it is tall.
  expect(pdf.width).toBeGreaterThan(pdf.height);
});

/** YYYY-MM-DD two months after today: two billing dates have passed. */
function twoMonthsFromToday(): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + 2);
  return d.toISOString().slice(0, 10);
}

async function runBilling(request: APIRequestContext) {
  expect((await request.post('/api/admin/login', { data: DEMO_PLATFORM_ADMIN })).status()).toBe(200);
  const run = await request.post('/api/admin/billing/run', { data: { asOf: twoMonthsFromToday() } });
  expect(run.status(), await run.text()).toBe(200);
}

test('the Hebrew tax invoice prints its line with the description, the period and the amount apart', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(budget(120_000));
  const account = await registerViaApi(page);
  const admin = await playwright.request.newContext({ baseURL });
  await runBilling(admin);
  await admin.dispose();

  await signIn(page, account.username, account.password);
  await page.goto('/account-profile');
  await page
    .getByRole('region', { name: 'חשבוניות' })
    .getByRole('link', { name: /^חשבונית \d+/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+$/);
  const line = page.getByTestId('invoice-line');
  await expect(line).toBeVisible();
  const [, periodCell, amountCell] = (await line.locator('td').allInnerTexts()).map((t) => plain(t).trim());
  const [from, to] = periodCell.split(' – ');
  const amount = /[\d,]+\.\d\d/.exec(amountCell)?.[0];
  expect(from && to && amount, `${periodCell} | ${amountCell}`).toBeTruthy();

  const pdf = await printToPdf(page);
  const row = plain(pdf.text)
    .split('\n')
    .find((l) => l.includes(from) && l.includes(to));
  expect(row, pdf.text).toBeDefined();
  // Each figure is a token of its own: nothing of the next column glued to it.
  const tokens = row!.split(/\s+/);
  expect(tokens).toContain(from);
  expect(tokens).toContain(to);
  expect(tokens.map((t) => t.replace('₪', ''))).toContain(amount);
});
