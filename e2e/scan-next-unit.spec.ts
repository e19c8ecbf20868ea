import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import { phone, projectWithStages } from './worker-helpers.ts';

/**
 * "Scan the next unit" (docs/product.md "Working without signal"): a worker in Russian finishes with
 * one unit and reads the next unit's label with the in-page scanner — here from a photo of the
 * label, as on a phone whose camera is not allowed — and lands on that unit's page with the
 * remembered name and language, one tap from its stages.
 */
test('the scanner reads a unit label and the worker goes on in the same language with the same name', async ({
  page,
  browser,
  baseURL,
}) => {
  const { units, qrId } = await projectWithStages(page, ['A101', 'A102']);
  const [first, next] = units;
  const worker = await phone(browser, 'ru-RU');
  const w = worker.page;

  await w.goto(`${baseURL}/qr-scan?qrId=${encodeURIComponent(qrId)}`);
  await w.getByRole('button', { name: 'Русский' }).click();
  await w.getByLabel('Номер квартиры').fill('A101');
  await expect(w.getByText('Выбрано: A101')).toBeVisible();
  await w.getByLabel('Имя', { exact: true }).fill('Иван');
  await w.getByRole('button', { name: 'Начать работу' }).click();
  await expect(w).toHaveURL(new RegExp(`/work-tasks/${first.id}`));
  await expect(w.getByText('Готово 0 из 7')).toBeVisible();

  // Not a Shalav label: said so, and the scanner stays open.
  await w.getByRole('button', { name: 'Сканировать следующую квартиру' }).click();
  const scanner = w.getByTestId('qr-scanner');
  await expect(scanner).toBeVisible();
  const photoOf = async (text: string) => ({
    name: 'label.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer(text, { width: 320 }),
  });
  await w.getByTestId('qr-photo-input').setInputFiles(await photoOf('https://example.com/menu'));
  await expect(scanner).toContainText('Это не этикетка Shalav');

  // The next unit's printed label (any host: labels outlive a domain move).
  await w.getByTestId('qr-photo-input').setInputFiles(await photoOf(`https://old-host.example/work-tasks/${next.id}`));
  await expect(w).toHaveURL(new RegExp(`/work-tasks/${next.id}`));
  await expect(w.getByRole('heading', { name: 'Добро пожаловать на работу в квартире A102' })).toBeVisible();
  await expect(w.getByLabel('Ваше имя')).toHaveValue('Иван');
  await w.getByRole('button', { name: 'Начать работу' }).click();
  await expect(w.getByText('Готово 0 из 7')).toBeVisible();
  await expect(w.getByText(DEFAULT_INSPECTION_TASKS[0].text.ru.name)).toBeVisible();
  await expect(w.locator('html')).toHaveAttribute('lang', 'ru');

  // The session on the second unit is recorded under the same name.
  const names = (await (await page.request.get('/api/worker-names?qrId=' + encodeURIComponent(qrId))).json()) as string[];
  expect(names).toContain('Иван');
  await worker.context.close();
});
