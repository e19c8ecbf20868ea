import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzip } from '../server/lib/xlsx-test-support.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { projectWithStages } from './worker-helpers.ts';
import { budget } from '../test-budget.ts';

/**
 * The manager's insight screens in Hebrew (docs/product.md "Statistics", "Employee performance",
 * "Progress matrix"): a worker completes stages on the unit; each screen shows them, and axe finds
 * nothing serious.
 */
test('statistics, employee performance and the progress matrix show a worker’s stages, in Hebrew', async ({ page }) => {
  test.setTimeout(budget(120_000));
  const { units } = await projectWithStages(page, ['A101', 'A102']);
  const [a101] = units;

  // A worker signs in at A101 and completes the three stages that need no photo (3rd, 5th, 7th).
  expect((await page.request.post('/api/work-sessions', { data: { roomId: a101.id, workerName: 'דוד כהן' } })).ok()).toBe(true);
  const tasks = (await (await page.request.get(`/api/scheduled-tasks-public/${a101.id}`)).json()) as {
    id: string;
    requiresPhoto: boolean;
  }[];
  const plain = tasks.filter((t) => !t.requiresPhoto);
  expect(plain).toHaveLength(3);
  for (const [i, task] of plain.entries()) {
    const res = await page.request.put(`/api/scheduled-tasks-complete/${task.id}`, {
      // Names that differ in spacing are one worker.
      data: { workerName: i === 0 ? ' דוד  כהן' : 'דוד כהן' },
      headers: { 'idempotency-key': `insight-${task.id}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // Statistics: 3 of the 14 stages open today are done; the worker tops the list.
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'סטטיסטיקה' })).toBeVisible();
  await expect(page.getByTestId('total-tasks')).toHaveText('14');
  await expect(page.getByTestId('completed-tasks')).toHaveText('3');
  await expect(page.getByTestId('top-workers').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('top-workers')).toContainText('דוד כהן');
  // Each counter tile keeps its status colour on its start edge: four colours, none the frame's.
  const edges = await Promise.all(
    ['clean', 'inProgress', 'needsWork', 'total'].map((key) =>
      page.getByTestId(`tile-${key}`).evaluate((el) => {
        const style = getComputedStyle(el);
        return { start: style.borderInlineStartColor, frame: style.borderTopColor };
      }),
    ),
  );
  for (const edge of edges) expect(edge.start).not.toBe(edge.frame);
  expect(new Set(edges.map((e) => e.start)).size).toBe(4);
  await page.getByRole('button', { name: '7 הימים האחרונים' }).click();
  await expect(page.getByTestId('per-day-chart').getByRole('listitem')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);

  // Employee performance: one worker, three stages in one unit, the formulas one tap away.
  await page.goto('/employee-performance');
  const table = page.getByTestId('performance-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('rowheader')).toHaveText('דוד כהן');
  await expect(row.getByRole('cell').nth(1)).toHaveText('3');
  await expect(page.getByTestId('kpi-completed')).toHaveText('3');
  // The table as a spreadsheet and as CSV: the worker's row, Hebrew headers, a right-to-left sheet, a BOM.
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^employee-performance-today-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheetXml = unzip(await fs.readFile(await xlsx.path())).get('xl/worksheets/sheet1.xml') ?? '';
  expect(sheetXml).toContain('rightToLeft="1"');
  expect(sheetXml).toContain('דוד כהן');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csvText = await fs.readFile(await csv.path(), 'utf8');
  expect(csvText.charCodeAt(0)).toBe(0xfeff);
  expect(csvText).toContain('דוד כהן');
  await page.getByText('איך זה מחושב?').click();
  await expect(page.getByText(/דירוג/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The progress matrix: A101 has 3 of its 7 stages done, A102 none.
  await page.goto('/progress-matrix');
  const rows = page.getByTestId('progress-row');
  await expect(rows.filter({ hasText: 'A101' }).getByTestId('row-count')).toContainText('3');
  await expect(rows.filter({ hasText: 'A102' }).getByTestId('row-count')).toContainText('0');
  await expectNoSeriousA11yViolations(page);

  // A phone, right to left: the statistics fit the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/statistics');
  await expect(page.getByTestId('counter-total')).toHaveText('2');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
