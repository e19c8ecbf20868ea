import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeePerformance } from '#contract/insight.ts';
import { taskCompletions, tasks } from '../../db/schema/index.ts';
import { csvLines, sheetRows, unzip } from '../../lib/xlsx-test-support.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { signInMember } from '../schedules/test-support.ts';

/** The employee performance export (docs/product.md "Exports"): the ranking the screen shows. */
let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
let a: Owner;
let b: Owner;

async function seed(owner: Owner, workers: [string, string][]) {
  const res = await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A1', floor: 1 } });
  const unitId = (res.json() as { id: string }).id;
  const rows = await ctx.database.db
    .insert(tasks)
    .values(workers.map((_, i) => ({ projectId: owner.user.projectId, unitId, name: `s${i}`, sortOrder: i + 1, estimatedMinutes: 20 })))
    .returning();
  await ctx.database.db.insert(taskCompletions).values(
    rows.map((t, i) => ({
      projectId: owner.user.projectId,
      taskId: t.id,
      unitId,
      workDate: workers[i][1].slice(0, 10),
      period: 'once',
      workerName: workers[i][0],
      completedAt: new Date(workers[i][1]),
    })),
  );
}

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2026-03-10T10:00:00Z') });
  a = await registerAndLogin(ctx.app);
  b = await registerAndLogin(ctx.app);
  await seed(a, [
    ['דנה', '2026-03-10T07:00:00Z'],
    ['דנה', '2026-03-10T07:30:00Z'],
    ['Yossi', '2026-03-10T08:00:00Z'],
    ['Yossi', '2026-03-05T08:00:00Z'],
  ]);
  await seed(b, [['Stranger', '2026-03-10T07:00:00Z']]);
});
afterAll(async () => ctx?.close());

const ranking = async (owner: Owner, range: string) =>
  ((await owner.as({ method: 'GET', url: `/api/employee-performance?range=${range}` })).json() as EmployeePerformance).employees;

describe('GET /api/employee-performance/export', () => {
  it('writes the screen’s ranking as .xlsx: numbers as numbers, Hebrew headers, right to left', async () => {
    const res = await a.as({ method: 'GET', url: '/api/employee-performance/export?format=xlsx&lang=he&range=today' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="employee-performance-today-2026-03-10.xlsx"');
    const sheet = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('rightToLeft="1"');
    const rows = sheetRows(sheet);
    expect(Object.values(rows[0]).map((c) => c.value)).toEqual(['מקום', 'שם', 'שלבים שהושלמו', 'דירות', 'דירוג', 'יעילות (%)', 'מגמה']);
    const employees = await ranking(a, 'today');
    expect(employees.map((e) => e.name)).toEqual(['דנה', 'Yossi']);
    expect(rows.slice(1)).toEqual(
      employees.map((e) => ({
        A: { type: 'n', style: 0, value: e.rank },
        B: { type: 's', style: 0, value: e.name },
        C: { type: 'n', style: 0, value: e.tasksCompleted },
        D: { type: 'n', style: 0, value: e.roomsCleaned },
        E: { type: 'n', style: 0, value: e.rating },
        F: { type: 'n', style: 0, value: e.efficiency },
        G: { type: 's', style: 0, value: { up: 'עלייה', down: 'ירידה', stable: 'יציב' }[e.trend] },
      })),
    );
  });

  it('follows the range, in English left to right as CSV with a BOM, only the caller’s project', async () => {
    const res = await a.as({ method: 'GET', url: '/api/employee-performance/export?format=csv&lang=en&range=week' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="employee-performance-week-2026-03-10.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(res.body);
    expect(lines[0]).toEqual(['Rank', 'Name', 'Stages completed', 'Apartments', 'Rating', 'Efficiency (%)', 'Trend']);
    const employees = await ranking(a, 'week');
    expect(lines.slice(1)).toEqual(
      employees.map((e) => [
        ...[e.rank, e.name, e.tasksCompleted, e.roomsCleaned, e.rating, e.efficiency].map(String),
        { up: 'Up', down: 'Down', stable: 'Stable' }[e.trend],
      ]),
    );
    expect(lines.find((l) => l[1] === 'Yossi')?.[2]).toBe('2');
    expect(res.body).not.toContain('Stranger');
    const en = await a.as({ method: 'GET', url: '/api/employee-performance/export?format=xlsx&lang=en' });
    expect(unzip(en.rawPayload).get('xl/worksheets/sheet1.xml')).not.toContain('rightToLeft');
  });

  it('is for managers only, and refuses bad input and strangers', async () => {
    const cleaner = await signInMember(ctx.app, ctx.database.db, a.user.projectId, 'cleaner');
    expect((await cleaner({ method: 'GET', url: '/api/employee-performance/export?format=csv' })).statusCode).toBe(403);
    expect((await a.as({ method: 'GET', url: '/api/employee-performance/export?format=csv&range=year' })).statusCode).toBe(400);
    expect((await a.as({ method: 'GET', url: '/api/employee-performance/export?format=ods' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/employee-performance/export?format=csv' })).statusCode).toBe(401);
  });
});
