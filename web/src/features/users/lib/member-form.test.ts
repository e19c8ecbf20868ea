import { describe, expect, it } from 'vitest';
import { member } from '#web/test/fixtures.ts';
import { deleteBlockedReason, emptyMemberForm, memberFormProblem, memberInputOf, type MemberForm } from './member-form.ts';

const valid = (over: Partial<MemberForm> = {}): MemberForm => ({
  ...emptyMemberForm(),
  firstName: 'Yossi',
  username: 'yossi',
  email: 'yossi@example.com',
  password: 'secret-12',
  confirmPassword: 'secret-12',
  ...over,
});

describe('memberFormProblem', () => {
  it('accepts a complete form', () => {
    expect(memberFormProblem(valid(), true)).toBeNull();
  });

  it.each([
    ['no name', { firstName: ' ' }],
    ['no username', { username: '' }],
    ['no password when adding', { password: '', confirmPassword: '' }],
  ])('asks for name, username and password when there is %s', (_label, over) => {
    expect(memberFormProblem(valid(over), true)).toBe('form.required');
  });

  it('lets an edit keep the password by leaving it blank', () => {
    expect(memberFormProblem(valid({ password: '', confirmPassword: '' }), false)).toBeNull();
  });

  it('requires a valid email', () => {
    expect(memberFormProblem(valid({ email: '' }), true)).toBe('form.emailRequired');
    expect(memberFormProblem(valid({ email: 'yossi@' }), true)).toBe('form.emailInvalid');
  });

  it('refuses a password of 7 characters and accepts 8', () => {
    expect(memberFormProblem(valid({ password: '1234567', confirmPassword: '1234567' }), true)).toBe('form.passwordShort');
    expect(memberFormProblem(valid({ password: '12345678', confirmPassword: '12345678' }), true)).toBeNull();
  });

  it('refuses passwords that do not match, also on edit', () => {
    expect(memberFormProblem(valid({ confirmPassword: 'secret-13' }), true)).toBe('form.mismatch');
    expect(memberFormProblem(valid({ confirmPassword: '' }), false)).toBe('form.mismatch');
  });
});

describe('memberInputOf', () => {
  it('trims the text and sends blanks as null', () => {
    expect(memberInputOf(valid({ firstName: ' Yossi ', lastName: ' ', phone: '' }))).toMatchObject({
      firstName: 'Yossi',
      lastName: null,
      phone: null,
    });
  });
});

describe('deleteBlockedReason', () => {
  it('protects the owner and yourself, and no one else', () => {
    expect(deleteBlockedReason(member({ isOwner: true }), 'me')).toBe('card.ownerProtected');
    expect(deleteBlockedReason(member({ id: 'me' }), 'me')).toBe('card.isYou');
    expect(deleteBlockedReason(member({}), 'me')).toBeNull();
  });
});
