import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { progressMatrixQuery, progressMatrixSchema } from '#contract/progress-matrix.ts';
import { sendAsBuilt } from '../../lib/send-as-built.ts';
import { userOf } from '../../plugins/access.ts';
import { sendShared } from '../../plugins/project-cache.ts';
import { progressMatrixJson } from './progress.service.ts';

export async function progressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The unit × stage grid (line of balance) of the signed-in project. */
  app.get(
    '/progress-matrix',
    {
      config: { access: 'member', heavy: 'report' },
      // Megabytes for a big project, built cell by cell as ProgressMatrix and encoded in slices
      // (progressMatrixJson): no zod pass.
      serializerCompiler: sendAsBuilt,
      schema: { querystring: progressMatrixQuery, response: { 200: progressMatrixSchema } },
    },
    async (request, reply) => {
      const auth = userOf(request);
      return sendShared(app, request, reply, auth, 'json', () => progressMatrixJson(app, auth, request.query));
    },
  );
}
