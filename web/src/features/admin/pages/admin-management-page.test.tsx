import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminProject } from '../../../../../contract/billing.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
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
});
