import { newPasswordProblems, type PasswordChangeInput } from '#contract/account.ts';
import type { ErrorCode } from '#contract/errors.ts';

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordField = keyof PasswordForm;
export const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export const emptyPasswordForm = (): PasswordForm => ({ currentPassword: '', newPassword: '', confirmPassword: '' });

export type PasswordProblem = 'password.required' | 'password.tooShort' | 'password.mismatch' | 'password.isUsername';

/**
 * What the server would refuse, checked before sending: the current password filled, and the new
 * password's rules (contract/account.ts newPasswordProblems). As `account` keys, per field.
 */
export function passwordFormProblems(form: PasswordForm, username: string): Partial<Record<PasswordField, PasswordProblem>> {
  const problems: Partial<Record<PasswordField, PasswordProblem>> = {};
  if (!form.currentPassword) problems.currentPassword = 'password.required';
  const next = newPasswordProblems({ ...form, username });
  if (next.newPassword) problems.newPassword = `password.${next.newPassword}`;
  if (next.confirmPassword) problems.confirmPassword = `password.${next.confirmPassword}`;
  return problems;
}

export const passwordInputOf = (form: PasswordForm): PasswordChangeInput => ({ ...form });

/** The field a refusal belongs beside; undefined for one that concerns the whole form. */
export function passwordFieldOf(code: ErrorCode | undefined): PasswordField | undefined {
  switch (code) {
    case 'current_password_wrong':
      return 'currentPassword';
    case 'password_is_username':
    case 'validation_failed':
      return 'newPassword';
    case 'passwords_mismatch':
      return 'confirmPassword';
    default:
      return undefined;
  }
}
