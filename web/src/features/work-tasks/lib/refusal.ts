import type { TFunction } from 'i18next';
import { errorText } from '#web/lib/error-text.ts';

/**
 * What to tell a worker when the server refused a write: the words of the refusal's code in the
 * worker's language (docs/decisions/018-error-codes.md), never the server's English message.
 */
export function refusalText(t: TFunction, err: unknown): string {
  return errorText(t, err, t('workTasks:refusal.other'));
}
