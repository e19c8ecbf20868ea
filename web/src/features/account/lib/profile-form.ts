import type { ProfileInput } from '#contract/account.ts';
import type { User } from '#contract/auth.ts';

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
}
export type ProfileField = keyof ProfileForm;
export const PROFILE_FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'email', 'phone', 'city'];

export const profileFormOf = (user: User): ProfileForm => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  city: user.city ?? '',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Each field's problem as an `account` key (docs/product.md "Your own account"): every field may be
 * left empty, as at registration; an email, when given, must look like one.
 */
export function profileFormProblems(form: ProfileForm): Partial<Record<ProfileField, 'profileForm.emailInvalid'>> {
  const email = form.email.trim();
  return email && !EMAIL.test(email) ? { email: 'profileForm.emailInvalid' } : {};
}

/** The body of PUT /api/user/profile: trimmed, a blank field sent as null (the server's profileInput does the same). */
export function profileInputOf(form: ProfileForm): ProfileInput {
  const value = (text: string) => text.trim() || null;
  return {
    firstName: value(form.firstName),
    lastName: value(form.lastName),
    email: value(form.email),
    phone: value(form.phone),
    city: value(form.city),
  };
}
