import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { BILLING_EXPORT_WORDS } from '#contract/billing-export-words.ts';
import { LOCALES } from '#contract/constants.ts';
import { EXPORT_WORDS, statisticsExportWords } from '#contract/export-words.ts';
import { PROJECT_TYPES } from '#contract/project-types.ts';
import { taskCompletions } from '../db/schema/index.ts';
import { upsertPlatformAdmin } from '../modules/auth/auth.service.ts';
import { clientAddress, createTestApp, login, registerAndLogin, type TestContext } from '../test/helpers.ts';
import { localDate } from './calendar.ts';
import { csvLines, sheetRows, unzip } from './xlsx-test-support.ts';

/**
 * Every export speaks the reader's language (docs/product.md "Exports"): no stored value (a status,
 * a project type, a trend) and no English unit reaches a file in another language, and a note of
 * several lines stays several lines.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerAndLogin>>;
let asAdmin: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
const NOTE = 'Line one\nline two, with "quotes"\r\nline three';
/** Only line breaks: nothing else in it asks for quotes. */
const PLAIN_NOTE = 'Line one\nline two';

/** The stored values a reader must never see as such. */
const RAW = new Set<string>([
  'pending',
  'in_progress',
  'completed',
  'up',
  'down',
  'stable',
  'active',
  'inactive',
  'cancelled',
  'accepted',
  'rejected',
  'awaiting',
  'sent_back',
  ...PROJECT_TYPES,
]);

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-03-10T10:00:00Z') });
  const admin = { username: 'platform-words', password: 'platform-secret-1' };
  await upsertPlatformAdmin(ctx.app.db, admin.username, admin.password);
  owner = await registerAndLogin(ctx.app, { facilityName: 'Words Tower' });
  const platform = await login(ctx.app, admin, { url: '/api/admin/login', headers: clientAddress() });
  asAdmin = (opts) => ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: platform.cookie } });

  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await owner.as({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: string };
  };
  const unit = await post('/api/rooms', { number: 'W-1', floor: 1 });
  await post('/api/shortages', { name: 'Tiles', quantity: 2, status: 'in_progress', notes: NOTE });
  await post('/api/measurements', { name: 'Door', quantity: 1, height: 2100, width: 900, status: 'completed', notes: PLAIN_NOTE });
  await post('/api/task-schedules', { roomIds: [unit.id], taskTemplates: [{ name: 'Plaster' }, { name: 'Paint' }] });
  const stages = (await owner.as({ method: 'GET', url: `/api/task-schedules?roomId=${unit.id}` })).json() as { id: string }[];
  await ctx.database.db.insert(taskCompletions).values({
    projectId: owner.user.projectId,
    taskId: stages[0].id,
    unitId: unit.id,
    workDate: localDate('Asia/Jerusalem', ctx.clock.now),
    period: 'once',
    workerName: 'Dana',
    notes: PLAIN_NOTE,
    completedAt: new Date('2026-03-10T07:15:00Z'),
  });
});
afterAll(async () => ctx?.close());

const EXPORTS = [
  '/api/shortages/export',
  '/api/measurements/export',
  '/api/scheduled-tasks/export',
  '/api/stats/cleaning/export?days=7',
  '/api/employee-performance/export?range=today',
];

async function cellsOf(url: string, format: 'csv' | 'xlsx', admin = false): Promise<string[][]> {
  const full = `${url}${url.includes('?') ? '&' : '?'}format=${format}`;
  const res = admin ? await asAdmin({ method: 'GET', url: full }) : await owner.as({ method: 'GET', url: full });
  expect(res.statusCode, res.body).toBe(200);
  if (format === 'csv') return csvLines(res.body);
  const sheet = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
  return sheetRows(sheet).map((row) => Object.values(row).map((c) => String(c.value)));
}

describe('export words in every language', () => {
  for (const lang of LOCALES) {
    it(`writes no stored value and no English unit in ${lang}`, async () => {
      const words = EXPORT_WORDS[lang];
      const files: Record<string, string[][]> = {};
      for (const url of EXPORTS) files[url] = await cellsOf(`${url}${url.includes('?') ? '&' : '?'}lang=${lang}`, 'csv');
      const billing = await cellsOf(`/api/admin/customers-billing/export?lang=${lang}&q=words`, 'csv', true);
      for (const [url, rows] of Object.entries({ ...files, billing })) {
        for (const cell of rows.flat()) expect(RAW.has(cell), `${url}: "${cell}"`).toBe(false);
        if (lang !== 'en') for (const cell of rows.flat()) expect(cell, url).not.toMatch(/\bmin\b/);
      }
      expect(files['/api/shortages/export'][1]).toContain(words.reportStatus.in_progress);
      expect(files['/api/measurements/export'][1]).toContain(words.reportStatus.completed);
      expect(files['/api/scheduled-tasks/export'].flat()).toEqual(
        expect.arrayContaining([words.taskStatus.completed, words.taskStatus.pending, words.reviewState.awaiting]),
      );
      expect(files['/api/scheduled-tasks/export'][0]).toContain(words.scheduledTasks.columns.review);
      expect(files['/api/employee-performance/export?range=today'][1]).toContain(words.trend.up);
      const session = statisticsExportWords(lang, 'construction').labels.sessionTime;
      expect(session).toMatch(/\(.+\)$/);
      expect(files['/api/stats/cleaning/export?days=7'].map((r) => r[0])).toContain(session);
      const b = BILLING_EXPORT_WORDS[lang];
      expect(billing[0]).toEqual(b.columns);
      expect(billing[1]).toContain(b.projectType.construction);
      expect(billing[1]).toContain(b.status.active);
    });
  }
});

describe('a note of several lines', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`comes back whole from ${format} in every list that carries notes`, async () => {
      const expected = {
        '/api/shortages/export?lang=en': format === 'csv' ? NOTE : NOTE.replace('\r\n', '\n'),
        '/api/measurements/export?lang=en': PLAIN_NOTE,
        '/api/scheduled-tasks/export?lang=en': PLAIN_NOTE,
      };
      for (const [url, note] of Object.entries(expected)) {
        const rows = await cellsOf(url, format);
        expect(
          rows.flat().filter((cell) => cell.startsWith('Line one')),
          url,
        ).toEqual([note]);
      }
    });
  }

  it('is wrapped and top-aligned in the .xlsx, so every line shows', async () => {
    const res = await owner.as({ method: 'GET', url: '/api/shortages/export?lang=en&format=xlsx' });
    const parts = unzip(res.rawPayload);
    const note = sheetRows(parts.get('xl/worksheets/sheet1.xml')!)[1].G;
    expect(note.style).toBe(4);
    expect(parts.get('xl/styles.xml')).toMatch(
      /<cellXfs count="5">(<xf [^>]*\/>){4}<xf [^>]*applyAlignment="1"><alignment vertical="top" wrapText="1"\/><\/xf><\/cellXfs>/,
    );
  });
});
