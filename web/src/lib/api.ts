import { takeFirstRequest } from './first-requests.ts';
import type { ApiErrorBody, ErrorCode, ErrorParams } from '#contract/errors.ts';

/** A failed response: message is "<status>: <body text>" as the original product had it (docs/product.md "Errors carry codes"); `body` is the parsed JSON. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiErrorBody | undefined,
    text: string,
    /** The server's Retry-After (429, 503) in milliseconds, when it sent one. */
    public readonly retryAfterMs?: number,
  ) {
    super(`${status}: ${text}`);
  }
  /**
   * What the server refused, from contract/errors.ts; undefined for a body without one (a proxy's
   * error page). Screens decide by it and word it with errorText (web/src/lib/error-text.ts), which
   * reads a code it has no words for (a newer server's) as the general message. Not checked against
   * the list of codes here: the list would weigh on the worker pages' first download (decision 009).
   */
  get code(): ErrorCode | undefined {
    const code: unknown = this.body?.code;
    return typeof code === 'string' && code ? (code as ErrorCode) : undefined;
  }
  /** The values the code's words use (a unit number, a worker's name, a limit). */
  get params(): ErrorParams | undefined {
    return this.body?.params;
  }
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date; undefined when missing or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** The shell listens here: any 401 means the session is gone. */
export const onUnauthorized = (l: Listener) => {
  unauthorizedListeners.add(l);
  return () => {
    unauthorizedListeners.delete(l);
  };
};

let defaultHeaders: Record<string, string> = {};
/** Headers sent with every request of this page (the worker pages' device id). */
export function setDefaultHeaders(headers: Record<string, string>) {
  defaultHeaders = { ...headers };
}

/**
 * One API call: a body is sent as JSON, except a Blob (a picture), which is sent as it is under its
 * own type. A failure throws ApiError with the server's code; a 401 tells the shell (onUnauthorized).
 */
export async function apiRequest<T>(method: string, url: string, body?: unknown, init?: RequestInit & { quiet401?: boolean }): Promise<T> {
  const isBlob = typeof Blob !== 'undefined' && body instanceof Blob;
  // A read the page's first script already started (docs/decisions/025-first-requests.md).
  const first = method === 'GET' && !init?.headers && !init?.signal ? takeFirstRequest(url) : undefined;
  const res = await (first ??
    fetch(url, {
      method,
      credentials: 'include',
      headers: {
        ...defaultHeaders,
        ...(body !== undefined ? { 'content-type': isBlob ? body.type || 'application/octet-stream' : 'application/json' } : {}),
        ...((init?.headers as Record<string, string> | undefined) ?? {}),
      },
      body: body === undefined ? undefined : isBlob ? body : JSON.stringify(body),
      signal: init?.signal,
    }));
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let parsed: ApiErrorBody | undefined;
    try {
      parsed = JSON.parse(text) as ApiErrorBody;
    } catch {
      parsed = undefined;
    }
    if (res.status === 401 && !init?.quiet401) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(res.status, parsed, text, parseRetryAfter(res.headers?.get('retry-after')));
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const apiGet = <T>(url: string, init?: RequestInit & { quiet401?: boolean }) => apiRequest<T>('GET', url, undefined, init);
