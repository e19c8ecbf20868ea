import type { FastifyInstance } from 'fastify';
import type { ProgressMatrixQuery } from '#contract/progress-matrix.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { sharedAnswer } from '../../plugins/project-cache.ts';
import { getProgressMatrix } from './progress.queries.ts';

/**
 * The unit × stage grid of the signed-in project, read on the reports pool (docs/decisions/034-no-tenant-stalls.md)
 * once per change of the project (docs/decisions/037-reads-that-stay-fast.md).
 */
export const progressMatrix = (app: FastifyInstance, auth: UserAuth, query: ProgressMatrixQuery) =>
  sharedAnswer(app, auth, `progress-matrix:${JSON.stringify(query)}`, () =>
    getProgressMatrix(app.reportsDb, { projectId: auth.projectId, floor: query.floor, prefix: query.prefix }),
  );
