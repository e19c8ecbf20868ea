import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { RESET_LINK_MINUTES } from '#contract/account.ts';
import { localeOf } from '#web/lib/stored-language.ts';
import { Button } from '#web/components/ui/button.tsx';
import { UsernameField } from '../components/credentials-fields.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useAuthOptions, useForgotPassword } from '../api/password.ts';
import { AuthPageFrame, FormAlert, cardLinkClass } from '../components/auth-page-frame.tsx';

/**
 * Asks for the e-mailed link. The answer is the same whether the username exists or not, so the
 * page never tells who has an account (docs/product.md "Your own account").
 */
function ForgotPasswordForm() {
  const { t, i18n } = useTranslation('auth');
  const errorText = useErrorText();
  const forgot = useForgotPassword();
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (forgot.isSuccess) {
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        {t('forgot.sent', { minutes: RESET_LINK_MINUTES })}
      </p>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (forgot.isPending) return;
    if (!username.trim()) {
      setProblem(t('forgot.fillUsername'));
      return;
    }
    setProblem(null);
    forgot.mutate(
      { username: username.trim(), language: localeOf(i18n.language) },
      { onError: (err) => setProblem(errorText(err, t('forgot.failed'))) },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700">{t('forgot.intro')}</p>
      <UsernameField value={username} onChange={setUsername} />
      {problem && <FormAlert>{problem}</FormAlert>}
      <Button type="submit" className="w-full text-base" disabled={forgot.isPending} aria-busy={forgot.isPending || undefined}>
        {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}

/** Without e-mail on this server, the way back in is a temporary password from an administrator. */
function AdminWay() {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950" data-testid="admin-way">
      <p>{t('forgot.adminWay')}</p>
      <p>{t('forgot.ownerWay')}</p>
    </div>
  );
}

/** /forgot-password (docs/product.md "Your own account"). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const options = useAuthOptions();

  let body;
  if (options.isPending) {
    body = <Loading label={t('forgot.loading')} />;
  } else if (options.isError) {
    body = (
      <FormAlert>
        <p>{t('forgot.loadError')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void options.refetch()}>
          {tc('actions.retry')}
        </Button>
      </FormAlert>
    );
  } else if (options.data.passwordResetByEmail) {
    body = <ForgotPasswordForm />;
  } else {
    body = <AdminWay />;
  }

  return (
    <AuthPageFrame title={t('forgot.title')}>
      {body}
      <Link to="/login" className={cardLinkClass}>
        {t('forgot.backToLogin')}
      </Link>
    </AuthPageFrame>
  );
}
