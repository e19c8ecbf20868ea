import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useLogin } from '../api/auth.ts';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { AdminLoginDialog } from '../components/admin-login-dialog.tsx';
import { BrandLogo } from '../components/brand-logo.tsx';
import { CredentialsFields } from '../components/credentials-fields.tsx';

/** docs/product.md ("Sign-in screens"): after login the user goes to / after 100 ms (the toast shows first). */
const REDIRECT_AFTER_LOGIN_MS = 100;

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const auth = useAuthUser();
  const login = useLogin();
  const errorText = useErrorText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [adminOpen, setAdminOpen] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Already signed in: go home. Not while our own login is settling — that one waits 100 ms.
  if (auth.data && !login.isPending && !login.isSuccess) return <Navigate to="/" replace />;

  const timedOut = params.get('reason') === 'timeout';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    if (!username.trim() || !password.trim()) {
      toast({ title: t('login.fillBoth'), variant: 'destructive' });
      return;
    }
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (user) => {
          toast({ title: t('login.welcome', { name: user.facilityName }), variant: 'success' });
          redirectTimer.current = setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_LOGIN_MS);
        },
        // Wrong credentials, too many attempts, no connection: each in the reader's words, by its code.
        onError: (err) => toast({ title: t('login.failed'), description: errorText(err), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="relative flex min-h-screen items-center justify-center bg-gradient-to-b from-blue-50 to-slate-100 px-4 py-16">
      <button
        type="button"
        onClick={() => setAdminOpen(true)}
        aria-label={t('admin.open')}
        title={t('admin.open')}
        className="absolute end-3 top-3 flex min-h-11 min-w-11 items-center justify-center rounded-full text-slate-600 hover:bg-white hover:text-blue-800"
        data-testid="admin-login-open"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          aria-hidden
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        >
          <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
          <path d="M9.5 12l1.8 1.8 3.4-3.6" />
        </svg>
      </button>

      <main className="w-full max-w-md">
        <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8">
          <header className="flex flex-col items-center text-center">
            <BrandLogo />
            <h1 className="mt-3 text-3xl font-bold text-blue-900">{tc('appName')}</h1>
            <p className="mt-2 text-base text-slate-700">{t('login.tagline')}</p>
          </header>

          <LanguageSelect className="mx-auto mt-5 max-w-48" />

          {timedOut && (
            <div
              role="status"
              className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="timeout-notice"
            >
              <p className="font-semibold">{t('login.timeoutTitle')}</p>
              <p className="mt-1">{t('login.timeout')}</p>
            </div>
          )}

          <form noValidate onSubmit={submit} className="mt-6 space-y-4" aria-labelledby="login-title">
            <h2 id="login-title" className="text-lg font-semibold text-slate-900">
              {t('login.title')}
            </h2>
            <CredentialsFields username={username} password={password} onUsername={setUsername} onPassword={setPassword} />
            <Button type="submit" className="w-full text-base" disabled={login.isPending} aria-busy={login.isPending || undefined}>
              {login.isPending ? t('login.submitting') : t('login.submit')}
            </Button>
            <p className="text-center">
              <Link to="/forgot-password" className="inline-flex min-h-11 items-center text-sm font-medium text-blue-800 underline">
                {t('login.forgot')}
              </Link>
            </p>
          </form>

          <div className="mt-6 border-t border-slate-200 pt-5 text-center">
            <p className="text-sm text-slate-700">{t('login.noAccount')}</p>
            <Link
              to="/register"
              className="mt-2 inline-flex min-h-11 w-full items-center justify-center rounded-md border border-blue-700 px-4 py-2 text-sm font-medium text-blue-800 hover:bg-blue-50"
            >
              {t('login.register')}
            </Link>
          </div>
        </div>
      </main>

      <AdminLoginDialog open={adminOpen} onOpenChange={setAdminOpen} />
    </div>
  );
}
