import { sql } from 'drizzle-orm';
import type { ProgressCell, ProgressMatrix, ProgressStage } from '#contract/progress-matrix.ts';
import { stageReviewOf } from '#contract/review-state.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { dateOrNull, num, numOrNull, text, textOrNull, type RawRow } from '../../db/raw-rows.ts';
import { latestRejections } from '../rooms/rooms.queries.ts';

export interface ProgressFilters {
  projectId: string;
  /** Only the units of this floor. */
  floor?: number;
  /** Only units whose label starts with this, in any case. */
  prefix?: string;
}

const stageOf = (r: RawRow): ProgressStage => ({ name: text(r.name), sortOrder: num(r.sort_order) });

export interface CellRow {
  unitId: string;
  number: string;
  floor: number | null;
  /** Null: the unit has no once-task at all (it still gets a row). */
  taskName: string | null;
  completedAt: Date | null;
  workerName: string | null;
  reviewStatus: string | null;
  rejectionReason: string | null;
}

/**
 * The project's stages: the distinct names of its once-tasks, by their smallest sort order, then
 * name. Project-wide whatever the filters, so the columns stay put while filtering.
 */
export async function listStages(db: Db, p: { projectId: string }): Promise<ProgressStage[]> {
  const result = await db.execute(sql`
    select name, min(sort_order)::int as sort_order
    from tasks
    where project_id = ${p.projectId} and recurrence = 'once'
    group by name
    order by min(sort_order), name collate "C"
  `);
  return rowsOf(result).map(stageOf);
}

/** Units by floor (no floor last), then the first number in the label, then the label (as the map, compareUnitLabels). */
const unitOrder = sql`u.floor nulls last, (substring(u.number from '[0-9]+'))::numeric nulls last, u.number collate "C", u.id`;
const unitFilters = (p: ProgressFilters) => {
  const floorFilter = p.floor === undefined ? sql`` : sql`and u.floor = ${p.floor}`;
  const prefixFilter = p.prefix ? sql`and starts_with(lower(u.number), lower(${p.prefix}))` : sql``;
  return sql`u.project_id = ${p.projectId} ${floorFilter} ${prefixFilter}`;
};

/** The ids of the matrix's units under the filters, in its order. */
export async function listMatrixUnitIds(db: Db, p: ProgressFilters): Promise<string[]> {
  const result = await db.execute(sql`select u.id from units u where ${unitFilters(p)} order by ${unitOrder}`);
  return rowsOf(result).map((r) => text(r.id));
}

/**
 * One row per (unit, once-task) with the task's completion, and one row with a null task for a
 * unit without once-tasks; units in the matrix's order. Two statements whatever the number of
 * units; `unitIds`: only these units.
 */
export async function listUnitStageRows(db: Db, p: ProgressFilters & { unitIds?: string[] }): Promise<CellRow[]> {
  const { rows, cellOf } = await readUnitStageRows(db, p);
  return rows.map(cellOf);
}

/**
 * listUnitStageRows' rows as the database sent them, and how to make each a CellRow: a caller
 * with 100,000 of them converts a slice at a time (docs/decisions/045-matrix-in-slices.md).
 *
 * The units' once-tasks and the project's standing once-stage completions are read apart
 * (the completions through task_completions_once_unit_idx) and matched here by task: a look-up per
 * task was 100 of the statement's 160 ms on the biggest project of bench:scale, and a join of the
 * two sets in SQL is what a planner without statistics turns into a loop over one for each row of
 * the other (docs/decisions/041-counted-from-the-completions.md).
 */
export async function readUnitStageRows(
  db: Db,
  p: ProgressFilters & { unitIds?: string[] },
): Promise<{ rows: RawRow[]; cellOf: (row: RawRow) => CellRow }> {
  const ids = p.unitIds ? sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(p.unitIds)}::jsonb))` : undefined;
  // The completions of the matrix's units only: the slice's, else those under a floor or prefix filter.
  const completionUnits = ids
    ? sql`and unit_id in ${ids}`
    : p.floor !== undefined || p.prefix
      ? sql`and unit_id in (select u.id from units u where ${unitFilters(p)})`
      : sql``;
  const [tasksResult, doneResult] = await Promise.all([
    db.execute(sql`
      -- The manager's latest rejection per once-task (docs/decisions/029-quality-loop.md): one pass
      -- over the project's rejected completions; it counts only for a stage that is open.
      with rj as (${latestRejections({ projectId: p.projectId, periods: ['once'] })})
      select u.id, u.number, u.floor, t.id as task_id, t.name as task_name, rj.reason as rejection_reason
      from units u
      left join tasks t
        on t.unit_id = u.id and t.project_id = ${p.projectId} and t.recurrence = 'once'
      left join rj on rj.task_id = t.id
      where ${unitFilters(p)} ${ids ? sql`and u.id in ${ids}` : sql``}
      order by ${unitOrder}
    `),
    // Written as task_completions_once_unit_idx's predicate, so that index is the one read.
    db.execute(sql`
      select task_id, completed_at, worker_name, review_status from task_completions
      where project_id = ${p.projectId} and (period = 'once' and reopened_at is null) is true ${completionUnits}
    `),
  ]);
  const done = new Map(rowsOf(doneResult).map((r) => [text(r.task_id), r]));
  const cellOf = (r: RawRow): CellRow => {
    const c = r.task_id === null ? undefined : done.get(text(r.task_id));
    return {
      unitId: text(r.id),
      number: text(r.number),
      floor: numOrNull(r.floor),
      taskName: textOrNull(r.task_name),
      completedAt: c ? dateOrNull(c.completed_at) : null,
      workerName: c ? textOrNull(c.worker_name) : null,
      reviewStatus: c ? textOrNull(c.review_status) : null,
      rejectionReason: c ? null : textOrNull(r.rejection_reason),
    };
  };
  return { rows: rowsOf(tasksResult), cellOf };
}

/**
 * `rows` (ordered by unit, as readUnitStageRows sends them) cut into runs of `units` units each,
 * a unit never split between two.
 */
export function slicesOfUnits(rows: readonly RawRow[], units: number): RawRow[][] {
  const out: RawRow[][] = [];
  let start = 0;
  let seen = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && rows[i].id === rows[i - 1].id) continue;
    if (seen === units) {
      out.push(rows.slice(start, i));
      start = i;
      seen = 0;
    }
    seen++;
  }
  if (start < rows.length) out.push(rows.slice(start));
  return out;
}

const NONE: ProgressCell = { state: 'none', completedAt: null, workerName: null, review: null };

/** The unit × stage matrix of a project: two statements, however many units and stages. */
export async function getProgressMatrix(db: Db, p: ProgressFilters): Promise<ProgressMatrix> {
  const [stages, rows] = await Promise.all([listStages(db, p), listUnitStageRows(db, p)]);
  return { stages, units: matrixUnits(stages, rows) };
}

/** The matrix's rows of units from listUnitStageRows' rows, in their order. */
export function matrixUnits(stages: ProgressStage[], rows: CellRow[]): ProgressMatrix['units'] {
  const column = new Map(stages.map((s, i) => [s.name, i]));
  const units: ProgressMatrix['units'] = [];
  let current: ProgressMatrix['units'][number] | undefined;
  for (const row of rows) {
    // Rows come ordered by unit: a new id starts the next unit's row.
    if (current?.id !== row.unitId) {
      current = { id: row.unitId, number: row.number, floor: row.floor, cells: stages.map(() => NONE) };
      units.push(current);
    }
    const i = row.taskName === null ? undefined : column.get(row.taskName);
    if (i === undefined) continue;
    const review = stageReviewOf({
      completed: row.completedAt !== null,
      reviewStatus: row.reviewStatus,
      rejectionReason: row.rejectionReason,
    });
    current.cells[i] = row.completedAt
      ? { state: 'done', completedAt: row.completedAt.toISOString(), workerName: row.workerName, review }
      : { state: 'open', completedAt: null, workerName: null, review };
  }
  return units;
}
