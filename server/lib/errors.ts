/** Errors the rules raise on purpose. The error handler turns them into `status + { message }`. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** PostgreSQL SQLSTATE of a driver error (drizzle wraps it: the code is on err.cause). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
export const UNIQUE_VIOLATION = '23505';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';
/** Network errors of a database connection (refused, reset, unreachable, timed out, name not resolved). */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
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
  if (typeof e.code === 'string' && (CONNECTION_ERRNOS.has(e.code) || e.code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(e.code))) {
    return true;
  }
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((m) => (e.message as string).includes(m)) && !(e.message as string).startsWith('Failed query')) {
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
export const clientGone = () => new AppError(499, 'Client closed request');

/** Whether the client that sent this request has closed its connection. */
export const hasClientGone = (request: { raw: { destroyed: boolean; socket?: { destroyed: boolean } | null } }) =>
  request.raw.destroyed || request.raw.socket?.destroyed === true;
