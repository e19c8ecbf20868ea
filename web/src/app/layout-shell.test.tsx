import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/constants.ts';
import { apiGet } from '#web/lib/api.ts';
import { initTestI18n, mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { userWith } from '#web/test/fixtures.ts';
import { LayoutShell } from './layout-shell.tsx';
import { signedInRoutes } from './routes.tsx';

function renderShell(user: ReturnType<typeof userWith>) {
  mockFetch({ 'GET /api/auth/user': { body: user }, 'GET /api/user/profile': { status: 404, body: {} } });
  return renderWithProviders(<LayoutShell />, { language: 'en' });
}

describe('the signed-in frame', () => {
  it('isolates a Hebrew project name and user name inside the English header', async () => {
    renderShell({ ...userWith('construction'), facilityName: 'מגדלי הפארק — בניין A+B', firstName: 'דנה' });
    const project = await screen.findByTestId('facility-name');
    const projectName = within(project).getByText('מגדלי הפארק — בניין A+B');
    expect(projectName.tagName).toBe('BDI');
    const userName = screen.getByTestId('user-name');
    expect(userName.tagName).toBe('BDI');
    expect(userName).toHaveTextContent('דנה');
  });

  it('names the menu entries as the pages they open, in the project’s wording', async () => {
    renderShell(userWith('construction'));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: /Apartment map/ })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: /Apartment labels/ })).toHaveAttribute('href', '/unit-labels');
    expect(within(nav).getByRole('link', { name: /Schedule tasks/ })).toHaveAttribute('href', '/task-scheduling');
  });

  it('says rooms in the menu of a hotel project, as its pages do', async () => {
    renderShell(userWith('hotel'));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: /Room map/ })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: /Room labels/ })).toHaveAttribute('href', '/unit-labels');
  });
});

describe('the review badge (docs/decisions/029-quality-loop.md)', () => {
  it('shows the number waiting beside the review entry, and refetches it when asked', async () => {
    let pending = 3;
    mockFetch({
      'GET /api/auth/user': { body: userWith('construction') },
      'GET /api/user/profile': { status: 404, body: {} },
      'GET /api/reviews/count': () => ({ body: { pending } }),
    });
    const { queryClient } = renderWithProviders(<LayoutShell />, { language: 'en' });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const link = within(nav).getByRole('link', { name: /Quality review/ });
    expect(link).toHaveAttribute('href', '/review');
    await waitFor(() => expect(within(link).getByTestId('review-badge')).toHaveTextContent('3'));
    pending = 0;
    // A live update (task.completed) invalidates every review query (app/live-updates.ts).
    await queryClient.invalidateQueries({ queryKey: ['/api/reviews'] });
    await waitFor(() => expect(within(link).queryByTestId('review-badge')).toBeNull());
  });

  it('has no review entry, and asks for no count, for a worker account', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': { body: { ...userWith('construction'), role: 'cleaner' } },
      'GET /api/user/profile': { status: 404, body: {} },
    });
    renderWithProviders(<LayoutShell />, { language: 'en' });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByRole('link', { name: /Quality review/ })).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/reviews/count')).toEqual([]);
  });
});

describe('the inactive-project banner', () => {
  const renderAs = (user: object, language: 'en' | 'he' = 'en') => {
    mockFetch({ 'GET /api/auth/user': { body: user }, 'GET /api/user/profile': { status: 404, body: {} } });
    return renderWithProviders(<LayoutShell />, { language });
  };
  const inactive = (inactiveReason: 'payment_failed' | 'cancelled' | 'admin', role = 'admin') => ({
    ...userWith('construction'),
    role,
    isOwner: role === 'admin',
    projectStatus: 'inactive',
    inactiveReason,
  });

  it('shows no banner while the project is active', async () => {
    renderAs(userWith('construction'));
    await screen.findByTestId('facility-name');
    expect(screen.queryByTestId('project-state-banner')).toBeNull();
  });

  it('tells an admin the payment failed and links to the card in the account profile', async () => {
    renderAs(inactive('payment_failed'));
    const banner = await screen.findByTestId('project-state-banner');
    expect(banner).toHaveTextContent('The payment failed');
    expect(within(banner).getByRole('link', { name: 'Go to the account profile' })).toHaveAttribute('href', '/account-profile');
  });

  it('tells a manager the payment failed and to tell the project admin, without the link', async () => {
    renderAs(inactive('payment_failed', 'manager'));
    const banner = await screen.findByTestId('project-state-banner');
    expect(banner).toHaveTextContent('tell the project admin to update the payment card');
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('says a cancelled project’s paid period has ended', async () => {
    renderAs(inactive('cancelled'));
    expect(await screen.findByTestId('project-state-banner')).toHaveTextContent('cancelled and its paid period has ended');
  });

  it('says the platform deactivated the project, in Hebrew too', async () => {
    renderAs(inactive('admin'), 'he');
    expect(await screen.findByTestId('project-state-banner')).toHaveTextContent('הפרויקט הושבת על ידי הפלטפורמה');
  });

  it('keeps the cancelled words while a cancelled project is still in its paid period', async () => {
    renderAs({ ...userWith('construction'), projectStatus: 'cancelled' });
    expect(await screen.findByTestId('project-state-banner')).toHaveTextContent(
      'This account was cancelled. It stays active until the end of the paid period.',
    );
  });
});

describe('the menu and screens per role (docs/product.md "Permissions")', () => {
  const menuLinks = async () =>
    within(await screen.findByRole('navigation', { name: 'Main menu' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));

  it('shows a worker with an account only the map, progress, statistics and work tracking', async () => {
    renderShell({ ...userWith('construction'), role: 'cleaner', isOwner: false });
    expect(await menuLinks()).toEqual(['/', '/progress-matrix', '/statistics', '/work-tracking']);
  });

  it('shows a manager all project work but not user management', async () => {
    renderShell({ ...userWith('construction'), role: 'manager', isOwner: false });
    const links = await menuLinks();
    expect(links).toContain('/task-scheduling');
    expect(links).not.toContain('/user-management');
  });

  it('tells a worker or a manager who opens /user-management that they have no permission', async () => {
    for (const role of ['cleaner', 'manager']) {
      mockFetch({ 'GET /api/auth/user': { body: { ...userWith('construction'), role, isOwner: false } } });
      const { unmount } = renderWithProviders(<LayoutShell />, { language: 'en', path: '/user-management' });
      expect(await screen.findByRole('heading', { name: 'No permission' })).toBeInTheDocument();
      unmount();
    }
    mockFetch({ 'GET /api/auth/user': { body: userWith('construction') } });
    renderWithProviders(<LayoutShell />, { language: 'en', path: '/user-management' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('heading', { name: 'No permission' })).toBeNull();
  });

  it('shows an admin user management', async () => {
    renderShell({ ...userWith('construction'), role: 'admin' });
    expect(await menuLinks()).toContain('/user-management');
  });
});

/** The title key of the page each menu entry opens (its <h1>), with whether it has a rooms wording. */
const PAGE_TITLES: Record<string, { key: string; cleaning?: boolean }> = {
  '/': { key: 'rooms:title', cleaning: true },
  '/task-scheduling': { key: 'scheduling:title' },
  '/room-generator': { key: 'generator:title' },
  '/shortages-table': { key: 'reports:shortages.title' },
  '/measurements-table': { key: 'reports:measurements.title' },
  '/task-management': { key: 'templates:title' },
  '/work-tracking': { key: 'tracking:title' },
  '/progress-matrix': { key: 'progress:title' },
  '/statistics': { key: 'insight:stats.title' },
  '/employee-performance': { key: 'insight:people.title' },
  '/qr-print': { key: 'qr:print.title' },
  '/unit-labels': { key: 'qr:labels.title', cleaning: true },
  '/user-management': { key: 'users:title' },
  '/review': { key: 'review:title' },
};

describe('menu wording', () => {
  const i18n = initTestI18n('en');
  const menu = signedInRoutes.filter((r) => r.menuKey);

  it('knows the title of every page in the menu', () => {
    expect(menu.map((r) => r.path).sort()).toEqual(Object.keys(PAGE_TITLES).sort());
  });

  it.each([...LOCALES])('reads in %s exactly as the titles of the pages it opens', (lng) => {
    const t = i18n.getFixedT(lng);
    for (const route of menu) {
      const page = PAGE_TITLES[route.path];
      for (const context of page.cleaning ? [undefined, 'cleaning'] : [undefined]) {
        expect(t(`common:${route.menuKey}`, { context }), `${lng} ${route.path} ${context ?? ''}`).toBe(t(page.key, { context }));
      }
    }
    expect(t('common:nav.accountProfile')).toBe(t('account:title'));
  });
});

describe('the forced password change (docs/product.md "Your own account")', () => {
  it('sends a user with a temporary password to /change-password from any screen, asking nothing else', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': { body: { ...userWith('construction'), mustChangePassword: true, passwordResetBy: 'admin' } },
    });
    renderWithProviders(<LayoutShell />, { language: 'en', path: '/task-scheduling' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/change-password'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/user/profile')).toEqual([]);
  });

  it('fetches the user anew when a request answers 403 password_change_required, and then goes to /change-password', async () => {
    let mustChange = false;
    mockFetch({
      'GET /api/auth/user': () => ({
        body: { ...userWith('construction'), mustChangePassword: mustChange, passwordResetBy: mustChange ? 'admin' : null },
      }),
      'GET /api/user/profile': { status: 404, body: {} },
      'GET /api/rooms': { status: 403, body: { code: 'password_change_required', message: 'Change your password' } },
    });
    const { queryClient } = renderWithProviders(<LayoutShell />, { language: 'en' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    mustChange = true;
    await expect(queryClient.fetchQuery({ queryKey: ['/api/rooms'], queryFn: () => apiGet('/api/rooms') })).rejects.toThrow();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/change-password'));
  });

  it('does not fetch the user anew for another 403', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': { body: userWith('construction') },
      'GET /api/user/profile': { status: 404, body: {} },
      'GET /api/rooms': { status: 403, body: { code: 'forbidden', message: 'x' } },
    });
    const { queryClient } = renderWithProviders(<LayoutShell />, { language: 'en' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    await expect(queryClient.fetchQuery({ queryKey: ['/api/rooms'], queryFn: () => apiGet('/api/rooms') })).rejects.toThrow();
    expect(requestsTo(fetchMock, 'GET /api/auth/user')).toHaveLength(1);
  });
});

describe('no project session (docs/product.md "Platform admin screens")', () => {
  it('takes a signed-in platform admin who opens / to the platform admin screens, not the sign-in form', async () => {
    mockFetch({
      'GET /api/auth/user': { status: 401, body: { code: 'unauthorized', message: 'Not signed in' } },
      'GET /api/admin/users': { body: [] },
    });
    renderWithProviders(<LayoutShell />, { language: 'en', path: '/' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin-management'));
  });

  it('sends anyone else to /login', async () => {
    mockFetch({
      'GET /api/auth/user': { status: 401, body: { code: 'unauthorized', message: 'Not signed in' } },
      'GET /api/admin/users': { status: 401, body: { code: 'unauthorized', message: 'Not signed in' } },
    });
    renderWithProviders(<LayoutShell />, { language: 'en', path: '/' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});
