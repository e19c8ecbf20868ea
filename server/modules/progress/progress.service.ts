import type { FastifyInstance } from 'fastify';
import type { ProgressMatrix, ProgressMatrixQuery } from '#contract/progress-matrix.ts';
import { chunks } from '#contract/limits.ts';
import type { Db } from '../../db/client.ts';
import { readInTurns, takesTurns } from '../../lib/fairness.ts';
import type { UserAuth } from '../../plugins/session.ts';
import {
  getProgressMatrix,
  listMatrixUnitIds,
  listStages,
  listUnitStageRows,
  matrixUnits,
  type ProgressFilters,
} from './progress.queries.ts';

/**
 * Units whose cells one statement reads on the embedded database: the whole grid of a 5,000-unit
 * project in one statement held every other tenant for seconds.
 */
const EMBEDDED_MATRIX_UNITS = 500;

/**
 * The unit × stage grid of the signed-in project, read on the reports pool (docs/decisions/034-no-tenant-stalls.md).
 * On the embedded database a few hundred units at a time, taking turns with other requests between
 * them. Its route computes it once per change of the project and shares its JSON (sendShared,
 * docs/decisions/044-shared-json.md).
 */
export const progressMatrix = (app: FastifyInstance, auth: UserAuth, query: ProgressMatrixQuery) => {
  const filters = { projectId: auth.projectId, floor: query.floor, prefix: query.prefix };
  return takesTurns(app) ? matrixInTurns(app.reportsDb, filters, EMBEDDED_MATRIX_UNITS) : getProgressMatrix(app.reportsDb, filters);
};

/**
 * The same matrix as getProgressMatrix, its cells read `chunkUnits` units at a time in the matrix's
 * order, with a turn for others after each chunk (`readInTurns`).
 */
export async function matrixInTurns(db: Db, p: ProgressFilters, chunkUnits: number): Promise<ProgressMatrix> {
  const stages = await listStages(db, p);
  const ids = await listMatrixUnitIds(db, p);
  const rows = await readInTurns(
    true,
    chunks(ids, chunkUnits).map((unitIds) => () => listUnitStageRows(db, { ...p, unitIds })),
  );
  return { stages, units: matrixUnits(stages, rows.flat()) };
}
