import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link, useNavigate } from 'react-router';
import { PROJECT_TYPES, projectTypeLabelKey, type ProjectType } from '../../../../../contract/project-types.ts';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useRegister } from '../api/auth.ts';
import { BrandLogo } from '../components/brand-logo.tsx';
import {
  EXPIRY_MONTHS,
  buildRegisterPayload,
  emptyRegisterForm,
  expiryYears,
  issuesByField,
  missingRequiredFields,
  parseMonthlyPrice,
  type RegisterField,
  type RegisterForm,
} from '../registration.ts';

type FieldErrors = Partial<Record<RegisterField, string>>;

/** The localized text for a field the server rejected (its own messages are English). */
const INVALID_KEY: Partial<Record<RegisterField, string>> = {
  username: 'register.invalid.username',
  password: 'register.invalid.password',
  email: 'register.invalid.email',
  monthlyPrice: 'register.invalid.monthlyPrice',
  cardNumber: 'register.invalid.cardNumber',
  cardExpiryMonth: 'register.invalid.cardExpiry',
  cardExpiryYear: 'register.invalid.cardExpiry',
  cardCvv: 'register.invalid.cardCvv',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 w-full border-b border-slate-200 pb-2 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A select with the same look as TextField, a required mark and an error line. */
function Select({ label, error, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {props.required && <span className="text-red-700" aria-hidden> *</span>}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-blue-600 focus:ring-2 focus:ring-blue-200 focus:outline-none"
        {...props}
      >
        {children}
      </select>
      {error && <p className="text-xs text-red-700">{error}</p>}
    </div>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden focusable="false" fill="currentColor">
      <path fillRule="evenodd" clipRule="evenodd" d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.7-9.3a1 1 0 00-1.4-1.4L9 10.6 7.7 9.3a1 1 0 00-1.4 1.4l2 2a1 1 0 001.4 0l4-4z" />
    </svg>
  );
}

export default function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const register = useRegister();
  // The card number and CVV live only here, in the form's state, and leave with it.
  const [form, setForm] = useState<RegisterForm>(emptyRegisterForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const years = useMemo(() => expiryYears(), []);

  const price = useMemo(
    () =>
      new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'ILS', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
        parseMonthlyPrice(form.monthlyPrice),
      ),
    [form.monthlyPrice, i18n.language],
  );

  /** Props for one field: value, change handler (clears its error), name and error text. */
  const bind = (field: RegisterField) => ({
    name: field,
    value: form[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setForm((f) => ({ ...f, [field]: value }));
      if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
    },
  });

  const focusField = (field: RegisterField) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const showServerErrors = (err: unknown) => {
    const fieldErrors: FieldErrors = {};
    const body = err instanceof ApiError ? err.body : undefined;
    for (const field of Object.keys(issuesByField(body)) as RegisterField[]) {
      fieldErrors[field] = t(INVALID_KEY[field] ?? 'register.invalid.generic');
    }
    let description = errorMessage(err, t('register.failed'));
    if (err instanceof ApiError && err.status === 409) {
      fieldErrors.username = t('register.invalid.usernameTaken');
      description = t('register.invalid.usernameTaken');
    } else if (err instanceof ApiError && err.status === 402) {
      fieldErrors.cardNumber = t('register.invalid.cardDeclined');
      description = t('register.invalid.cardDeclined');
    } else if (Object.keys(fieldErrors).length > 0) {
      description = t('register.checkFields');
    } else if (err instanceof TypeError) {
      description = t('register.network');
    }
    setErrors(fieldErrors);
    toast({ title: t('register.errorTitle'), description, variant: 'destructive' });
    const first = (Object.keys(emptyRegisterForm()) as RegisterField[]).find((f) => fieldErrors[f]);
    if (first) focusField(first);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending) return;
    const missing = missingRequiredFields(form);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, t('register.required')])));
      toast({ title: t('register.fillRequired'), variant: 'destructive' });
      focusField(missing[0]);
      return;
    }
    const payload = buildRegisterPayload(form);
    register.mutate(payload, {
      onSuccess: () => {
        toast({ title: t('register.success', { name: payload.facilityName }), variant: 'success' });
        navigate('/login');
      },
      onError: showServerErrors,
    });
  };

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2">
          <BrandLogo className="h-9 w-9" />
          <span className="text-xl font-bold text-blue-900">{tc('appName')}</span>
          <LanguageSelect className="ms-auto w-36" />
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('register.title')}</h1>
        <p className="mt-2 text-slate-700">{t('register.subtitle')}</p>

        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <form ref={formRef} noValidate onSubmit={submit} className="space-y-8 rounded-2xl bg-white p-4 shadow sm:p-6" aria-labelledby="register-form-title">
            <h2 id="register-form-title" className="sr-only">
              {t('register.title')}
            </h2>

            <Section title={t('register.sections.login')}>
              <TextField label={t('fields.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} required {...bind('username')} />
              <TextField label={t('fields.password')} type="password" autoComplete="new-password" required hint={t('register.passwordHint')} {...bind('password')} />
            </Section>

            <Section title={t('register.sections.personal')}>
              <TextField label={t('register.fields.firstName')} autoComplete="given-name" {...bind('firstName')} />
              <TextField label={t('register.fields.lastName')} autoComplete="family-name" {...bind('lastName')} />
              <TextField label={t('register.fields.email')} type="email" autoComplete="email" dir="ltr" {...bind('email')} />
              <TextField label={t('register.fields.phone')} type="tel" autoComplete="tel" dir="ltr" {...bind('phone')} />
              <TextField label={t('register.fields.city')} autoComplete="address-level2" {...bind('city')} />
            </Section>

            <Section title={t('register.sections.project')}>
              <TextField label={t('register.fields.projectName')} autoComplete="organization" required {...bind('facilityName')} />
              <Select
                label={t('register.fields.projectType')}
                name="facilityType"
                value={form.facilityType}
                onChange={(e) => setForm((f) => ({ ...f, facilityType: e.target.value as ProjectType }))}
              >
                {PROJECT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(projectTypeLabelKey(type))}
                  </option>
                ))}
              </Select>
              <TextField
                label={t('register.fields.monthlyPrice')}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                hint={t('register.priceHint', { price })}
                {...bind('monthlyPrice')}
              />
            </Section>

            <Section title={t('register.sections.card')}>
              <TextField label={t('register.fields.cardHolderName')} autoComplete="cc-name" required {...bind('cardHolderName')} />
              <TextField
                label={t('register.fields.cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={19}
                dir="ltr"
                required
                {...bind('cardNumber')}
              />
              <div className="grid grid-cols-2 gap-3">
                <Select label={t('register.fields.expiryMonth')} autoComplete="cc-exp-month" required {...bind('cardExpiryMonth')}>
                  <option value="" disabled>
                    {t('register.fields.monthPlaceholder')}
                  </option>
                  {EXPIRY_MONTHS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </Select>
                <Select label={t('register.fields.expiryYear')} autoComplete="cc-exp-year" required {...bind('cardExpiryYear')}>
                  <option value="" disabled>
                    {t('register.fields.yearPlaceholder')}
                  </option>
                  {years.map((y) => (
                    <option key={y} value={String(y)}>
                      {y}
                    </option>
                  ))}
                </Select>
              </div>
              <TextField
                label={t('register.fields.cvv')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={3}
                dir="ltr"
                required
                {...bind('cardCvv')}
              />
              <p className="flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900 sm:col-span-2" data-testid="card-note">
                <svg viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0" aria-hidden focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <rect x="5" y="11" width="14" height="10" rx="2" />
                  <path d="M8 11V8a4 4 0 018 0v3" />
                </svg>
                <span>{t('register.cardNote')}</span>
              </p>
            </Section>

            <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row">
              <Button type="submit" className="text-base sm:min-w-48" disabled={register.isPending} aria-busy={register.isPending || undefined}>
                {register.isPending ? t('register.submitting') : t('register.submit')}
              </Button>
              <Link
                to="/login"
                className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                {t('register.haveAccount')}
              </Link>
            </div>
          </form>

          <aside aria-labelledby="benefits-title" className="rounded-2xl bg-white p-4 shadow sm:p-6 lg:sticky lg:top-6">
            <h2 id="benefits-title" className="text-lg font-semibold text-slate-900">
              {t('register.benefits.title')}
            </h2>
            <ul className="mt-4 space-y-3 text-slate-800">
              {(['qr', 'stages', 'realtime', 'separate', 'billing'] as const).map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <CheckIcon />
                  <span>{t(`register.benefits.${key}`)}</span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </main>
    </div>
  );
}
