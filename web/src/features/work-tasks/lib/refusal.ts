import type { TFunction } from 'i18next';

/**
 * What to tell a worker when the server refused a write, in the worker's language (the server's
 * own messages are English, for managers and logs). Chosen by status, then by what was sent.
 */
export function refusalText(t: TFunction<'workTasks'>, status: number | undefined, kind: 'complete' | 'report' | 'session'): string {
  switch (status) {
    case 403:
      return t('projectInactive');
    case 404:
      return t('roomNotFound');
    case 409:
      return t('refusal.alreadyDone');
    case 400:
    case 422:
      return kind === 'complete' ? t('refusal.photoMissing') : t('refusal.invalid');
    case 429:
      return t('refusal.tooMany');
    default:
      return t('refusal.other');
  }
}
