import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { makeJpeg, phone, projectWithStages } from './worker-helpers.ts';
import { budget } from '../test-budget.ts';

/**
 * The quality loop on phones (docs/product.md "Quality loop", docs/decisions/029-quality-loop.md):
 * a Hebrew worker completes a stage with a photo, the Hebrew manager sends it back with a reason
 * from the review queue, a Russian worker scans the unit, sees the stage sent back with the reason
 * as typed, redoes it with a new photo, and the manager accepts it.
 */
// The last stage that needs a photo: sent back, it must move to the top of the list.
const STAGE_INDEX = DEFAULT_INSPECTION_TASKS.findLastIndex((s) => s.requiresPhoto);
const STAGE = DEFAULT_INSPECTION_TASKS[STAGE_INDEX];
const REASON_TEXT = 'הרובה לא אחידה ליד החלון';

async function chooseLanguage(w: Page, baseURL: string, qrId: string, name: string, lng: string) {
  await w.goto(`${baseURL}/qr-scan?qrId=${encodeURIComponent(qrId)}`);
  await w.getByRole('button', { name }).click();
  await expect(w.locator('html')).toHaveAttribute('lang', lng);
}

async function completeStage(w: Page, labels: { add: string; uploaded: string; complete: string }) {
  const card = w.getByTestId('task-card').nth(STAGE_INDEX);
  await card.getByRole('button', { expanded: false }).click();
  await card.getByRole('button', { name: labels.add }).click();
  await w.getByTestId('photo-file-input').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(w) });
  await expect(card.getByText(labels.uploaded)).toBeVisible({ timeout: budget(20_000) });
  await card.getByRole('button', { name: labels.complete }).click();
}

test('a stage sent back reaches the next worker in Russian, is redone with a new photo, and is accepted', async ({ browser, baseURL }) => {
  test.setTimeout(budget(180_000));
  expect(STAGE_INDEX).toBeGreaterThan(0);
  const manager = await phone(browser);
  const m = manager.page;
  const { unit, qrId } = await projectWithStages(m);

  // A Hebrew worker completes the stage with its photo.
  const first = await phone(browser);
  await chooseLanguage(first.page, baseURL!, qrId, 'עברית', 'he');
  await first.page.goto(`${baseURL}/work-tasks/${unit.id}?workerName=${encodeURIComponent('יוסי כהן')}`);
  await expect(first.page.getByTestId('task-card').nth(STAGE_INDEX)).toContainText(STAGE.text.he.name);
  await completeStage(first.page, { add: 'הוסף תמונה', uploaded: 'התמונה הועלתה בהצלחה', complete: 'סיים משימה' });
  await expect(first.page.getByText('1 מתוך 7 הושלמו')).toBeVisible();
  await first.context.close();

  // The manager, on a phone, finds it in the review queue and sends it back.
  await m.goto('/review');
  const waiting = m.getByTestId('review-phone-item');
  await expect(waiting).toContainText(STAGE.text.he.name);
  await expect(waiting).toContainText('יוסי כהן');
  await expect(waiting.getByRole('img')).toBeVisible();
  await expectNoSeriousA11yViolations(m);
  await waiting.getByRole('button', { name: 'החזרה' }).click();
  const dialog = m.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'איכות גמר ירודה' }).check();
  await dialog.getByLabel('הסיבה במילים שלך').fill(REASON_TEXT);
  await dialog.getByRole('button', { name: 'החזרה' }).click();
  await expect(dialog).toBeHidden();
  await expect(m.getByText('אין שלבים שממתינים לבדיקה')).toBeVisible();

  // A Russian worker scans the unit: the stage is open again, on top, marked, with the reason as typed.
  const second = await phone(browser, 'ru-RU');
  const w = second.page;
  await chooseLanguage(w, baseURL!, qrId, 'Русский', 'ru');
  await w.goto(`${baseURL}/work-tasks/${unit.id}?workerName=${encodeURIComponent('Иван')}`);
  await expect(w.getByText('Готово 0 из 7')).toBeVisible();
  const top = w.getByTestId('task-card').first();
  await expect(top).toContainText(STAGE.text.ru.name);
  const sentBack = top.getByTestId('sent-back');
  await top.getByRole('button', { expanded: false }).click();
  await expect(sentBack).toContainText('Возвращено на доработку');
  await expect(sentBack).toContainText(REASON_TEXT);
  await expect(sentBack).toContainText('איכות גמר ירודה');
  await expectNoSeriousA11yViolations(w);

  // A new photo is required again; the redo goes through and the mark is gone.
  const complete = top.getByRole('button', { name: 'Завершить задачу' });
  await expect(complete).toHaveAttribute('aria-disabled', 'true');
  await top.getByRole('button', { name: 'Добавить фото' }).click();
  await w.getByTestId('photo-file-input').setInputFiles({ name: 'redo.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(w) });
  await expect(top.getByText('Фото успешно загружено')).toBeVisible({ timeout: budget(20_000) });
  await complete.click();
  await expect(w.getByText('Готово 1 из 7')).toBeVisible();
  await expect(w.getByTestId('sent-back')).toHaveCount(0);

  // The manager sees the redo waiting and accepts it.
  await m.reload();
  const redo = m.getByTestId('review-phone-item');
  await expect(redo).toContainText('Иван', { timeout: budget(10_000) });
  await redo.getByRole('button', { name: 'אישור' }).click();
  await expect(m.getByText('אין שלבים שממתינים לבדיקה')).toBeVisible();
  const accepted = await (await m.request.get('/api/reviews?status=accepted')).json();
  expect(accepted.items).toHaveLength(1);
  expect(accepted.items[0]).toMatchObject({ workerName: 'Иван', status: 'accepted' });
  const rejected = await (await m.request.get('/api/reviews?status=rejected')).json();
  expect(rejected.items).toHaveLength(1);
  expect(rejected.items[0].review.reason).toContain(REASON_TEXT);
  await second.context.close();
  await manager.context.close();
});
