import { describe, expect, it } from 'vitest';
import { cardInput } from '#contract/auth.ts';
import {
  CARD_FIELDS,
  cardFieldOf,
  cardPayload,
  cardProblems,
  emptyCardForm,
  expiryYears,
  schemaProblems,
  type CardFormValues,
} from './card-form.ts';

const valid = (over: Partial<CardFormValues> = {}): CardFormValues => ({
  cardHolderName: 'Dana Levi',
  cardNumber: '4242 4242 4242 4242',
  cardExpiryMonth: '03',
  cardExpiryYear: String(new Date().getFullYear() + 1),
  cardCvv: '123',
  ...over,
});

describe('card form', () => {
  it('finds nothing wrong with a complete card, and sends what the contract accepts', () => {
    expect(cardProblems(valid())).toEqual({});
    expect(cardInput.safeParse(cardPayload(valid())).success).toBe(true);
    expect(cardPayload(valid())).toMatchObject({ cardNumber: '4242424242424242', cardExpiryMonth: 3 });
  });

  it('calls every blank field required: the contract requires all five', () => {
    expect(cardProblems(emptyCardForm())).toEqual(Object.fromEntries(CARD_FIELDS.map((f) => [f, 'required'])));
  });

  it("refuses, as invalid, what the contract's schema refuses", () => {
    expect(cardProblems(valid({ cardCvv: '12' }))).toEqual({ cardCvv: 'invalid' });
    expect(cardProblems(valid({ cardCvv: '12a' }))).toEqual({ cardCvv: 'invalid' });
    expect(cardProblems(valid({ cardNumber: '4242 4242' }))).toEqual({ cardNumber: 'invalid' });
    expect(cardProblems(valid({ cardNumber: '4'.repeat(20) }))).toEqual({ cardNumber: 'invalid' });
    expect(cardProblems(valid({ cardExpiryMonth: '13' }))).toEqual({ cardExpiryMonth: 'invalid' });
    expect(cardProblems(valid({ cardHolderName: 'x'.repeat(101) }))).toEqual({ cardHolderName: 'invalid' });
  });

  it('names only the fields of the form it was given', () => {
    expect(schemaProblems(cardInput, {}, { cardCvv: '' })).toEqual({ cardCvv: 'required' });
  });

  it('offers this year and the nine after it', () => {
    expect(expiryYears(new Date('2031-06-01T00:00:00Z'))).toEqual([2031, 2032, 2033, 2034, 2035, 2036, 2037, 2038, 2039, 2040]);
  });

  it("puts a gateway's refusal on the field it is about", () => {
    expect(cardFieldOf('card_declined')).toBe('cardNumber');
    expect(cardFieldOf('card_invalid')).toBe('cardNumber');
    expect(cardFieldOf('card_cvv_invalid')).toBe('cardCvv');
    expect(cardFieldOf('card_expired')).toBe('cardExpiryYear');
    expect(cardFieldOf('username_taken')).toBeUndefined();
    expect(cardFieldOf(undefined)).toBeUndefined();
  });
});
