import type { ApiErrorBody } from '../../../contract/errors.ts';

/** A failed response: message is "<status>: <body text>" as the spec says; `body` is the parsed JSON. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiErrorBody | undefined,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }
  /** The server's own message, for toasts. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
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

export async function apiRequest<T>(method: string, url: string, body?: unknown, init?: RequestInit & { quiet401?: boolean }): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'content-type': 'application/json', ...(init?.headers ?? {}) } : init?.headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: init?.signal,
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let parsed: ApiErrorBody | undefined;
    try {
      parsed = JSON.parse(text) as ApiErrorBody;
    } catch {
      parsed = undefined;
    }
    if (res.status === 401 && !init?.quiet401) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(res.status, parsed, text);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const apiGet = <T>(url: string, init?: RequestInit & { quiet401?: boolean }) => apiRequest<T>('GET', url, undefined, init);

/** Best message for a toast: the server's, else a fallback. */
export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError ? (err.serverMessage ?? err.message) : err instanceof Error && err.message ? err.message : fallback;
