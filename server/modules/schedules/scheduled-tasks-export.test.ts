import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '#contract/rooms.ts';
import type { ScheduledTasksPage } from '#contract/schedules.ts';
import { taskCompletions, workSessions } from '../../db/schema/index.ts';
import { localDate } from '../../lib/calendar.ts';
import { csvLines, serialOf, sheetRows, unzip } from '../../lib/xlsx-test-support.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { EXPORT_CHUNK_ROWS } from '../../lib/export-file.ts';
import { signInMember } from './test-support.ts';

/** Work tracking's export (docs/product.md "Exports"): every row under the screen's filters. */
let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
type As = Owner['as'];
let a: Owner;
let b: Owner;
let units: Record<string, Room>;

async function addUnits(as: As, rooms: { number: string; facilityType?: string; floor?: number }[]) {
  const res = await as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms } });
  expect(res.statusCode, res.body).toBe(200);
  const all = (await as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
  return Object.fromEntries(all.map((r) => [r.number, r]));
}
async function scheduleOn(as: As, roomIds: string[], names: string[]) {
  const res = await as({
    method: 'POST',
    url: '/api/task-schedules',
    payload: { roomIds, taskTemplates: names.map((name) => ({ name })) },
  });
  expect(res.statusCode, res.body).toBe(201);
}
const tasksOf = async (as: As, roomId: string) =>
  (await as({ method: 'GET', url: `/api/task-schedules?roomId=${roomId}` })).json() as { id: string; name: string }[];

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-03-10T10:00:00Z') });
  a = await registerAndLogin(ctx.app);
  b = await registerAndLogin(ctx.app);
  units = await addUnits(a.as, [
    { number: '101', floor: 1 },
    { number: '102', floor: 2 },
    { number: '201', facilityType: 'hotel' },
  ]);
  await a.as({ method: 'PUT', url: `/api/rooms/${units['102'].id}`, payload: { name: 'פנטהאוז צפון' } });
  await scheduleOn(a.as, [units['101'].id, units['102'].id], ['שלב אחד', 'Stage two']);
  await scheduleOn(a.as, [units['201'].id], ['Make beds']);
  const [stageOne] = await tasksOf(a.as, units['101'].id);
  const today = localDate('Asia/Jerusalem', ctx.clock.now);
  await ctx.database.db.insert(taskCompletions).values({
    projectId: a.user.projectId,
    taskId: stageOne.id,
    unitId: units['101'].id,
    workDate: today,
    period: 'once',
    workerName: 'יוסי כהן',
    notes: 'הכול יבש',
    completedAt: new Date('2026-03-10T07:15:00Z'),
  });
  await ctx.database.db
    .insert(workSessions)
    .values({ projectId: a.user.projectId, unitId: units['102'].id, workerName: 'Ahmed', workDate: today });
  const other = await addUnits(b.as, [{ number: '101' }]);
  await scheduleOn(b.as, [other['101'].id], ['Other project stage']);
});
afterAll(async () => ctx?.close());

async function download(as: As, query: string) {
  const res = await as({ method: 'GET', url: `/api/scheduled-tasks/export?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/scheduled-tasks/export', () => {
  it('writes every task as .xlsx in the screen’s order: Hebrew headers right to left, floors as numbers, completion as a date', async () => {
    const res = await download(a.as, 'format=xlsx&lang=he');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="work-tracking-2026-03-10.xlsx"');
    const sheet = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('rightToLeft="1"');
    const rows = sheetRows(sheet);
    expect(Object.values(rows[0]).map((c) => c.value)).toEqual([
      'דירה',
      'שם הדירה',
      'קומה',
      'משימה',
      'סטטוס',
      'בדיקה',
      'עובד',
      'הושלם בשעה',
      'הערות',
    ]);
    expect(rows.slice(1).map((r) => [r.A.value, r.D.value, r.E.value])).toEqual([
      ['101', 'שלב אחד', 'הושלם'],
      ['101', 'Stage two', 'ממתין'],
      ['102', 'שלב אחד', 'בתהליך'],
      ['102', 'Stage two', 'בתהליך'],
      ['201', 'Make beds', 'ממתין'],
    ]);
    expect(rows[1].C).toEqual({ type: 'n', style: 0, value: 1 });
    // The review state (docs/decisions/029-quality-loop.md): the completed stage awaits review, open ones have none.
    expect(rows[1].F.value).toBe('ממתין לבדיקה');
    expect(rows[2].F).toBeUndefined();
    expect(rows[1].G.value).toBe('יוסי כהן');
    // 07:15Z is 09:15 in Jerusalem.
    expect(rows[1].H).toEqual({ type: 'n', style: 3, value: expect.closeTo(serialOf('2026-03-10T09:15:00'), 6) as number });
    expect(rows[3].B.value).toBe('פנטהאוז צפון');
    expect(rows[3].G.value).toBe('Ahmed');
  });

  it('applies the list’s filters (status, search, project type) and matches the paged list exactly', async () => {
    const res = await download(a.as, 'format=csv&lang=en&status=in_progress&search=penthouse');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvLines(res.body)).toEqual([
      ['Apartment', 'Apartment name', 'Floor', 'Task', 'Status', 'Review', 'Worker', 'Completed at', 'Notes'],
    ]);
    const csv = await download(a.as, 'format=csv&lang=en&status=completed');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="work-tracking-2026-03-10.csv"');
    expect(csvLines(csv.body).slice(1)).toEqual([
      ['101', '', '1', 'שלב אחד', 'Completed', 'Awaiting review', 'יוסי כהן', '2026-03-10 09:15', 'הכול יבש'],
    ]);
    const hotel = csvLines((await download(a.as, 'format=csv&lang=en&projectType=hotel')).body);
    expect(hotel.slice(1).map((l) => l[3])).toEqual(['Make beds']);
    const list = (await a.as({ method: 'GET', url: '/api/scheduled-tasks?search=stage&pageSize=2' })).json() as ScheduledTasksPage;
    const all = csvLines((await download(a.as, 'format=csv&lang=en&search=stage')).body).slice(1);
    expect(all).toHaveLength(list.total);
    expect(all.slice(0, 2).map((l) => l[3])).toEqual(list.items.map((t) => t.name));
  });

  it('is open to members, never shows another project’s tasks, and refuses bad input and strangers', async () => {
    const cleaner = await signInMember(ctx.app, ctx.database.db, a.user.projectId, 'cleaner');
    const mine = csvLines((await download(cleaner, 'format=csv&lang=en')).body);
    expect(mine).toHaveLength(6);
    expect(mine.flat()).not.toContain('Other project stage');
    const theirs = csvLines((await download(b.as, 'format=csv&lang=en')).body);
    expect(theirs.slice(1).map((l) => l[3])).toEqual(['Other project stage']);
    expect((await a.as({ method: 'GET', url: '/api/scheduled-tasks/export?format=docx' })).statusCode).toBe(400);
    expect((await a.as({ method: 'GET', url: '/api/scheduled-tasks/export?format=csv&lang=de' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/scheduled-tasks/export?format=csv' })).statusCode).toBe(401);
  });

  it('reads past one chunk: more rows than a statement fetches all arrive, in order', async () => {
    const owner = await registerAndLogin(ctx.app);
    const rooms = Array.from({ length: 105 }, (_, i) => ({ number: String(1000 + i) }));
    const many = await addUnits(owner.as, rooms);
    await scheduleOn(
      owner.as,
      Object.values(many).map((u) => u.id),
      Array.from({ length: 50 }, (_, i) => `Stage ${String(i).padStart(2, '0')}`),
    );
    expect(105 * 50).toBeGreaterThan(EXPORT_CHUNK_ROWS);
    const rows = sheetRows(unzip((await download(owner.as, 'format=xlsx&lang=en')).rawPayload).get('xl/worksheets/sheet1.xml')!);
    expect(rows).toHaveLength(1 + 105 * 50);
    expect([rows[1].A.value, rows[1].D.value]).toEqual(['1000', 'Stage 00']);
    expect([rows[105 * 50].A.value, rows[105 * 50].D.value]).toEqual(['1104', 'Stage 49']);
    const ids = new Set(rows.slice(1).map((r) => `${r.A.value}/${r.D.value}`));
    expect(ids.size).toBe(105 * 50);
  });
});
