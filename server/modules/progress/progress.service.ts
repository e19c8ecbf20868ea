import type { FastifyInstance } from 'fastify';
import { setImmediate } from 'node:timers/promises';
import type { ProgressMatrixQuery, ProgressStage } from '#contract/progress-matrix.ts';
import { chunks } from '#contract/limits.ts';
import type { Db } from '../../db/client.ts';
import { takeTurn, takesTurns } from '../../lib/fairness.ts';
import type { UserAuth } from '../../plugins/session.ts';
import {
  type CellRow,
  listMatrixUnitIds,
  listStages,
  listUnitStageRows,
  matrixUnits,
  readUnitStageRows,
  slicesOfUnits,
  type ProgressFilters,
} from './progress.queries.ts';

/**
 * Units of the matrix made into JSON between two turns for other requests. The whole grid of a
 * 5,000-unit project built and encoded in one go held the server's thread for 0.43 s on PostgreSQL;
 * on the embedded database its one statement held every other tenant for seconds
 * (docs/decisions/045-matrix-in-slices.md).
 */
const MATRIX_UNITS_PER_TURN = 500;

/**
 * The unit × stage grid of the signed-in project as the JSON of a ProgressMatrix (UTF-8), read on the
 * reports pool (docs/decisions/034-no-tenant-stalls.md). Its route computes it once per change of
 * the project and shares it (sendSharedJson, docs/decisions/044-shared-json.md).
 */
export const progressMatrixJson = (app: FastifyInstance, auth: UserAuth, query: ProgressMatrixQuery) =>
  matrixJsonInTurns(
    app.reportsDb,
    { projectId: auth.projectId, floor: query.floor, prefix: query.prefix },
    { embedded: takesTurns(app), unitsPerTurn: MATRIX_UNITS_PER_TURN },
  );

/**
 * The JSON of getProgressMatrix's matrix in UTF-8, byte for byte, built and encoded `unitsPerTurn`
 * units at a time with a turn for other requests after each slice (`turn`, by default takeTurn). On
 * the embedded database, whose statements run on this thread, each slice of units is a statement of
 * its own; on PostgreSQL one statement reads them all and only the work here is sliced.
 */
export async function matrixJsonInTurns(
  db: Db,
  p: ProgressFilters,
  opts: { embedded: boolean; unitsPerTurn: number; turn?: (sliceMs: number, embedded: boolean) => Promise<void> },
): Promise<Buffer> {
  const turn = opts.turn ?? takeTurn;
  const parts: Buffer[] = [];
  let stages: ProgressStage[] = [];
  const encode = (rows: CellRow[]) => {
    const units = matrixUnits(stages, rows);
    // The units' array without its brackets: the slices are joined into one array below.
    if (units.length > 0) parts.push(Buffer.from(`${parts.length > 0 ? ',' : ''}${JSON.stringify(units).slice(1, -1)}`));
  };
  let slices: (() => Promise<void>)[];
  if (opts.embedded) {
    stages = await listStages(db, p);
    const ids = await listMatrixUnitIds(db, p);
    slices = chunks(ids, opts.unitsPerTurn).map((unitIds) => async () => encode(await listUnitStageRows(db, { ...p, unitIds })));
  } else {
    const [s, { rows, cellOf }] = await Promise.all([listStages(db, p), readUnitStageRows(db, p)]);
    stages = s;
    slices = slicesOfUnits(rows, opts.unitsPerTurn).map((slice) => async () => encode(slice.map(cellOf)));
    // A turn before the first slice too: the end of the read and two slices would otherwise run
    // back to back (the rows arrive on an I/O callback, after which one turn does not yet reach the
    // requests waiting to be read).
    if (slices.length > 1) await setImmediate();
  }
  for (const [i, slice] of slices.entries()) {
    const started = performance.now();
    await slice();
    if (i < slices.length - 1) await turn(performance.now() - started, opts.embedded);
  }
  return Buffer.concat([Buffer.from(`{"stages":${JSON.stringify(stages)},"units":[`), ...parts, Buffer.from(']}')]);
}
