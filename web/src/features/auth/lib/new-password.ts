import { MIN_PASSWORD_LENGTH } from '../../../../../contract/constants.ts';

/** What is wrong with a new password before it is sent, as a key of the `auth` namespace; null when nothing is. */
export type NewPasswordProblem = 'newPassword.fill' | 'newPassword.short' | 'newPassword.mismatch' | 'newPassword.isUsername';

/**
 * The server's own checks (contract/account.ts), made first so the user hears at once: both filled,
 * long enough, the same twice, and not the username (ignoring case and surrounding spaces).
 */
export function newPasswordProblem(newPassword: string, confirmPassword: string, username?: string): NewPasswordProblem | null {
  if (!newPassword || !confirmPassword) return 'newPassword.fill';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return 'newPassword.short';
  if (newPassword !== confirmPassword) return 'newPassword.mismatch';
  if (username && newPassword.trim().toLowerCase() === username.trim().toLowerCase()) return 'newPassword.isUsername';
  return null;
}
