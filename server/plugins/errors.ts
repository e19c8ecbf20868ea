import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiErrorBody, ErrorCode } from '#contract/errors.ts';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, sqlState } from '../lib/errors.ts';
import { RETRY_AFTER_SECONDS } from '../lib/shutdown.ts';
import { StorageUnavailableError } from '../storage/storage.ts';

export const STORAGE_UNAVAILABLE_MESSAGE = 'Photo storage is unavailable. Please try again shortly.';
/** Seconds a client waits before retrying a photo when the store is down (docs/decisions/027-storage-and-quota.md). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** SQLSTATE of a statement cut off by statement_timeout (or a cancel). */
const QUERY_CANCELED = '57014';

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
    stack: e?.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/** Fastify's own refusals (body parsing, content type, size) by their error code. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
};

/** The code of a 4xx that did not come from our own rules. */
function codeForStatus(status: number, fastifyCode: string | undefined): ErrorCode {
  if (fastifyCode && FASTIFY_CODES[fastifyCode]) return FASTIFY_CODES[fastifyCode];
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}

/**
 * One error shape: status + { code, message } (+ params, issues). A 5xx never shows internals.
 * The code is listed in contract/errors.ts; the web app words it (docs/decisions/018-error-codes.md).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ApiErrorBody = { code: err.code, message: err.message };
      if (err.params) body.params = err.params;
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      return reply.status(400).send({
        code: 'validation_failed',
        message: first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request',
        issues,
      } satisfies ApiErrorBody);
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply
        .status(400)
        .send({ code: 'validation_failed', message: issues[0]?.message ?? 'Invalid request', issues } satisfies ApiErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      // Before the database test: a refused S3 endpoint carries the same ECONNREFUSED as a refused database.
      if ((err as unknown) instanceof StorageUnavailableError) {
        const storageError = err as unknown as StorageUnavailableError;
        request.log.warn({ err: loggableError(storageError.cause), storage: storageError.storageKind }, 'storage unavailable');
        return reply
          .status(503)
          .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
          .send({ code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE } satisfies ApiErrorBody);
      }
      if (sqlState(err) === QUERY_CANCELED) {
        // Only the reports pool has a statement_timeout (docs/decisions/034-no-tenant-stalls.md).
        request.log.warn({ err: loggableError(err) }, 'report read timed out');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({
            code: 'report_timed_out',
            message: 'The report took too long to read. Try a shorter period or again later.',
          } satisfies ApiErrorBody);
      }
      if (isDatabaseUnavailable(err)) {
        // Not a bug: the database is down or restarting. Tell the client when to try again; the pg
        // pool reconnects by itself once the server is back.
        request.log.warn({ err: loggableError(err) }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ApiErrorBody);
      }
      request.log.error({ err: loggableError(err) }, 'request failed');
      return reply.status(500).send({ code: 'internal_error', message: 'Internal Server Error' } satisfies ApiErrorBody);
    }
    return reply.status(status).send({ code: codeForStatus(status, err.code), message: err.message } satisfies ApiErrorBody);
  });
}
