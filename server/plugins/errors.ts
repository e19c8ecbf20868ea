import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../contract/errors.ts';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, sqlState } from '../lib/errors.ts';
import { RETRY_AFTER_SECONDS } from '../lib/shutdown.ts';

/**
 * What of an unexpected error may go to the log. A failed query's message carries its SQL and its
 * parameters (card tokens, password hashes, personal data): log the driver's own message and the
 * SQLSTATE instead, and only the stack's frames (its head repeats the message).
 */
export function loggableError(err: unknown) {
  const e = err as { name?: string; message?: string; stack?: string; cause?: { message?: string; code?: unknown } };
  const fromQuery = typeof e?.message === 'string' && e.message.startsWith('Failed query');
  const message = fromQuery ? (e.cause?.message ?? 'database query failed') : (e?.message ?? String(err));
  return {
    type: e?.name ?? 'Error',
    message,
    code: sqlState(err),
    stack: e?.stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
  };
}

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
      if (isDatabaseUnavailable(err)) {
        // Not a bug: the database is down or restarting. Tell the client when to try again; the pg
        // pool reconnects by itself once the server is back.
        request.log.warn({ err: loggableError(err) }, 'database unavailable');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ApiErrorBody);
      }
      request.log.error({ err: loggableError(err) }, 'request failed');
      return reply.status(500).send({ message: 'Internal Server Error' });
    }
    return reply.status(status).send({ message: err.message } satisfies ApiErrorBody);
  });
}
