import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { progressMatrixQuery, progressMatrixSchema } from '../../../contract/progress-matrix.ts';
import { userOf } from '../../plugins/access.ts';
import { getProgressMatrix } from './progress.queries.ts';

export async function progressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The unit × stage grid (line of balance) of the signed-in project. */
  app.get(
    '/progress-matrix',
    {
      config: { access: 'member', heavy: 'report' },
      schema: { querystring: progressMatrixQuery, response: { 200: progressMatrixSchema } },
    },
    async (request) => {
      const auth = userOf(request);
      return getProgressMatrix(app.reportsDb, { projectId: auth.projectId, floor: request.query.floor, prefix: request.query.prefix });
    },
  );
}
