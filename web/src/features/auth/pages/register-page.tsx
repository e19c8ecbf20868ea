import { Link } from 'react-router';
import { PROJECT_TYPES, projectTypeLabelKey } from '#contract/project-types.ts';
import { CardFields } from '#web/components/card-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { CardNote, FormSection, RegisterBenefits, RegisterHeader, RegisterPrice } from '../components/register-parts.tsx';
import type { RegisterField } from '../registration.ts';
import { useRegisterForm } from '../use-register-form.ts';

/** /register — a new project: its first administrator, the project, and the card it is billed to. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { form, errors, setField, submit, pending, formRef } = useRegisterForm();

  /** Props for one field: name, value, error words, and a change handler that clears the error. */
  const bind = (field: RegisterField) => ({
    name: field,
    value: form[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setField(field, e.target.value),
  });

  return (
    <div className="min-h-screen bg-slate-100">
      <RegisterHeader />
      <main className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('register.title')}</h1>
        <p className="mt-2 text-slate-700">{t('register.subtitle')}</p>

        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <form
            ref={formRef}
            noValidate
            onSubmit={submit}
            className="space-y-8 rounded-2xl bg-white p-4 shadow sm:p-6"
            aria-labelledby="register-form-title"
          >
            <h2 id="register-form-title" className="sr-only">
              {t('register.title')}
            </h2>

            <FormSection title={t('register.sections.login')}>
              <TextField
                label={t('fields.username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                dir="auto"
                required
                {...bind('username')}
              />
              <TextField
                label={t('fields.password')}
                type="password"
                autoComplete="new-password"
                required
                hint={t('register.passwordHint')}
                {...bind('password')}
              />
            </FormSection>

            <FormSection title={t('register.sections.personal')}>
              <TextField label={t('register.fields.firstName')} autoComplete="given-name" dir="auto" {...bind('firstName')} />
              <TextField label={t('register.fields.lastName')} autoComplete="family-name" dir="auto" {...bind('lastName')} />
              <TextField label={t('register.fields.email')} type="email" autoComplete="email" dir="ltr" {...bind('email')} />
              <TextField label={t('register.fields.phone')} type="tel" autoComplete="tel" dir="ltr" {...bind('phone')} />
              <TextField label={t('register.fields.city')} autoComplete="address-level2" dir="auto" {...bind('city')} />
            </FormSection>

            <FormSection title={t('register.sections.project')}>
              <TextField
                label={t('register.fields.projectName')}
                autoComplete="organization"
                dir="auto"
                required
                {...bind('facilityName')}
              />
              <SelectField label={t('register.fields.projectType')} {...bind('facilityType')}>
                {PROJECT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(projectTypeLabelKey(type))}
                  </option>
                ))}
              </SelectField>
              <RegisterPrice />
            </FormSection>

            <FormSection title={t('register.sections.card')}>
              <CardFields values={form} errors={errors} onChange={setField} />
              <CardNote />
            </FormSection>

            <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row">
              <Button type="submit" className="text-base sm:min-w-48" disabled={pending} aria-busy={pending || undefined}>
                {pending ? t('register.submitting') : t('register.submit')}
              </Button>
              <Link
                to="/login"
                className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                {t('register.haveAccount')}
              </Link>
            </div>
          </form>
          <RegisterBenefits />
        </div>
      </main>
    </div>
  );
}
