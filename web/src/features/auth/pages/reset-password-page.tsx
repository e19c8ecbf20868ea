import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { setLanguage } from '#web/lib/i18n.ts';
import { LOCALES, MIN_PASSWORD_LENGTH, type Locale } from '#contract/constants.ts';
import { useResetPassword } from '../api/password.ts';
import { AuthPageFrame, FormAlert, cardLinkClass } from '../components/auth-page-frame.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { newPasswordProblem } from '../lib/new-password.ts';

/** The refusals after which only a new link helps. */
const isDeadLink = (err: unknown) => err instanceof ApiError && (err.code === 'reset_link_invalid' || err.code === 'reset_link_expired');

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<{ text: string; deadLink: boolean } | null>(null);

  if (reset.isSuccess) {
    return (
      <>
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          {t('reset.done')}
        </p>
        <Link to="/login" className={cardLinkClass}>
          {t('reset.toLogin')}
        </Link>
      </>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    const found = newPasswordProblem(newPassword, confirmPassword);
    setProblem(found && { text: t(found, { min: MIN_PASSWORD_LENGTH }), deadLink: false });
    if (found) return;
    reset.mutate(
      { token, newPassword, confirmPassword },
      { onError: (err) => setProblem({ text: errorText(err, t('reset.failed')), deadLink: isDeadLink(err) }) },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700">{t('reset.intro')}</p>
      <NewPasswordFields
        newPassword={newPassword}
        confirmPassword={confirmPassword}
        onNewPassword={setNewPassword}
        onConfirmPassword={setConfirmPassword}
      />
      {problem && (
        <FormAlert>
          <p>{problem.text}</p>
          {problem.deadLink && (
            <Link to="/forgot-password" className="mt-1 inline-flex min-h-11 items-center font-medium underline">
              {t('reset.askAgain')}
            </Link>
          )}
        </FormAlert>
      )}
      <Button type="submit" className="w-full text-base" disabled={reset.isPending} aria-busy={reset.isPending || undefined}>
        {reset.isPending ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}

/**
 * The link's token: in the fragment (`#token=…`), which browsers never send to a server
 * (docs/product.md "Your own account").
 */
function tokenOf(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || undefined;
}

/** The e-mail's language (`?lng=ru`), when it is one of the app's. */
function languageOf(search: string): Locale | undefined {
  const lng = new URLSearchParams(search).get('lng');
  return lng && (LOCALES as readonly string[]).includes(lng) ? (lng as Locale) : undefined;
}

/** /reset-password?lng=…#token=…: the page the e-mailed link opens (docs/product.md "Your own account"). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  // Read once and kept here; the address bar and the history then forget it.
  const [token] = useState(() => tokenOf(location.hash));
  // The page speaks the e-mail's language, whatever this browser chose before (docs/product.md "Your own account").
  const [language] = useState(() => languageOf(location.search));
  const { i18n } = useTranslation();
  useEffect(() => {
    if (language && i18n.language !== language) void setLanguage(language);
  }, [i18n, language]);
  useEffect(() => {
    if (location.hash || location.search) void navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
  }, [location.hash, location.search, location.pathname, navigate]);
  return (
    <AuthPageFrame title={t('reset.title')}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <FormAlert>{t('reset.incomplete')}</FormAlert>
          <Link to="/forgot-password" className={cardLinkClass}>
            {t('reset.askAgain')}
          </Link>
        </>
      )}
    </AuthPageFrame>
  );
}
