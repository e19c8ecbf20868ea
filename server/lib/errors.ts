import type { ErrorCode, ErrorParams } from '#contract/errors.ts';

/**
 * Errors the rules raise on purpose. The error handler turns them into `status + { code, message,
 * params }`; the code is what clients act on and translate (docs/decisions/018-error-codes.md).
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, params?: ErrorParams) => new AppError(400, code, message, params);
export const unauthorized = (code: ErrorCode = 'unauthorized', message = 'Unauthorized') => new AppError(401, code, message);
export const forbidden = (code: ErrorCode = 'forbidden', message = 'You do not have permission for this action') =>
  new AppError(403, code, message);
export const notFound = (code: ErrorCode = 'not_found', message = 'Not found', params?: ErrorParams) =>
  new AppError(404, code, message, params);
export const conflict = (code: ErrorCode, message: string, params?: ErrorParams) => new AppError(409, code, message, params);
export const unprocessable = (code: ErrorCode, message: string, params?: ErrorParams) => new AppError(422, code, message, params);
export const tooManyRequests = (code: ErrorCode, message: string, params?: ErrorParams) => new AppError(429, code, message, params);

/** PostgreSQL SQLSTATE of a driver error (drizzle wraps it: the code is on err.cause). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
export const UNIQUE_VIOLATION = '23505';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';
/** Network errors of a database connection (refused, reset, unreachable, timed out, name not resolved). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** Messages the pg pool and PGlite give when no connection can be had (they carry no code). */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

/**
 * Whether an error means "the database cannot be reached" rather than "this query is wrong":
 * connection errors, SQLSTATE class 08 (connection exception), 57P01–57P03 (the server shuts down,
 * crashed, or cannot accept connections yet). Those are answered 503 + Retry-After, not 500
 * (docs/decisions/010-crash-safety.md). Follows `cause` (drizzle wraps driver errors) and
 * AggregateError (a host name with several addresses, each refused).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof e.code === 'string' &&
    (CONNECTION_ERRNOS.has(e.code) || e.code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(e.code))
  ) {
    return true;
  }
  if (
    typeof e.message === 'string' &&
    CONNECTION_MESSAGES.some((m) => (e.message as string).includes(m)) &&
    !(e.message as string).startsWith('Failed query')
  ) {
    return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * Thrown before expensive work when the client has already gone (a superseded refetch, a closed
 * tab): nobody would read the answer, so the work is not done. 499 as nginx logs it; the client
 * never sees it.
 */
export const clientGone = () => new AppError(499, 'client_gone', 'Client closed request');

/** Whether the client that sent this request has closed its connection. */
export const hasClientGone = (request: { raw: { destroyed: boolean; socket?: { destroyed: boolean } | null } }) =>
  request.raw.destroyed || request.raw.socket?.destroyed === true;
