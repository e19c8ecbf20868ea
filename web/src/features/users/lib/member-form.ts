import type { Role } from '#contract/constants.ts';
import type { Member, UpdateMemberInput } from '#contract/users.ts';
import { MIN_PASSWORD_LENGTH } from '#contract/constants.ts';

export interface MemberForm {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  role: Role;
  isActive: boolean;
  password: string;
  confirmPassword: string;
}

export const emptyMemberForm = (): MemberForm => ({
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  phone: '',
  role: 'cleaner',
  isActive: true,
  password: '',
  confirmPassword: '',
});

export const memberFormOf = (m: Member): MemberForm => ({
  firstName: m.firstName ?? '',
  lastName: m.lastName ?? '',
  username: m.username,
  email: m.email ?? '',
  phone: m.phone ?? '',
  role: m.role,
  isActive: m.isActive,
  password: '',
  confirmPassword: '',
});

/** The form's first problem as a `users` key, checked in the spec's order; null when it may be sent. */
export type MemberFormProblem = 'form.required' | 'form.emailRequired' | 'form.emailInvalid' | 'form.passwordShort' | 'form.mismatch';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * docs/product.md "Validation rules" (users): name, username and (when adding) password are
 * required; email required and valid; a password has at least 8 characters and is typed twice.
 */
export function memberFormProblem(form: MemberForm, adding: boolean): MemberFormProblem | null {
  if (!form.firstName.trim() || !form.username.trim() || (adding && !form.password)) return 'form.required';
  if (!form.email.trim()) return 'form.emailRequired';
  if (!EMAIL.test(form.email.trim())) return 'form.emailInvalid';
  if (form.password && form.password.length < MIN_PASSWORD_LENGTH) return 'form.passwordShort';
  if (form.password !== form.confirmPassword) return 'form.mismatch';
  return null;
}

/** The body of POST / PUT /api/users (a blank password on edit keeps the current one). */
export function memberInputOf(form: MemberForm): UpdateMemberInput & { password: string; confirmPassword: string } {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim() || null,
    username: form.username.trim(),
    email: form.email.trim(),
    phone: form.phone.trim() || null,
    role: form.role,
    isActive: form.isActive,
    password: form.password,
    confirmPassword: form.confirmPassword,
  };
}

/** Why a member's delete button is disabled, as a `users` key; null when it may be deleted. */
export function deleteBlockedReason(member: Member, myId: string | undefined): 'card.ownerProtected' | 'card.isYou' | null {
  if (member.isOwner) return 'card.ownerProtected';
  if (member.id === myId) return 'card.isYou';
  return null;
}
