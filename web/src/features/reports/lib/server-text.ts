import { ApiError } from '../../../lib/api.ts';

/**
 * Spec §8: the toast shows the server's text; without one (a network failure, a body with no
 * message) the screen's own default in the reader's language, not a raw "500: {}".
 */
export const serverText = (err: unknown, fallback: string) => (err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback);
