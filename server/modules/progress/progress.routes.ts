import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { progressMatrixQuery, progressMatrixSchema } from '#contract/progress-matrix.ts';
import { userOf } from '../../plugins/access.ts';
import { sendSharedJson } from '../../plugins/project-cache.ts';
import { progressMatrixJson } from './progress.service.ts';

export async function progressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The unit × stage grid (line of balance) of the signed-in project. */
  app.get(
    '/progress-matrix',
    {
      config: { access: 'member', heavy: 'report' },
      // Megabytes for a big project: the service builds it as ProgressMatrix and encodes it in
      // slices itself (progressMatrixJson), with no zod pass; the schema documents the route.
      schema: { querystring: progressMatrixQuery, response: { 200: progressMatrixSchema } },
    },
    async (request, reply) => {
      const auth = userOf(request);
      return sendSharedJson(app, request, reply, auth, () => progressMatrixJson(app, auth, request.query));
    },
  );
}
