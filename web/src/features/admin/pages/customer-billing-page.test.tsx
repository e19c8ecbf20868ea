import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerBilling } from '#contract/billing.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import errors from '#web/locales/en/errors.json';
import CustomerBillingPage from './customer-billing-page.tsx';

const customer = (over: Partial<CustomerBilling> = {}): CustomerBilling => ({
  id: 'p1',
  facilityName: 'Harbour Tower',
  facilityType: 'construction',
  username: 'dana',
  email: 'dana@example.com',
  phone: '050-1234567',
  city: 'Haifa',
  firstName: 'Dana',
  lastName: 'Levi',
  isActive: true,
  status: 'active',
  inactiveReason: null,
  inactiveNote: null,
  paidUntil: null,
  createdAt: '2026-03-05T09:00:00.000Z',
  nextBillingDate: '2026-11-28',
  daysUntilBilling: 5,
  monthlyPrice: 1399,
  totalAmountDue: 1651,
  vatBasisPoints: 1800,
  unpaidInvoices: 0,
  card: { brand: 'Visa', last4: '4242', expiryMonth: 4, expiryYear: 2029, holderName: 'Dana Levi' },
  ...over,
});

const inactive = customer({
  id: 'p2',
  facilityName: 'Park Towers',
  username: 'yossi',
  email: 'YOSSI@site.co.il',
  city: 'Eilat',
  firstName: null,
  lastName: null,
  isActive: false,
  status: 'inactive',
  inactiveReason: 'admin',
  inactiveNote: 'Unpaid since May',
  nextBillingDate: '2026-11-20',
  daysUntilBilling: -3,
  totalAmountDue: 1000,
  card: null,
});

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ 'GET /api/admin/customers-billing': { body: [customer(), inactive] }, ...routes });
  const ue = userEvent.setup();
  renderWithProviders(<CustomerBillingPage />, { path: '/customer-billing' });
  return { fetchMock, ue };
}

const rows = () => screen.queryAllByTestId('customer-row');
const rowNamed = (name: string) => rows().find((r) => r.textContent?.includes(name))!;

describe('customer billing', () => {
  it('says it is loading, then sums the four cards over every project', async () => {
    setup();
    expect(screen.getByText('Loading billing data…')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('summary-managers')).toHaveTextContent('2');
    // The inactive project (1,000) will not be billed: only the active one counts.
    expect(screen.getByTestId('summary-revenue')).toHaveTextContent('₪1,651');
    expect(screen.getByTestId('summary-overdue')).toHaveTextContent('1');
    expect(screen.getByTestId('summary-dueThisWeek')).toHaveTextContent('1');
  });

  it('shows a row with contact, masked card, dates, days and badges', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const dana = rowNamed('Harbour Tower');
    expect(dana).toHaveTextContent('Dana Levi');
    expect(dana).toHaveTextContent('@dana');
    expect(dana).toHaveTextContent('•••• 4242');
    expect(dana).toHaveTextContent('05/03/2026');
    expect(dana).toHaveTextContent('28/11/2026');
    expect(dana).toHaveTextContent('In 5 days');
    expect(dana).toHaveTextContent('Due soon');
    const yossi = rowNamed('Park Towers');
    expect(yossi).toHaveTextContent('@yossi');
    expect(yossi).toHaveTextContent('No card');
    expect(yossi).toHaveTextContent('3 days overdue');
    expect(yossi).toHaveTextContent('Inactive · by the platform');
    expect(within(yossi).getByRole('button', { name: /Activate account/ })).toBeInTheDocument();
    expect(within(dana).queryByRole('button', { name: /Activate account/ })).toBeNull();
  });

  it('searches name, username, email and city without regard to case, and filters status and billing time', async () => {
    const { ue } = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await ue.type(search, 'yossi@SITE');
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Park Towers')]);
    await ue.clear(search);
    await ue.type(search, 'haifa');
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Harbour Tower')]);
    await ue.clear(search);
    await ue.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    expect(rows()).toHaveLength(1);
    await ue.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await ue.selectOptions(screen.getByRole('combobox', { name: 'Billing time' }), 'week');
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Harbour Tower')]);
    await ue.type(search, 'nobody');
    expect(screen.getByTestId('customers-empty')).toHaveTextContent('No project managers match.');
    expect(screen.getByTestId('export-csv')).toHaveAttribute(
      'href',
      '/api/admin/customers-billing/export?format=csv&q=nobody&status=all&billing=week&lang=en',
    );
  });

  it('opens the details with the card masked, never its number', async () => {
    const { ue } = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await ue.click(within(rowNamed('Harbour Tower')).getByRole('button', { name: /Details/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('•••• 4242');
    expect(dialog).toHaveTextContent('Visa');
    expect(dialog).toHaveTextContent('04/29');
    expect(dialog).toHaveTextContent('₪1,399');
    expect(dialog).toHaveTextContent('₪1,651');
    expect(dialog).not.toHaveTextContent('4242424242424242');
    // The project type in words, never the stored value.
    expect(dialog).toHaveTextContent('Construction');
    expect(dialog).not.toHaveTextContent(/\bconstruction\b/);
  });

  it('activates an inactive account, then tells and reloads the list', async () => {
    let activated = false;
    const { fetchMock, ue } = setup({
      'GET /api/admin/customers-billing': () => ({
        body: [customer(), activated ? customer({ ...inactive, isActive: true, status: 'active' }) : inactive],
      }),
      'PUT /api/admin/reactivate-account/p2': () => {
        activated = true;
        return { body: {} };
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await ue.click(within(rowNamed('Park Towers')).getByRole('button', { name: /Activate account/ }));
    await findToast('The account was activated.');
    expect(requestsTo(fetchMock, 'PUT /api/admin/reactivate-account/p2')).toHaveLength(1);
    await waitFor(() => expect(within(rowNamed('Park Towers')).queryByRole('button', { name: /Activate account/ })).toBeNull());
  });

  it('shows a refusal by its code', async () => {
    const { ue } = setup({
      'PUT /api/admin/reactivate-account/p2': { status: 409, body: { code: 'account_already_active', message: 'x' } },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await ue.click(within(rowNamed('Park Towers')).getByRole('button', { name: /Activate account/ }));
    await findToast(errors.account_already_active);
  });

  it('deactivates only with a reason and after a confirmation', async () => {
    const { fetchMock, ue } = setup({ 'PUT /api/admin/projects/p1/deactivate': { body: {} } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await ue.click(within(rowNamed('Harbour Tower')).getByRole('button', { name: /Deactivate/ }));
    const dialog = await screen.findByRole('dialog');
    await ue.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Write the reason for deactivating.');
    await ue.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Fraud report  ');
    await ue.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(requestsTo(fetchMock, 'PUT /api/admin/projects/p1/deactivate')).toHaveLength(0);
    expect(dialog).toHaveTextContent('Fraud report');
    await ue.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await findToast('The project was deactivated.');
    expect(requestsTo(fetchMock, 'PUT /api/admin/projects/p1/deactivate')).toEqual([{ reason: 'Fraud report' }]);
  });

  it('changes the price in shekels before VAT', async () => {
    const { fetchMock, ue } = setup({ 'PUT /api/admin/projects/p1/price': { body: {} } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await ue.click(within(rowNamed('Harbour Tower')).getByRole('button', { name: /Change price/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Applies from the next billing period.');
    const field = within(dialog).getByRole('textbox', { name: /Monthly price/ });
    await ue.clear(field);
    await ue.type(field, '-5');
    await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(dialog).toHaveTextContent('Enter a price between 0 and 1,000,000.');
    await ue.clear(field);
    await ue.type(field, '1199.5');
    await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('The price was changed.');
    expect(requestsTo(fetchMock, 'PUT /api/admin/projects/p1/price')).toEqual([{ monthlyPrice: 1199.5 }]);
  });

  it("opens the project's invoices", async () => {
    const { ue } = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await ue.click(within(rowNamed('Harbour Tower')).getByRole('button', { name: /Invoices/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/customer-billing/projects/p1');
  });

  it('says when the list cannot be loaded', async () => {
    setup({ 'GET /api/admin/customers-billing': { status: 500, body: { code: 'internal', message: 'x' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the billing data.');
  });
});
