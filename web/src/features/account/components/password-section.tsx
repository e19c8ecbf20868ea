import { useRef, useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '#contract/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useChangePassword } from '../api/profile.ts';
import {
  PASSWORD_FIELDS,
  emptyPasswordForm,
  passwordFieldOf,
  passwordFormProblems,
  passwordInputOf,
  type PasswordField,
  type PasswordForm,
} from '../lib/password-form.ts';

const FIELDS: Record<PasswordField, { label: string; autoComplete: string }> = {
  currentPassword: { label: 'password.current', autoComplete: 'current-password' },
  newPassword: { label: 'password.new', autoComplete: 'new-password' },
  confirmPassword: { label: 'password.confirm', autoComplete: 'new-password' },
};

/**
 * Change one's own password (docs/product.md "Your own account"): checked here first, in the
 * reader's language; the server then keeps this device signed in and signs out every other one.
 */
export function PasswordSection({ username }: { username: string }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const change = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<PasswordForm>(emptyPasswordForm);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});

  const set = (field: PasswordField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const focus = (field: PasswordField) => {
    const control = formRef.current?.elements.namedItem(field);
    if (control instanceof HTMLElement) control.focus();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (change.isPending) return;
    const problems = passwordFormProblems(form, username);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key, { min: MIN_PASSWORD_LENGTH })])));
    const first = PASSWORD_FIELDS.find((f) => problems[f]);
    if (first) return focus(first);
    change.mutate(passwordInputOf(form), {
      onSuccess: () => {
        setForm(emptyPasswordForm());
        toast({ title: t('password.success'), variant: 'success' });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'unauthorized') return; // the shell reports it and signs out
        const text = errorText(err);
        const field = err instanceof ApiError ? passwordFieldOf(err.code) : undefined;
        if (field) {
          setErrors({ [field]: text });
          focus(field);
        }
        toast({ title: t('password.errorTitle'), description: text, variant: 'destructive' });
      },
    });
  };

  return (
    <section aria-labelledby="account-password" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-password" className="mb-1 text-lg font-semibold text-slate-900">
        {t('password.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('password.description')}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="max-w-md space-y-3" aria-busy={change.isPending}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {PASSWORD_FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            type="password"
            dir="ltr"
            label={t(FIELDS[field].label)}
            autoComplete={FIELDS[field].autoComplete}
            hint={field === 'newPassword' ? t('password.newHint', { min: MIN_PASSWORD_LENGTH }) : undefined}
            value={form[field]}
            error={errors[field]}
            onChange={(e) => set(field, e.target.value)}
            maxLength={200}
            required
          />
        ))}
        <Button type="submit" className="w-full sm:w-auto" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending ? t('password.saving') : t('password.submit')}
        </Button>
      </form>
    </section>
  );
}
