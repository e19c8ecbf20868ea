import { expect, test } from '@playwright/test';
import { DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { printToPdf } from './pdf-text.ts';
import { makeJpeg, projectWithStages } from './worker-helpers.ts';
import { budget } from '../test-budget.ts';

/**
 * The printable reports in Hebrew (docs/product.md, printable reports): a worker completes a stage
 * with a photo and the manager reports a shortage; each report, printed to an A4 PDF by the
 * browser, reads in logical order (pdf.js extracts the Hebrew strings as written) and the handover
 * report embeds the photo as an image.
 */

test('the unit handover and project progress reports print to A4 PDFs in Hebrew, with the photo', async ({ page }) => {
  test.setTimeout(budget(120_000));
  const { unit } = await projectWithStages(page, ['A101']);

  // A worker signs in at A101 and completes the first stage with a photo, through the worker API.
  const worker = 'דוד כהן';
  expect((await page.request.post('/api/work-sessions', { data: { roomId: unit.id, workerName: worker } })).ok()).toBe(true);
  const tasks = (await (await page.request.get(`/api/scheduled-tasks-public/${unit.id}`)).json()) as {
    id: string;
    requiresPhoto: boolean;
  }[];
  const photoStage = tasks.findIndex((t) => t.requiresPhoto);
  expect(photoStage).toBeGreaterThanOrEqual(0);
  const ticket = (await (await page.request.post('/api/objects/upload', { data: { roomId: unit.id } })).json()) as {
    uploadURL: string;
    objectPath: string;
  };
  const upload = await page.request.put(ticket.uploadURL, { data: await makeJpeg(page), headers: { 'content-type': 'image/jpeg' } });
  expect(upload.ok(), await upload.text()).toBe(true);
  const done = await page.request.put(`/api/scheduled-tasks-complete/${tasks[photoStage].id}`, {
    data: { workerName: worker, photoUrl: ticket.objectPath, notes: 'נבדק עם הדייר' },
    headers: { 'idempotency-key': `print-${tasks[photoStage].id}` },
  });
  expect(done.ok(), await done.text()).toBe(true);

  // The manager reports a shortage at A101.
  const shortage = await page.request.post('/api/shortages', {
    data: { name: 'אריחי קרמיקה', quantity: 12, apartmentNumber: 'A101', reportedBy: 'משה לוי', status: 'pending' },
  });
  expect(shortage.status(), await shortage.text()).toBe(201);

  // The handover report: the unit, its seven stages, the completed one with its worker and photo.
  // Reached from the unit's details on the map.
  await page.goto('/');
  await page.getByTestId('room-card').filter({ hasText: 'A101' }).click();
  await page.getByRole('link', { name: 'דוח מסירה' }).click();
  await expect(page).toHaveURL(new RegExp(`/units/${unit.id}/handover$`));
  await expect(page.getByRole('heading', { level: 1, name: 'דוח מסירת דירה' })).toBeVisible();
  await expect(page.getByTestId('handover-row')).toHaveCount(7);
  await expect(page.getByTestId('print-button')).toHaveText('הדפסה / שמירה כ-PDF');
  const photo = page.getByTestId('handover-photo');
  await expect(photo).toHaveCount(1);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const handover = await printToPdf(page);
  expect(handover.text).toContain('דוח מסירת דירה');
  // The stage's name, as far as its table cell's first line goes (a long name wraps).
  const stageWords = DEFAULT_INSPECTION_TASKS[photoStage].text.he.name.split(' ');
  expect(handover.text).toContain(`${photoStage + 1} ${stageWords.slice(0, 2).join(' ')}`);
  expect(handover.text).toContain(worker);
  expect(handover.text).toContain('A101');
  expect(handover.text).toContain('נבדק עם');
  // The print button and the app's menu are not printed.
  expect(handover.text).not.toContain('הדפסה / שמירה כ-PDF');
  expect(handover.images).toBeGreaterThanOrEqual(1);

  // The progress report: the counters, the floor and the open shortage.
  // Reached from the statistics screen.
  await page.goto('/statistics');
  await page.getByRole('link', { name: 'דוח התקדמות' }).click();
  await expect(page).toHaveURL(/\/reports\/progress$/);
  await expect(page.getByRole('heading', { level: 1, name: 'דוח התקדמות פרויקט' })).toBeVisible();
  await expect(page.getByTestId('report-counter-total')).toHaveText('1');
  await expect(page.getByTestId('shortage-row')).toHaveCount(1);

  const progress = await printToPdf(page);
  expect(progress.pages).toBe(1);
  expect(progress.text).toContain('דוח התקדמות פרויקט');
  expect(progress.text).toContain('חוסרים פתוחים');
  expect(progress.text).toContain('אריחי קרמיקה');
  expect(progress.text).toContain('משה לוי');
  expect(progress.text).not.toContain('הדפסה / שמירה כ-PDF');
});
