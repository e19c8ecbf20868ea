import type { z } from 'zod';
import { cardInput, type CardInput } from '#contract/auth.ts';
import type { ErrorCode } from '#contract/errors.ts';

/**
 * The payment-card fields as the inputs hold them (strings), the one month and year list, and the
 * one validation: the contract's own `cardInput` schema, so the form refuses exactly what the server
 * would. Used by the registration form and the account's card update.
 */
export interface CardFormValues {
  cardHolderName: string;
  cardNumber: string;
  cardExpiryMonth: string;
  cardExpiryYear: string;
  cardCvv: string;
}
export type CardField = keyof CardFormValues;

export const emptyCardForm = (): CardFormValues => ({
  cardHolderName: '',
  cardNumber: '',
  cardExpiryMonth: '',
  cardExpiryYear: '',
  cardCvv: '',
});
export const CARD_FIELDS = Object.keys(emptyCardForm()) as CardField[];

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** docs/product.md ("Validation rules", Registration): this year and the nine after it. */
export const expiryYears = (now: Date = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);

/** What is sent for the card: numbers for the expiry, the card number without the spaces people type. */
export function cardPayload(values: CardFormValues): CardInput {
  return {
    cardHolderName: values.cardHolderName.trim(),
    cardNumber: values.cardNumber.replace(/[\s-]/g, ''),
    cardExpiryMonth: Number(values.cardExpiryMonth),
    cardExpiryYear: Number(values.cardExpiryYear),
    cardCvv: values.cardCvv.trim(),
  };
}

/** A field the schema refused: left blank, or filled with something it does not accept. */
export type FieldProblem = 'required' | 'invalid';

/**
 * Runs `schema` on `payload` and names each refused field of `typed` (the form as typed): "required"
 * when it was left blank, else "invalid". Which fields are required is the schema's to say.
 */
export function schemaProblems<F extends string>(
  schema: z.ZodType,
  payload: unknown,
  typed: Record<F, string>,
): Partial<Record<F, FieldProblem>> {
  const result = schema.safeParse(payload);
  const problems: Partial<Record<F, FieldProblem>> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as F;
    if (!(field in typed) || problems[field]) continue;
    problems[field] = typed[field].trim() === '' ? 'required' : 'invalid';
  }
  return problems;
}

export const cardProblems = (values: CardFormValues) => schemaProblems(cardInput, cardPayload(values), values);

/** The card field a refusal of the payment gateway is about (its words come from the code). */
export function cardFieldOf(code: ErrorCode | undefined): CardField | undefined {
  switch (code) {
    case 'card_invalid':
    case 'card_declined':
      return 'cardNumber';
    case 'card_cvv_invalid':
      return 'cardCvv';
    case 'card_expired':
      return 'cardExpiryYear';
    default:
      return undefined;
  }
}
