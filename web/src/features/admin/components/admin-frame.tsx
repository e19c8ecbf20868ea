import { Suspense, useEffect } from 'react';
import { NavLink, Navigate, Outlet, useNavigate } from 'react-router';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { ApiError } from '#web/lib/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { useAdminLogout, useAdminUsers } from '../api/admin.ts';

const LINKS = [
  { to: '/admin-management', key: 'nav.projects' },
  { to: '/customer-billing', key: 'nav.billing' },
] as const;

/** A refusal that means "not a platform admin": no session, or a session of another kind. */
const isRefused = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/**
 * The platform admin's frame (docs/product.md "Platform admin screens"): no project menu, a header
 * with the two screens, the language and sign-out. It first asks the server whether this session is
 * a platform admin's (`GET /api/admin/users`); a refusal goes to /login.
 */
export function AdminFrame() {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const navigate = useNavigate();
  const check = useAdminUsers();
  const logout = useAdminLogout();
  const refused = check.isError && isRefused(check.error);

  useEffect(() => {
    document.title = `${t('platform')} — ${tc('appName')}`;
  }, [t, tc]);

  if (check.isPending) return <Loading label={t('checkingPermissions')} />;
  if (refused) return <Navigate to="/login" replace />;
  if (check.isError) {
    return (
      <div role="alert" className="m-6 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900">
        {t('checkFailed')}
        <Button variant="secondary" onClick={() => void check.refetch()}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2">
          <div className="text-lg font-bold text-blue-800">{t('platform')}</div>
          <nav aria-label={t('nav.label')} className="flex flex-1 flex-wrap gap-1">
            {LINKS.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                className={({ isActive }) =>
                  `flex min-h-11 items-center rounded-md px-3 text-sm font-medium ${isActive ? 'bg-blue-100 text-blue-900' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {t(l.key)}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSelect selectClassName="w-auto" />
            <Button
              variant="secondary"
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) })}
            >
              {tc('actions.logout')}
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl p-4 lg:p-6">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
