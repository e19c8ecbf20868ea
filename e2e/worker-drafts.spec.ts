import { expect, test } from '@playwright/test';
import { DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { phone, projectWithStages, waitForOfflineReady } from './worker-helpers.ts';
import { budget } from '../test-budget.ts';

/**
 * docs/product.md "Working without signal", "It remembers the worker": a unit's label opened on a
 * new phone asks the language first; a stage's notes survive a reload until the completion is sent.
 */
test("a unit label on a new phone asks the language; a stage's notes survive a reload and go once sent", async ({ page, browser }) => {
  test.setTimeout(budget(120_000));
  const { unit } = await projectWithStages(page);
  const worker = await phone(browser);
  const w = worker.page;

  // The label's address: no language on this phone yet, so the first screen asks for it.
  await w.goto(`/work-tasks/${unit.id}`);
  await expect(w.getByRole('heading', { name: 'בחרו שפה' })).toBeVisible();
  await w.getByRole('button', { name: 'Русский' }).click();
  await expect(w.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(w.getByRole('heading', { name: 'Добро пожаловать на работу в квартире A101' })).toBeVisible();
  await w.getByLabel('Ваше имя').fill('Olena Shevchenko');
  await w.getByRole('button', { name: 'Начать работу' }).click();

  // A stage that needs no photo: a note typed, then the page reloaded.
  const card = w.getByTestId('task-card').nth(DEFAULT_INSPECTION_TASKS.findIndex((s) => !s.requiresPhoto));
  await card.getByRole('button', { expanded: false }).click();
  await card.getByLabel('Примечание (необязательно)').fill('Угол треснул, исправлено');
  // The service worker for the chosen language settles first: a reload while it takes over the page
  // was aborted on a loaded machine.
  await waitForOfflineReady(w, 'ru');
  await w.reload();
  // Asked once: the language is now the phone's.
  await expect(w.getByRole('heading', { name: 'בחרו שפה' })).toBeHidden();
  await card.getByRole('button', { expanded: false }).click();
  await expect(card.getByLabel('Примечание (необязательно)')).toHaveValue('Угол треснул, исправлено');

  // Completed: the note travels with it, and the phone forgets the draft.
  const sent = w.waitForRequest((r) => r.url().includes('/api/scheduled-tasks-complete/') && r.method() === 'PUT');
  await card.getByRole('button', { name: 'Завершить задачу' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ notes: 'Угол треснул, исправлено' });
  await expect(card).toHaveAttribute('data-completed', 'true');
  expect(await w.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('shalav.draft.notes.')))).toEqual([]);
  await w.reload();
  await expect(card).toHaveAttribute('data-completed', 'true');
  await expect(w.getByText('Угол треснул, исправлено')).toHaveCount(0);
  await worker.context.close();
});
