import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminProject } from '#contract/billing.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import heErrors from '#web/locales/he/errors.json';
import AdminManagementPage from './admin-management-page.tsx';

const project = (over: Partial<AdminProject> = {}): AdminProject => ({
  id: '7d3c1f0e-0000-4000-8000-000000000001',
  name: 'מגדלי הפארק',
  facilityType: 'residential',
  qrId: 'qr-abc',
  isActive: true,
  status: 'active',
  inactiveReason: null,
  createdAt: '2026-02-01T08:00:00.000Z',
  updatedAt: '2026-11-20T10:15:00.000Z',
  ...over,
});

const rows = () => screen.queryAllByTestId('admin-project-row');

describe('admin management', () => {
  it('lists each project with type, QR id, status and registration date, and opens its details', async () => {
    mockFetch({
      'GET /api/admin/hotels': {
        body: [project(), project({ id: 'p2', name: 'Harbour', status: 'inactive', isActive: false, inactiveReason: 'payment_failed' })],
      },
    });
    renderWithProviders(<AdminManagementPage />, { path: '/admin-management' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [park, harbour] = rows();
    expect(park).toHaveTextContent('Residential');
    expect(park).toHaveTextContent('qr-abc');
    expect(park).toHaveTextContent('01/02/2026');
    expect(harbour).toHaveTextContent('Inactive · payment failed');
    expect(screen.getByRole('link', { name: 'Customer billing' })).toHaveAttribute('href', '/customer-billing');
    await userEvent.setup().click(within(park).getByRole('button', { name: /Details/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('7d3c1f0e-0000-4000-8000-000000000001');
    expect(dialog).toHaveTextContent('20/11/2026');
  });

  it('says when there are no projects, and when they cannot be loaded', async () => {
    mockFetch({ 'GET /api/admin/hotels': { body: [] } });
    const first = renderWithProviders(<AdminManagementPage />);
    expect(await screen.findByText('No projects yet.')).toBeInTheDocument();
    first.unmount();
    mockFetch({ 'GET /api/admin/hotels': { status: 500, body: { code: 'internal', message: 'x' } } });
    renderWithProviders(<AdminManagementPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the projects.');
  });

  it("resets a project owner's password after the confirmation naming the project, and shows the temporary one", async () => {
    const fetchMock = mockFetch({
      'GET /api/admin/hotels': { body: [project()] },
      [`POST /api/admin/projects/${project().id}/owner-temporary-password`]: {
        body: { username: 'dana', temporaryPassword: 'Zt4-hh8Q-2kp' },
      },
    });
    renderWithProviders(<AdminManagementPage />, { path: '/admin-management' });
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]).getByRole('button', { name: /^Reset owner's password/ }));
    const confirm = await screen.findByRole('dialog', { name: "Reset the owner's password" });
    expect(within(confirm).getByText('מגדלי הפארק').tagName).toBe('BDI');
    expect(requestsTo(fetchMock, `POST /api/admin/projects/${project().id}/owner-temporary-password`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary password set' });
    expect(requestsTo(fetchMock, `POST /api/admin/projects/${project().id}/owner-temporary-password`)).toHaveLength(1);
    expect(within(shown).getByTestId('temporary-username')).toHaveTextContent('dana');
    expect(within(shown).getByTestId('temporary-password')).toHaveTextContent('Zt4-hh8Q-2kp');
  });

  it('words a refused owner reset by its code, in Hebrew', async () => {
    mockFetch({
      'GET /api/admin/hotels': { body: [project()] },
      [`POST /api/admin/projects/${project().id}/owner-temporary-password`]: {
        status: 404,
        body: { code: 'owner_not_found', message: 'Owner not found' },
      },
    });
    renderWithProviders(<AdminManagementPage />, { path: '/admin-management', language: 'he' });
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]).getByRole('button', { name: /איפוס סיסמת הבעלים/ }));
    const confirm = await screen.findByRole('dialog', { name: 'איפוס סיסמת בעל הפרויקט' });
    await user.click(within(confirm).getByRole('button', { name: 'איפוס הסיסמה' }));
    const toast = await findToast('סיסמת הבעלים לא אופסה');
    expect(toast).toHaveTextContent(heErrors.owner_not_found);
    expect(toast).not.toHaveTextContent('Owner not found');
  });
});
