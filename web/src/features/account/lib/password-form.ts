import type { PasswordChangeInput } from '../../../../../contract/account.ts';
import { MIN_PASSWORD_LENGTH } from '../../../../../contract/constants.ts';
import type { ErrorCode } from '../../../../../contract/errors.ts';

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
 * What the server would refuse, checked before sending (docs/product.md "Your own account"): every
 * field filled, the new password at least MIN_PASSWORD_LENGTH long, typed the same twice and not the
 * username (usernames are compared without case, as sign-in does). As `account` keys, per field.
 */
export function passwordFormProblems(form: PasswordForm, username: string): Partial<Record<PasswordField, PasswordProblem>> {
  const problems: Partial<Record<PasswordField, PasswordProblem>> = {};
  if (!form.currentPassword) problems.currentPassword = 'password.required';
  if (!form.newPassword) problems.newPassword = 'password.required';
  else if (form.newPassword.length < MIN_PASSWORD_LENGTH) problems.newPassword = 'password.tooShort';
  else if (form.newPassword.trim().toLowerCase() === username.trim().toLowerCase()) problems.newPassword = 'password.isUsername';
  if (!form.confirmPassword) problems.confirmPassword = 'password.required';
  else if (form.newPassword && form.confirmPassword !== form.newPassword) problems.confirmPassword = 'password.mismatch';
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
