import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressMatrixSchema, type ProgressMatrix } from '#contract/progress-matrix.ts';
import { taskCompletions, tasks, units } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { getProgressMatrix } from './progress.queries.ts';
import { matrixJsonInTurns } from './progress.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;

const matrixOf = async (o: Owner, query = '') => {
  const res = await o.as({ method: 'GET', url: `/api/progress-matrix${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProgressMatrix;
};

/** A compact view of the grid: "number: state state …", done cells as "done(worker)". */
const gridOf = (m: ProgressMatrix) =>
  m.units.map(
    (u) => `${u.number}@${u.floor ?? '-'}: ${u.cells.map((c) => (c.state === 'done' ? `done(${c.workerName})` : c.state)).join(' ')}`,
  );

async function addUnit(projectId: string, number: string, floor: number | null) {
  const [row] = await ctx.app.db.insert(units).values({ projectId, number, floor }).returning({ id: units.id });
  return row.id;
}

async function addTask(projectId: string, unitId: string, name: string, sortOrder: number, recurrence: 'once' | 'daily' = 'once') {
  const [row] = await ctx.app.db.insert(tasks).values({ projectId, unitId, name, sortOrder, recurrence }).returning();
  return row;
}

async function complete(t: typeof tasks.$inferSelect, worker: string, at: string, period = 'once') {
  await ctx.app.db.insert(taskCompletions).values({
    projectId: t.projectId,
    taskId: t.id,
    unitId: t.unitId,
    workDate: at.slice(0, 10),
    period,
    workerName: worker,
    completedAt: new Date(at),
  });
}

describe('GET /api/progress-matrix', () => {
  let o: Owner;
  let other: Owner;

  beforeAll(async () => {
    o = await registerAndLogin(ctx.app);
    other = await registerAndLogin(ctx.app);
    const p = o.user.projectId;
    // Inserted out of order: the answer orders by floor (none last), then the number in the label.
    const a10 = await addUnit(p, 'A10', 1);
    const b3 = await addUnit(p, 'b3', 2);
    const a2 = await addUnit(p, 'A2', 1);
    const lobby = await addUnit(p, 'Lobby', null);
    const a1 = await addUnit(p, 'A1', 2);

    // Stages: Framing (1), Plumbing (2, its smallest sort order), Electric (3), Paint (5).
    const a10Framing = await addTask(p, a10, 'Framing', 1);
    const a10Plumbing = await addTask(p, a10, 'Plumbing', 2);
    await addTask(p, a10, 'Electric', 3);
    await addTask(p, a2, 'Framing', 1);
    await addTask(p, a2, 'Plumbing', 4);
    const a2Paint = await addTask(p, a2, 'Paint', 5);
    const b3Electric = await addTask(p, b3, 'Electric', 3);
    await addTask(p, b3, 'Plumbing', 6);
    await complete(a10Framing, 'Yossi', '2026-03-01T08:00:00.000Z');
    await complete(a10Plumbing, 'Olena', '2026-03-02T09:30:00.000Z');
    await complete(a2Paint, 'Ahmad', '2026-03-05T10:00:00.000Z');
    await complete(b3Electric, 'Tesfaye', '2026-03-06T11:00:00.000Z');

    // Daily tasks are routines, not stages: no column, even when done today.
    const daily = await addTask(p, a1, 'Sweep', 0, 'daily');
    await complete(daily, 'Rajesh', '2026-03-07T07:00:00.000Z', '2026-03-07');
    await addTask(p, lobby, 'Sweep', 0, 'daily');

    // Another project: same labels and stage names, a stage of its own and completions.
    const q = other.user.projectId;
    const otherA2 = await addUnit(q, 'A2', 1);
    const otherA3 = await addUnit(q, 'A3', 1);
    await complete(await addTask(q, otherA2, 'Framing', 1), 'Stranger', '2026-03-01T08:00:00.000Z');
    await complete(await addTask(q, otherA3, 'Roofing', 0), 'Stranger', '2026-03-01T08:00:00.000Z');
  });

  it('answers the exact matrix: stages in order, units by floor then number, done/open/none', async () => {
    const m = await matrixOf(o);
    expect(m.stages).toEqual([
      { name: 'Framing', sortOrder: 1 },
      { name: 'Plumbing', sortOrder: 2 },
      { name: 'Electric', sortOrder: 3 },
      { name: 'Paint', sortOrder: 5 },
    ]);
    expect(gridOf(m)).toEqual([
      'A2@1: open open none done(Ahmad)',
      'A10@1: done(Yossi) done(Olena) open none',
      'A1@2: none none none none',
      'b3@2: none open done(Tesfaye) none',
      'Lobby@-: none none none none',
    ]);
    const a10 = m.units.find((u) => u.number === 'A10')!;
    expect(a10.cells[0]).toEqual({
      state: 'done',
      completedAt: '2026-03-01T08:00:00.000Z',
      workerName: 'Yossi',
      review: { state: 'awaiting', reason: null },
    });
    expect(a10.cells[2]).toEqual({ state: 'open', completedAt: null, workerName: null, review: null });
    expect(a10.cells[3]).toEqual({ state: 'none', completedAt: null, workerName: null, review: null });
    expect(m.units.every((u) => u.cells.length === m.stages.length)).toBe(true);
  });

  it('shows a unit with only daily tasks, or none at all, as all "none", and no daily task as a column', async () => {
    const m = await matrixOf(o);
    expect(m.stages.map((s) => s.name)).not.toContain('Sweep');
    for (const number of ['A1', 'Lobby']) {
      expect(m.units.find((u) => u.number === number)!.cells.every((c) => c.state === 'none')).toBe(true);
    }
  });

  it('filters by floor, keeping every stage as a column', async () => {
    const m = await matrixOf(o, '?floor=2');
    expect(m.stages).toHaveLength(4);
    expect(gridOf(m)).toEqual(['A1@2: none none none none', 'b3@2: none open done(Tesfaye) none']);
    expect((await matrixOf(o, '?floor=9')).units).toEqual([]);
  });

  it('filters by label prefix in any case, and with the floor', async () => {
    expect((await matrixOf(o, '?prefix=a')).units.map((u) => u.number)).toEqual(['A2', 'A10', 'A1']);
    expect((await matrixOf(o, '?prefix=B')).units.map((u) => u.number)).toEqual(['b3']);
    expect((await matrixOf(o, '?prefix=A1')).units.map((u) => u.number)).toEqual(['A10', 'A1']);
    expect((await matrixOf(o, '?prefix=a&floor=1')).units.map((u) => u.number)).toEqual(['A2', 'A10']);
    // A LIKE wildcard is a plain character here.
    expect((await matrixOf(o, '?prefix=%25')).units).toEqual([]);
    expect((await matrixOf(o, '?prefix=_')).units).toEqual([]);
  });

  it('sends byte for byte what the response schema would (the route skips the zod pass, lib/send-as-built.ts)', async () => {
    const res = await o.as({ method: 'GET', url: '/api/progress-matrix' });
    expect(res.statusCode).toBe(200);
    const m = res.json() as ProgressMatrix;
    expect(m.units.flatMap((u) => u.cells.map((c) => c.state))).toEqual(expect.arrayContaining(['done', 'open', 'none']));
    expect(res.body).toBe(JSON.stringify(progressMatrixSchema.parse(m)));
  });

  it('builds the same JSON a few units at a time, as one statement or a statement per slice, filters too', async () => {
    const projectId = o.user.projectId;
    for (const filters of [{}, { floor: 1 }, { prefix: 'a' }]) {
      const whole = JSON.stringify(await getProgressMatrix(ctx.database.reportsDb, { projectId, ...filters }));
      const units = (JSON.parse(whole) as ProgressMatrix).units.length;
      expect(units, JSON.stringify(filters)).toBeGreaterThan(1);
      for (const embedded of [true, false]) {
        for (const unitsPerTurn of [1, 2, 3, 100]) {
          // Other requests get a turn between every two slices of units (decision 045).
          let turns = 0;
          const turn = async () => void turns++;
          const json = (
            await matrixJsonInTurns(ctx.database.reportsDb, { projectId, ...filters }, { embedded, unitsPerTurn, turn })
          ).toString();
          const what = `${JSON.stringify(filters)}, ${embedded ? 'a statement' : 'encoded'} per ${unitsPerTurn} units`;
          expect(json, what).toBe(whole);
          expect(turns, what).toBe(Math.ceil(units / unitsPerTurn) - 1);
        }
      }
    }
    for (const embedded of [true, false]) {
      const json = await matrixJsonInTurns(ctx.database.reportsDb, { projectId, floor: 99 }, { embedded, unitsPerTurn: 2 });
      expect(JSON.parse(json.toString())).toEqual({ stages: (await matrixOf(o)).stages, units: [] });
    }
  });

  it('refuses a floor that is not an integer', async () => {
    expect((await o.as({ method: 'GET', url: '/api/progress-matrix?floor=abc' })).statusCode).toBe(400);
    expect((await o.as({ method: 'GET', url: '/api/progress-matrix?floor=1.5' })).statusCode).toBe(400);
  });

  it("never shows another project's units, stages or completions", async () => {
    const m = await matrixOf(o);
    expect(m.stages.map((s) => s.name)).not.toContain('Roofing');
    expect(JSON.stringify(m)).not.toContain('Stranger');
    const ownIds = new Set(m.units.map((u) => u.id));
    const theirs = await matrixOf(other);
    expect(theirs.stages.map((s) => s.name)).toEqual(['Roofing', 'Framing']);
    expect(gridOf(theirs)).toEqual(['A2@1: none done(Stranger)', 'A3@1: done(Stranger) none']);
    expect(theirs.units.some((u) => ownIds.has(u.id))).toBe(false);
  });

  it('answers an empty project with no stages and no units', async () => {
    const fresh = await registerAndLogin(ctx.app);
    expect(await matrixOf(fresh)).toEqual({ stages: [], units: [] });
  });

  it('is refused without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/progress-matrix' })).statusCode).toBe(401);
  });

  it('sends the same number of SQL statements for 5 units as for 300', async () => {
    const statementsFor = async (n: number) => {
      const owner = await registerAndLogin(ctx.app);
      const p = owner.user.projectId;
      const rows = await ctx.app.db
        .insert(units)
        .values(Array.from({ length: n }, (_, i) => ({ projectId: p, number: `S${100 + i}`, floor: i % 3 })))
        .returning({ id: units.id });
      const taskRows = await ctx.app.db
        .insert(tasks)
        .values(rows.flatMap((u) => [1, 2, 3].map((k) => ({ projectId: p, unitId: u.id, name: `Stage ${k}`, sortOrder: k }))))
        .returning();
      await ctx.app.db
        .insert(taskCompletions)
        .values(
          taskRows
            .filter((t) => t.sortOrder === 1)
            .map((t) => ({ projectId: p, taskId: t.id, unitId: t.unitId, workDate: '2026-01-01', period: 'once', workerName: 'Seeder' })),
        );
      await matrixOf(owner); // warm-up: session touch and the like happen outside the measurement
      const before = ctx.database.stats.queries;
      const m = await matrixOf(owner);
      const used = ctx.database.stats.queries - before;
      expect(m.units).toHaveLength(n);
      expect(m.units.every((u) => u.cells.map((c) => c.state).join() === 'done,open,open')).toBe(true);
      return used;
    };
    const forFive = await statementsFor(5);
    const forMany = await statementsFor(300);
    expect(forFive).toBeGreaterThan(0);
    expect(forMany).toBe(forFive);
  });
});
