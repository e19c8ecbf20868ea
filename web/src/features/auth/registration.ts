import { registerInput } from '#contract/auth.ts';
import type { ProjectType } from '#contract/project-types.ts';
import type { ApiErrorBody } from '#contract/errors.ts';
import { cardPayload, emptyCardForm, schemaProblems, type CardFormValues, type FieldProblem } from '#web/components/card-form.ts';
import type { RegisterRequest } from './api/auth.ts';

/** The registration form as typed: every value a string, as the inputs hold them. */
export interface RegisterForm extends CardFormValues {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  facilityName: string;
  facilityType: ProjectType;
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
  ...emptyCardForm(),
});
/** The fields in form order: the first one in trouble gets the focus. */
export const REGISTER_FIELDS = Object.keys(emptyRegisterForm()) as RegisterField[];

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
    ...cardPayload(form),
  };
}

/** What the contract's registerInput refuses in the form, field by field (blank → "required"). */
export const registerProblems = (form: RegisterForm): Partial<Record<RegisterField, FieldProblem>> =>
  schemaProblems(registerInput, buildRegisterPayload(form), form);

/** The fields the server's validation issues name (unknown paths are dropped); its words are not shown. */
export function issuesByField(body: ApiErrorBody | undefined): Partial<Record<RegisterField, FieldProblem>> {
  const fields: string[] = REGISTER_FIELDS;
  const out: Partial<Record<RegisterField, FieldProblem>> = {};
  for (const issue of body?.issues ?? []) {
    const field = issue.path.split('.')[0];
    if (fields.includes(field)) out[field as RegisterField] ??= 'invalid';
  }
  return out;
}
