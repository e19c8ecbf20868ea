import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../contract/errors.ts';
import { AppError } from '../lib/errors.ts';

/** One error shape: status + { message } (+ issues). A 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ message: err.message } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      return reply.status(400).send({
        message: first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request',
        issues,
      } satisfies ApiErrorBody);
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: 'Internal Server Error' });
    }
    return reply.status(status).send({ message: err.message } satisfies ApiErrorBody);
  });
}
