import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import type { ErrorCode, ErrorParams } from '#contract/errors.ts';
import { ApiError } from './api.ts';
import { useTranslation } from './i18n-react.tsx';

/** The namespace with one key per error code (contract/errors.ts), loaded with `common` on every page. */
export const ERRORS_NS = 'errors';

/** The key of a code's words: a code whose words name someone has a second form for when the name is known. */
function keyOf(code: ErrorCode, params: ErrorParams | undefined): string {
  if (code === 'task_already_completed' && params?.workerName) return 'task_already_completed_by';
  return code;
}

/** A failed fetch (no connection, DNS, a dropped socket) rather than an answer from the server. */
const isNetworkError = (err: unknown) => err instanceof TypeError;

/**
 * Any error in the reader's language: an API refusal by its code (docs/decisions/018-error-codes.md),
 * a lost connection as such, anything else as `fallback` (or a general "something went wrong").
 * Never the server's English message.
 */
export function errorText(t: TFunction, err: unknown, fallback?: string): string {
  const other = () => fallback ?? t(`${ERRORS_NS}:unknown`);
  if (err instanceof ApiError && err.code)
    return t(`${ERRORS_NS}:${keyOf(err.code, err.params)}`, { ...err.params, defaultValue: other() });
  if (isNetworkError(err)) return t(`${ERRORS_NS}:network`);
  return other();
}

/** `errorText` bound to the current language, for components (suspends until the words are loaded). */
export function useErrorText() {
  const { t } = useTranslation(ERRORS_NS);
  return useCallback((err: unknown, fallback?: string) => errorText(t, err, fallback), [t]);
}
