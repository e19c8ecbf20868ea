import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCardProblemWords } from '#web/components/card-fields.tsx';
import { CARD_FIELDS, cardFieldOf, type CardField, type FieldProblem } from '#web/components/card-form.ts';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useRegister } from './api/auth.ts';
import {
  REGISTER_FIELDS,
  buildRegisterPayload,
  emptyRegisterForm,
  issuesByField,
  registerProblems,
  type RegisterField,
  type RegisterForm,
} from './registration.ts';

export type FieldErrors = Partial<Record<RegisterField, string>>;
type Problems = Partial<Record<RegisterField, FieldProblem>>;

/** The words for a field the schema refused (the card fields have their own, with the card component). */
const INVALID_KEY: Partial<Record<RegisterField, string>> = {
  username: 'register.invalid.username',
  password: 'register.invalid.password',
  email: 'register.invalid.email',
};
const isCardField = (field: string): field is CardField => (CARD_FIELDS as string[]).includes(field);

/**
 * The registration form's state and rules: the contract's schema decides what is missing or wrong
 * before anything is sent; a refusal is worded by its code, never by the server's text.
 */
export function useRegisterForm() {
  const { t } = useTranslation('auth');
  const cardWords = useCardProblemWords();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const register = useRegister();
  // The card number and CVV live only here, in the form's state, and leave with it.
  const [form, setForm] = useState<RegisterForm>(emptyRegisterForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const setField = (field: RegisterField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const words = (problems: Problems): FieldErrors => {
    const out: FieldErrors = {};
    const card: Partial<Record<CardField, FieldProblem>> = {};
    for (const [field, problem] of Object.entries(problems) as [RegisterField, FieldProblem][]) {
      if (isCardField(field)) card[field] = problem;
      else out[field] = problem === 'required' ? t('register.required') : t(INVALID_KEY[field] ?? 'register.invalid.generic');
    }
    return { ...out, ...cardWords(card) };
  };

  /** Marks the fields, says why in one toast, and puts the focus on the first marked field. */
  const report = (fieldErrors: FieldErrors, title: string, description?: string) => {
    setErrors(fieldErrors);
    toast({ title, description, variant: 'destructive' });
    const first = REGISTER_FIELDS.find((f) => fieldErrors[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const refused = (err: unknown) => {
    const code = err instanceof ApiError ? err.code : undefined;
    const fieldErrors = words(issuesByField(err instanceof ApiError ? err.body : undefined));
    let description = errorText(err, t('register.failed'));
    const field = code === 'username_taken' ? 'username' : cardFieldOf(code);
    if (field) fieldErrors[field] = description;
    else if (Object.keys(fieldErrors).length > 0) description = t('register.checkFields');
    report(fieldErrors, t('register.errorTitle'), description);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending) return;
    const problems = registerProblems(form);
    if (Object.keys(problems).length > 0) {
      const blank = Object.values(problems).includes('required');
      report(words(problems), blank ? t('register.fillRequired') : t('register.checkFields'));
      return;
    }
    const payload = buildRegisterPayload(form);
    register.mutate(payload, {
      onSuccess: () => {
        toast({ title: t('register.success', { name: payload.facilityName }), variant: 'success' });
        void navigate('/login');
      },
      onError: refused,
    });
  };

  return { form, errors, setField, submit, pending: register.isPending, formRef };
}
