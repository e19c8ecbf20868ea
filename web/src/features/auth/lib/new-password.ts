import { newPasswordProblems } from '#contract/account.ts';

/** What is wrong with a new password before it is sent, as a key of the `auth` namespace; null when nothing is. */
export type NewPasswordProblem = 'newPassword.fill' | 'newPassword.short' | 'newPassword.mismatch' | 'newPassword.isUsername';

/**
 * The new password's rules (contract/account.ts newPasswordProblems) as the one message these short
 * forms show: a blank field first, then too short, then the two entries differing, then the username.
 */
export function newPasswordProblem(newPassword: string, confirmPassword: string, username?: string): NewPasswordProblem | null {
  const problems = newPasswordProblems({ newPassword, confirmPassword, username });
  if (problems.newPassword === 'required' || problems.confirmPassword === 'required') return 'newPassword.fill';
  if (problems.newPassword === 'tooShort') return 'newPassword.short';
  if (problems.confirmPassword === 'mismatch') return 'newPassword.mismatch';
  if (problems.newPassword === 'isUsername') return 'newPassword.isUsername';
  return null;
}
