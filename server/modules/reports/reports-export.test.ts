import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { csvLines, serialOf, sheetRows, unzip } from '../../lib/xlsx-test-support.ts';

/** The shortages and measurements exports (docs/product.md "Exports"); project zone Asia/Jerusalem. */
let ctx: TestContext;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
let a: Owner;
let b: Owner;
beforeAll(async () => {
  ctx = await createTestApp();
  a = await registerAndLogin(ctx.app);
  b = await registerAndLogin(ctx.app);
  await a.as({ method: 'POST', url: '/api/rooms', payload: { number: 'B-204' } });
  // 2026-03-01 08:00Z is 10:00 in Jerusalem.
  ctx.clock.now = new Date('2026-03-01T08:00:00Z');
  await add(a, 'shortages', { name: 'אריחי רצפה', quantity: 12, reportedBy: 'יוסי', apartmentNumber: 'B-204', notes: '=SUM(A1)' });
  ctx.clock.now = new Date('2026-03-02T08:00:00Z');
  await add(a, 'shortages', { name: 'Window handle', quantity: 3, reportedBy: 'Moshe', status: 'in_progress' });
  await add(b, 'shortages', { name: 'Other project tiles', quantity: 1 });
  ctx.clock.now = new Date('2026-03-03T21:30:00Z');
  await add(a, 'measurements', { name: 'חלון', quantity: 2, height: 1200, width: 800, thickness: 40, apartmentNumber: 'B-204' });
  ctx.clock.now = new Date('2026-03-03T22:00:00Z');
  await add(a, 'measurements', { name: 'Door', quantity: 1, height: 2100, width: 900, status: 'completed' });
  await add(b, 'measurements', { name: 'Other project door', quantity: 1, height: 1, width: 1 });
  ctx.clock.now = new Date('2026-03-10T10:00:00Z');
});
afterAll(async () => ctx?.close());
afterEach(() => {
  if (ctx) ctx.clock.now = new Date('2026-03-10T10:00:00Z');
});

async function add(owner: Owner, list: 'shortages' | 'measurements', payload: Record<string, unknown>) {
  const res = await owner.as({ method: 'POST', url: `/api/${list}`, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
}

async function download(owner: Owner, url: string) {
  const res = await owner.as({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/shortages/export', () => {
  it('downloads the filtered rows as .xlsx: Hebrew headers, right to left, numbers and dates typed', async () => {
    const res = await download(a, '/api/shortages/export?format=xlsx&lang=he&search=%D7%90%D7%A8%D7%99%D7%97');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="shortages-2026-03-10.xlsx"');
    const parts = unzip(res.rawPayload);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('rightToLeft="1"');
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toContain('<cols>');
    expect(parts.get('xl/workbook.xml')).toContain('name="טבלת חוסרים"');
    const rows = sheetRows(sheet);
    expect(rows).toHaveLength(2);
    expect(Object.values(rows[0]).map((c) => c.value)).toEqual(['פריט', 'כמות', 'דירה', 'עובד מדווח', 'סטטוס', 'תאריך דיווח', 'הערות']);
    expect(rows[1]).toEqual({
      A: { type: 's', style: 0, value: 'אריחי רצפה' },
      B: { type: 'n', style: 0, value: 12 },
      C: { type: 's', style: 0, value: 'B-204' },
      D: { type: 's', style: 0, value: 'יוסי' },
      E: { type: 's', style: 0, value: 'ממתין' },
      F: { type: 'n', style: 3, value: expect.closeTo(serialOf('2026-03-01T10:00:00'), 6) as number },
      G: { type: 's', style: 0, value: '=SUM(A1)' },
    });
  });

  it('filters by status like the table, in English left to right', async () => {
    const res = await download(a, '/api/shortages/export?format=xlsx&lang=en&status=in_progress');
    const sheet = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).not.toContain('rightToLeft');
    const rows = sheetRows(sheet);
    expect(rows.map((r) => r.A.value)).toEqual(['Item', 'Window handle']);
    expect(rows[1].E.value).toBe('In progress');
    expect(rows[1].C).toBeUndefined();
  });

  it('downloads CSV with a BOM, newest first, formulas neutralised, local dates, only the caller’s project', async () => {
    const res = await download(a, '/api/shortages/export?format=csv&lang=en');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="shortages-2026-03-10.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvLines(res.body)).toEqual([
      ['Item', 'Quantity', 'Apartment', 'Reported by', 'Status', 'Report date', 'Notes'],
      ['Window handle', '3', '', 'Moshe', 'In progress', '2026-03-02 10:00', ''],
      ['אריחי רצפה', '12', 'B-204', 'יוסי', 'Pending', '2026-03-01 10:00', "'=SUM(A1)"],
    ]);
    expect(res.body).not.toContain('Other project');
  });

  it('refuses a bad format or language, and a caller without a session', async () => {
    expect((await a.as({ method: 'GET', url: '/api/shortages/export?format=pdf' })).statusCode).toBe(400);
    expect((await a.as({ method: 'GET', url: '/api/shortages/export?format=csv&lang=fr' })).statusCode).toBe(400);
    expect((await a.as({ method: 'GET', url: '/api/shortages/export' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shortages/export?format=csv' })).statusCode).toBe(401);
  });
});

describe('GET /api/measurements/export', () => {
  it('writes the dimensions as numbers and the date in local time', async () => {
    const res = await download(a, '/api/measurements/export?format=xlsx&lang=ar');
    expect(res.headers['content-disposition']).toBe('attachment; filename="measurements-2026-03-10.xlsx"');
    const sheet = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('rightToLeft="1"');
    const rows = sheetRows(sheet);
    expect(rows[0].B.value).toBe('الارتفاع (مم)');
    expect(rows.slice(1).map((r) => r.A.value)).toEqual(['Door', 'חלון']);
    const window = rows[2];
    expect([window.B, window.C, window.D, window.E]).toEqual([1200, 800, 40, 2].map((value) => ({ type: 'n', style: 0, value })));
    // 2026-03-03 21:30Z is 23:30 local.
    expect(window.I).toEqual({ type: 'n', style: 3, value: expect.closeTo(serialOf('2026-03-03T23:30:00'), 6) as number });
  });

  it('holds exactly the filtered rows in CSV, never another project’s', async () => {
    const res = await download(a, '/api/measurements/export?format=csv&lang=en&status=completed');
    expect(csvLines(res.body)).toEqual([
      ['Item', 'Height (mm)', 'Width (mm)', 'Thickness (mm)', 'Quantity', 'Apartment', 'Reported by', 'Status', 'Report date', 'Notes'],
      ['Door', '2100', '900', '0', '1', '', '', 'Completed', '2026-03-04 00:00', ''],
    ]);
    const other = await download(b, '/api/measurements/export?format=csv&lang=en');
    expect(csvLines(other.body).map((l) => l[0])).toEqual(['Item', 'Other project door']);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/measurements/export?format=xlsx' })).statusCode).toBe(401);
  });
});

describe("exports in the project's wording", () => {
  it("says room, not apartment, in a hotel project's file, as its screens do", async () => {
    const hotel = await registerAndLogin(ctx.app, { facilityType: 'hotel' });
    await add(hotel, 'shortages', { name: 'Towels', quantity: 20 });
    const lines = csvLines((await download(hotel, '/api/shortages/export?format=csv&lang=en')).body);
    expect(lines[0][2]).toBe('Room');
    const he = csvLines((await download(hotel, '/api/shortages/export?format=csv&lang=he')).body);
    expect(he[0][2]).toBe('חדר');
    expect(csvLines((await download(a, '/api/shortages/export?format=csv&lang=en')).body)[0][2]).toBe('Apartment');
  });
});
