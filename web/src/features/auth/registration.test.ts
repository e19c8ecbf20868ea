import { describe, expect, it } from 'vitest';
import { registerInput } from '#contract/auth.ts';
import { buildRegisterPayload, emptyRegisterForm, issuesByField, registerProblems, type RegisterForm } from './registration.ts';

const filled = (over: Partial<RegisterForm> = {}): RegisterForm => ({
  ...emptyRegisterForm(),
  username: 'dana',
  password: 'secret123',
  facilityName: 'Tower A',
  cardHolderName: 'Dana Levi',
  cardNumber: '4242424242424242',
  cardExpiryMonth: '12',
  cardExpiryYear: String(new Date().getFullYear() + 1),
  cardCvv: '123',
  ...over,
});

describe('registration form rules (the contract registerInput)', () => {
  it('accepts a form with only the required fields, and the payload passes the contract', () => {
    expect(registerProblems(filled())).toEqual({});
    expect(registerInput.safeParse(buildRegisterPayload(filled())).success).toBe(true);
  });

  it('requires what the contract requires, and nothing else', () => {
    expect(Object.keys(registerProblems(emptyRegisterForm())).sort()).toEqual(
      ['cardCvv', 'cardExpiryMonth', 'cardExpiryYear', 'cardHolderName', 'cardNumber', 'facilityName', 'password', 'username'].sort(),
    );
    expect(new Set(Object.values(registerProblems(emptyRegisterForm())))).toEqual(new Set(['required']));
  });

  it('refuses a password under 8 characters and a bad email before sending', () => {
    expect(registerProblems(filled({ password: '1234567' }))).toEqual({ password: 'invalid' });
    expect(registerProblems(filled({ email: 'not-an-email' }))).toEqual({ email: 'invalid' });
    expect(registerProblems(filled({ cardCvv: '1' }))).toEqual({ cardCvv: 'invalid' });
  });

  it("names the fields of the server's issues, never keeping its words", () => {
    const issues = issuesByField({
      code: 'validation_failed',
      message: 'x',
      issues: [
        { path: 'password', message: 'Too small' },
        { path: 'nope', message: 'x' },
      ],
    });
    expect(issues).toEqual({ password: 'invalid' });
  });
});
