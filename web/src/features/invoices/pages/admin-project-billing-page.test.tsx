import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { AdminProject, AuditEntry } from '#contract/billing.ts';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';
import { invoice } from '#web/test/fixtures.ts';
import AdminProjectBillingPage from './admin-project-billing-page.tsx';

const project = (over: Partial<AdminProject> = {}): AdminProject => ({
  id: 'p7',
  name: 'Carmel Towers',
  facilityType: 'construction',
  qrId: 'qr_1',
  isActive: false,
  status: 'inactive',
  inactiveReason: 'payment_failed',
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-03-08T08:00:00.000Z',
  ...over,
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-03-01T06:05:00.000Z',
  actorType: 'system',
  actorName: null,
  action: 'invoice.created',
  entityId: 'inv-2',
  data: null,
  before: null,
  after: null,
  ...over,
});

const routes = (over: Record<string, { status?: number; body?: unknown }> = {}) => ({
  'GET /api/admin/hotels': { body: [project({ id: 'other', name: 'Other' }), project()] },
  'GET /api/admin/projects/p7/invoices': {
    body: {
      invoices: [
        invoice({ id: 'inv-2', number: 1043, status: 'failed', periodStart: '2027-01-01', periodEnd: '2027-01-31', paidAt: null }),
        invoice(),
      ],
    },
  },
  'GET /api/admin/projects/p7/audit': {
    body: {
      entries: [
        entry({
          id: 3,
          actorType: 'platform-admin',
          actorName: 'platform',
          action: 'project.price_changed',
          createdAt: '2026-03-08T22:30:00.000Z',
          before: { monthlyPriceAgorot: 139_900 },
          after: { monthlyPriceAgorot: 99_900 },
        }),
        entry({
          id: 2,
          action: 'invoice.failed',
          before: { attempts: 0, nextAttemptOn: '2026-03-01' },
          after: { status: 'failed', attempts: 1, nextAttemptOn: null },
        }),
        entry({ id: 1, action: 'something.new', data: { note: 'x' } }),
        entry({ id: 0, action: 'user.password_changed', actorType: 'user', actorName: 'dana' }),
      ],
    },
  },
  ...over,
});

const renderPage = () =>
  renderWithProviders(<AdminProjectBillingPage />, {
    path: '/customer-billing/projects/:projectId',
    url: '/customer-billing/projects/p7',
    language: 'en',
  });

describe('/customer-billing/projects/:projectId', () => {
  it('names the project and why it is inactive, with a way back to customer billing', async () => {
    mockFetch(routes());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Carmel Towers' })).toBeInTheDocument();
    expect(screen.getByTestId('project-status')).toHaveTextContent('Status: Inactive (payment failed)');
    expect(screen.getByRole('link', { name: /Back to customer billing/ })).toHaveAttribute('href', '/customer-billing');
  });

  it('lists the project’s invoices, each opening its copy', async () => {
    mockFetch(routes());
    renderPage();
    const list = await screen.findByTestId('invoice-list');
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName(/^Invoice 1043/);
    expect(links[0]).toHaveTextContent('Payment failed');
    expect(links[0]).toHaveTextContent('01/01/2027 – 31/01/2027');
    expect(links[1]).toHaveTextContent('Paid');
    await userEvent.setup().click(links[0]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/customer-billing/invoices/inv-2');
  });

  it('shows the audit log: Israel time, who, the action in words, before → after', async () => {
    mockFetch(routes());
    renderPage();
    const items = within(await screen.findByTestId('audit-log')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    // 22:30 UTC on 8 March is 00:30 on 9 March in Israel (UTC+2 in winter).
    expect(items[0]).toHaveTextContent('03/09/2026');
    expect(items[0]).toHaveTextContent('12:30');
    expect(items[0]).toHaveTextContent('Monthly price changed');
    expect(items[0]).toHaveTextContent('platform (platform admin)');
    // Field names and statuses in words, agorot as shekels, dates in the reader's format.
    expect(items[0]).toHaveTextContent('Monthly price: ₪1,399.00 → Monthly price: ₪999.00');
    expect(items[1]).toHaveTextContent('Charge failed · system');
    expect(items[1]).toHaveTextContent('Attempts: 0, Next attempt: Mar 1, 2026 → Status: failed, Attempts: 1, Next attempt: —');
    // An action without words yet is shown as written, never dropped.
    expect(items[2]).toHaveTextContent('something.new');
    expect(items[2]).toHaveTextContent('note: x');
    expect(items[3]).toHaveTextContent('Password changed · dana (project member)');
  });

  it('has no serious or critical accessibility violations, in Hebrew', async () => {
    mockFetch(routes());
    renderWithProviders(<AdminProjectBillingPage />, {
      path: '/customer-billing/projects/:projectId',
      url: '/customer-billing/projects/p7',
      language: 'he',
    });
    await screen.findByTestId('audit-log');
    await screen.findByTestId('invoice-list');
    // jsdom cannot compute colours; contrast is checked in the browser suite.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('says so when the project has no invoices and no audit entries yet', async () => {
    mockFetch(
      routes({
        'GET /api/admin/projects/p7/invoices': { body: { invoices: [] } },
        'GET /api/admin/projects/p7/audit': { body: { entries: [] } },
      }),
    );
    renderPage();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(await screen.findByText('No entries yet')).toBeInTheDocument();
  });

  it('shows a failed section with a retry, and the rest of the page', async () => {
    mockFetch(routes({ 'GET /api/admin/projects/p7/audit': { status: 500, body: { message: 'boom' } } }));
    renderPage();
    expect(await screen.findByText('Error loading the audit log')).toBeInTheDocument();
    expect(await screen.findByTestId('invoice-list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says when the project does not exist', async () => {
    mockFetch(routes({ 'GET /api/admin/hotels': { body: [project({ id: 'other' })] } }));
    renderPage();
    expect(await screen.findByText('This project was not found')).toBeInTheDocument();
  });
});
