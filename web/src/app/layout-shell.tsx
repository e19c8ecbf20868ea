import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Navigate, Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { ApiError, onUnauthorized } from '#web/lib/api.ts';
import { useLogout } from '#web/features/auth/api/auth.ts';
import { authUserKey, roleMayAccess, useAuthUser, useProfile } from '#web/lib/queries/session.ts';
import { IDLE_EXEMPT_PATHS, IdleTimeout } from './idle-timeout.tsx';
import { signedInRoutes, type AppRoute } from './routes.tsx';
import type { Role } from '#contract/constants.ts';
import { CLEANING_FACILITY_TYPES } from '#contract/cleaning-types.ts';
import type { User } from '#contract/auth.ts';
import { useLiveUpdates } from './live-updates.ts';
import { adminUsersQuery } from '#web/features/admin/api/admin.ts';
import { reviewCountQuery } from '#web/lib/queries/reviews.ts';

/** Whether a role may open a screen (docs/product.md "Permissions"); the server refuses the rest anyway. */
const mayOpen = (route: AppRoute | undefined, role: Role) => !route?.access || roleMayAccess(role, route.access);

/** Shown instead of a screen the signed-in role may not open (a typed or bookmarked address). */
function NoPermission() {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="mx-auto max-w-lg space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-6 text-center text-amber-950">
      <h1 className="text-xl font-bold">{t('noPermission.title')}</h1>
      <p>{t('noPermission.body')}</p>
      <NavLink to="/" className="inline-flex min-h-11 items-center font-medium text-blue-800 underline">
        {t('noPermission.home')}
      </NavLink>
    </div>
  );
}

/**
 * The menu's entries read as the titles of the pages they open, in the project's wording (rooms or
 * apartments); each role sees only the screens it may open.
 */
function SideMenu({
  onNavigate,
  showProfile,
  cleaning,
  role,
}: {
  onNavigate?: () => void;
  showProfile: boolean;
  cleaning: boolean;
  role: Role;
}) {
  const { t } = useTranslation('common');
  const logout = useLogout();
  const navigate = useNavigate();
  const items = signedInRoutes.filter((r) => r.menuKey && mayOpen(r, role));
  // The number waiting for review, kept fresh by live updates (task.completed, app/live-updates.ts).
  const pendingReviews = useQuery({ ...reviewCountQuery, enabled: items.some((r) => r.badge === 'pendingReviews') }).data?.pending ?? 0;
  return (
    <nav aria-label={t('nav.label')} className="flex h-full flex-col gap-1 overflow-y-auto p-3">
      <div className="mb-4 px-2 text-2xl font-bold text-blue-800">{t('appName')}</div>
      {items.map((r) => (
        <NavLink
          key={r.path}
          to={r.path}
          end
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${isActive ? 'bg-blue-100 text-blue-900' : 'text-slate-700 hover:bg-slate-100'}`
          }
        >
          <span aria-hidden className="w-5 text-center">
            {r.icon}
          </span>
          <span className="min-w-0 flex-1">{t(r.menuKey!, { context: cleaning ? 'cleaning' : undefined })}</span>
          {r.badge === 'pendingReviews' && pendingReviews > 0 && (
            <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="review-badge">
              {pendingReviews}
            </span>
          )}
        </NavLink>
      ))}
      {showProfile && (
        <NavLink
          to="/account-profile"
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${isActive ? 'bg-blue-100 text-blue-900' : 'text-slate-700 hover:bg-slate-100'}`
          }
        >
          <span aria-hidden className="w-5 text-center">
            ☺
          </span>
          {t('nav.accountProfile')}
        </NavLink>
      )}
      <div className="mt-auto space-y-2 border-t border-slate-200 pt-3">
        <LanguageSelect />
        <Button
          variant="secondary"
          className="w-full"
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => navigate('/'),
            })
          }
        >
          {t('actions.logout')}
        </Button>
      </div>
    </nav>
  );
}

/**
 * Why the project is not active, by the reason the server gives (docs/product.md "Inactive project
 * keeps its data"): a failed payment points the admin to the card (others to the admin), a cancelled
 * project whose paid period ended and a platform deactivation say so; a cancelled project still in
 * its paid period keeps its own words.
 */
function ProjectStateBanner({ user }: { user: User }) {
  const { t } = useTranslation('common');
  let words: ReactNode;
  switch (user.inactiveReason) {
    case 'payment_failed':
      words =
        user.role === 'admin' ? (
          <>
            {t('banner.paymentFailed')}{' '}
            <Link to="/account-profile" className="font-semibold underline underline-offset-2">
              {t('banner.paymentFailedLink')}
            </Link>
          </>
        ) : (
          t('banner.paymentFailedAskAdmin')
        );
      break;
    case 'cancelled':
      words = t('banner.cancelledEnded');
      break;
    case 'admin':
      words = t('banner.platform');
      break;
    case null:
      words = t(user.projectStatus === 'cancelled' ? 'banner.cancelled' : 'banner.inactive');
      break;
  }
  return (
    <div
      role="status"
      data-testid="project-state-banner"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      {words}
    </div>
  );
}

/**
 * No project session: a signed-in platform admin goes to their own screens (docs/product.md
 * "Platform admin screens"), anyone else to the sign-in form. The platform admin's session is not a
 * project user's, so only the admin frame's own check (`GET /api/admin/users`) can tell.
 */
function SignedOut() {
  const admin = useQuery({ ...adminUsersQuery, retry: false });
  if (admin.isPending) return <Loading />;
  return <Navigate to={admin.isSuccess ? '/admin-management' : '/login'} replace />;
}

/** The signed-in frame: side menu (a drawer on mobile), header, idle time-out, 401 handling. */
export function LayoutShell() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: user, isPending } = useAuthUser();
  // With a temporary password the server refuses everything else: ask for nothing until it is replaced.
  const admitted = Boolean(user && !user.mustChangePassword);
  const profile = useProfile(admitted && Boolean(user?.projectId));
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const live = useLiveUpdates(admitted);

  // The server ended the session: forget the signed-in user at once (else /login would send us
  // straight back here), tell the user once, and go to /login after 0.5 s (docs/product.md "Signed-in frame").
  const leaving = useRef(false);
  useEffect(
    () =>
      onUnauthorized(() => {
        if (leaving.current) return;
        leaving.current = true;
        toast({ title: t('auth.unauthorized'), variant: 'destructive' });
        setTimeout(() => {
          queryClient.clear();
          queryClient.setQueryData(authUserKey, null);
          leaving.current = false;
          void navigate('/login', { replace: true });
        }, 500);
      }),
    [navigate, t, queryClient],
  );

  // A temporary password was set while this page was open (docs/product.md "Your own account"): the
  // server now answers 403 password_change_required; fetch the user anew so the guard below acts.
  useEffect(() => {
    const mustChange = (err: unknown) => err instanceof ApiError && err.code === 'password_change_required';
    const recheck = () => void queryClient.invalidateQueries({ queryKey: authUserKey });
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && mustChange(e.action.error)) recheck();
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && mustChange(e.action.error)) recheck();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);

  if (isPending) return <Loading />;
  if (!user) return <SignedOut />;
  if (user.mustChangePassword) return <Navigate to="/change-password" replace />;

  const showProfile = Boolean(user.projectId) && profile.isSuccess;
  const displayName = user.firstName || user.email || t('header.user');
  const cleaning = CLEANING_FACILITY_TYPES.includes(user.facilityType);
  const allowed = mayOpen(
    signedInRoutes.find((r) => matchPath(r.path, location.pathname) !== null),
    user.role,
  );

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="hidden border-e border-slate-200 bg-white lg:block">
        <div className="sticky top-0 h-screen">
          <SideMenu showProfile={showProfile} cleaning={cleaning} role={user.role} />
        </div>
      </aside>
      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
          <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <RadixDialog.Trigger asChild>
              <button className="min-h-11 min-w-11 rounded-md text-2xl hover:bg-slate-100 lg:hidden" aria-label={t('nav.open')}>
                ☰
              </button>
            </RadixDialog.Trigger>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
              <RadixDialog.Content className="fixed inset-y-0 start-0 z-50 w-64 bg-white shadow-xl lg:hidden">
                <RadixDialog.Title className="sr-only">{t('nav.label')}</RadixDialog.Title>
                <RadixDialog.Description className="sr-only">{t('nav.label')}</RadixDialog.Description>
                <SideMenu onNavigate={() => setDrawerOpen(false)} showProfile={showProfile} cleaning={cleaning} role={user.role} />
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
          {/* Names are isolated: a Hebrew name never jumbles inside left-to-right text, nor the reverse. */}
          <div className="min-w-0 flex-1 truncate font-semibold" data-testid="facility-name">
            <bdi>{user.facilityName}</bdi>
          </div>
          <div className="flex items-center gap-2 text-sm text-slate-700">
            {user.profileImageUrl ? (
              <img src={user.profileImageUrl} alt="" className="h-8 w-8 rounded-full object-cover" />
            ) : (
              <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800">
                {displayName.slice(0, 1).toUpperCase()}
              </span>
            )}
            <bdi data-testid="user-name">{displayName}</bdi>
          </div>
        </header>
        {user.projectStatus !== 'active' && <ProjectStateBanner user={user} />}
        {!live.connected && (
          <div
            role="status"
            className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
            data-testid="live-disconnected"
          >
            {t('live.disconnected')}
          </div>
        )}
        <main className="p-4 lg:p-6">
          <Suspense fallback={<Loading />}>{allowed ? <Outlet /> : <NoPermission />}</Suspense>
        </main>
      </div>
      <IdleTimeout enabled={!IDLE_EXEMPT_PATHS.includes(location.pathname)} onLogout={() => logout.mutateAsync()} navigate={navigate} />
    </div>
  );
}
