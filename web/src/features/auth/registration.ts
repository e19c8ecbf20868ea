import { DEFAULT_MONTHLY_PRICE_ILS } from '../../../../contract/constants.ts';
import type { ProjectType } from '../../../../contract/project-types.ts';
import type { ApiErrorBody } from '../../../../contract/errors.ts';
import type { RegisterRequest } from './api/auth.ts';

/** The registration form as typed: every value a string, as the inputs hold them. */
export interface RegisterForm {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  facilityName: string;
  facilityType: ProjectType;
  monthlyPrice: string;
  cardHolderName: string;
  cardNumber: string;
  cardExpiryMonth: string;
  cardExpiryYear: string;
  cardCvv: string;
}
export type RegisterField = keyof RegisterForm;

export const emptyRegisterForm = (): RegisterForm => ({
  username: '',
  password: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  city: '',
  facilityName: '',
  facilityType: 'construction',
  monthlyPrice: String(DEFAULT_MONTHLY_PRICE_ILS),
  cardHolderName: '',
  cardNumber: '',
  cardExpiryMonth: '',
  cardExpiryYear: '',
  cardCvv: '',
});

/** Spec §5: the account fields first (they get the toast), then the card fields, in form order. */
export const REQUIRED_FIELDS: readonly RegisterField[] = [
  'username',
  'password',
  'facilityName',
  'cardHolderName',
  'cardNumber',
  'cardExpiryMonth',
  'cardExpiryYear',
  'cardCvv',
];

export const missingRequiredFields = (form: RegisterForm): RegisterField[] => REQUIRED_FIELDS.filter((f) => !form[f].trim());

/** Spec §5: a number, else 1399 (blank counts as not numeric, not as 0). */
export function parseMonthlyPrice(value: string): number {
  const n = value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : DEFAULT_MONTHLY_PRICE_ILS;
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** Spec §9: the current year and the next 9. */
export const expiryYears = (now: Date = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);

export function buildRegisterPayload(form: RegisterForm): RegisterRequest {
  return {
    username: form.username.trim(),
    password: form.password,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    city: form.city.trim(),
    facilityName: form.facilityName.trim(),
    facilityType: form.facilityType,
    monthlyPrice: parseMonthlyPrice(form.monthlyPrice),
    cardHolderName: form.cardHolderName.trim(),
    cardNumber: form.cardNumber.replace(/[\s-]/g, ''), // people type the groups of four
    cardExpiryMonth: Number(form.cardExpiryMonth),
    cardExpiryYear: Number(form.cardExpiryYear),
    cardCvv: form.cardCvv.trim(),
  };
}

/** The server's validation issues, keyed by the form field they name (unknown paths are dropped). */
export function issuesByField(body: ApiErrorBody | undefined): Partial<Record<RegisterField, string>> {
  const fields = Object.keys(emptyRegisterForm());
  const out: Partial<Record<RegisterField, string>> = {};
  for (const issue of body?.issues ?? []) {
    const field = issue.path.split('.')[0];
    if (fields.includes(field) && !out[field as RegisterField]) out[field as RegisterField] = issue.message;
  }
  return out;
}
