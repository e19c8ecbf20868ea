import { describe, expect, it } from 'vitest';
import { passwordFieldOf, passwordFormProblems } from './password-form.ts';

const form = (over: Partial<Parameters<typeof passwordFormProblems>[0]> = {}) => ({
  currentPassword: 'old-secret1',
  newPassword: 'new-secret1',
  confirmPassword: 'new-secret1',
  ...over,
});

describe('passwordFormProblems', () => {
  it('accepts a filled form with a long enough new password typed twice', () => {
    expect(passwordFormProblems(form(), 'dana')).toEqual({});
  });

  it('asks for every field', () => {
    expect(passwordFormProblems({ currentPassword: '', newPassword: '', confirmPassword: '' }, 'dana')).toEqual({
      currentPassword: 'password.required',
      newPassword: 'password.required',
      confirmPassword: 'password.required',
    });
  });

  it('refuses a new password of seven characters and takes one of eight', () => {
    expect(passwordFormProblems(form({ newPassword: '1234567', confirmPassword: '1234567' }), 'dana')).toEqual({
      newPassword: 'password.tooShort',
    });
    expect(passwordFormProblems(form({ newPassword: '12345678', confirmPassword: '12345678' }), 'dana')).toEqual({});
  });

  it('refuses a confirmation that differs', () => {
    expect(passwordFormProblems(form({ confirmPassword: 'new-secret2' }), 'dana')).toEqual({ confirmPassword: 'password.mismatch' });
  });

  it('refuses the username as the password, whatever its case', () => {
    expect(passwordFormProblems(form({ newPassword: 'Dana.Levi', confirmPassword: 'Dana.Levi' }), 'dana.levi')).toEqual({
      newPassword: 'password.isUsername',
    });
  });
});

describe('passwordFieldOf', () => {
  it('puts each refusal beside its field, and a general one beside none', () => {
    expect(passwordFieldOf('current_password_wrong')).toBe('currentPassword');
    expect(passwordFieldOf('password_is_username')).toBe('newPassword');
    expect(passwordFieldOf('passwords_mismatch')).toBe('confirmPassword');
    expect(passwordFieldOf('login_rate_limited')).toBeUndefined();
    expect(passwordFieldOf(undefined)).toBeUndefined();
  });
});
