import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, signIn } from './helpers.ts';
import { budget } from '../test-budget.ts';

test('manager setup: generate a building, schedule the seven stages on floor prefix A, print B labels', async ({ page }) => {
  test.setTimeout(budget(120_000));
  const account = await registerViaApi(page);
  await signIn(page, account.username, account.password);

  // Generate the medium quick template: A101–150, B201–250, C301–320.
  await page.goto('/room-generator');
  await page.getByRole('button', { name: 'שימוש בתבנית: פרויקט בנייה בינוני' }).click();
  await page.getByRole('button', { name: 'יצירת יחידות חדשות (120)' }).click();
  await expect(page).toHaveURL(/\/task-scheduling$/, { timeout: budget(15_000) });

  // Schedule the seven default stages on every unit whose number starts with "A".
  await page.getByRole('button', { name: 'העתקה לדירות רבות' }).click();
  await page.getByLabel('קומה (תחילת מספר הדירה)').fill('A');
  await expect(page.getByText('50 מתוך 120 דירות מתאימות')).toBeVisible();
  await page.getByRole('button', { name: 'בחירת כל 50 המתאימות' }).click();
  await expect(page.getByText('נבחרו 50')).toBeVisible();
  await page.getByRole('button', { name: 'שמירת לוח המשימות' }).click();
  await expect(page.getByTestId('toast')).toContainText('לוח המשימות נשמר');
  await expect(page).toHaveURL(/\/$/, { timeout: budget(10_000) });

  // The map: every A unit has 0 of 7 stages today, B and C units have none.
  const a101 = page.getByTestId('room-card').filter({ hasText: 'A101' });
  await expect(a101.getByTestId('task-count')).toContainText('0/7');
  const aCounts = page
    .getByTestId('room-card')
    .filter({ hasText: /A1\d\d/ })
    .getByTestId('task-count');
  await expect(aCounts).toHaveCount(50);
  for (const text of await aCounts.allInnerTexts()) expect(text).toContain('0/7');
  await expect(page.getByTestId('room-card').filter({ hasText: 'B201' }).getByTestId('task-count')).not.toContainText('/7');

  // Per-unit labels for floor prefix "B": 50 labels on A4 sheets of 21.
  await page.goto('/unit-labels');
  await page.getByRole('radio', { name: 'לפי קידומת קומה' }).check();
  await page.getByLabel('קידומת קומה', { exact: true }).fill('B');
  await expect(page.getByTestId('label-summary')).toContainText('מדבקות: 50');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('label-sheet').getByTestId('unit-label')).toHaveCount(50);
  await expect(page.getByTestId('label-page')).toHaveCount(3);
  await page.emulateMedia({ media: 'screen' });
  await expectNoSeriousA11yViolations(page);

  // On a 360 px phone, in Hebrew, every work-tracking status tab (the "done" one too) is on screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/work-tracking');
  const tabs = page.getByRole('group', { name: 'סינון לפי סטטוס' }).getByRole('button');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.last()).toContainText('הושלם');
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
});
