import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authUserKey } from '#web/lib/queries/session.ts';
import { invoice } from '#web/test/fixtures.ts';
import { renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { mockAccount, profile } from './account-test-data.ts';
import { dismissToast } from '#web/components/ui/toast.ts';
import heErrors from '#web/locales/he/errors.json';
import AccountProfilePage from './account-profile-page.tsx';

const renderPage = (language: 'en' | 'he' = 'en') => renderWithProviders(<AccountProfilePage />, { path: '/account-profile', language });

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

// Typing a card key by key in jsdom on a shared machine: allow more than the default 5 s per test.
describe('account profile page', () => {
  it('shows the details, the price before VAT in shekels and the next billing date', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile() } });
    renderPage();
    expect(await screen.findByText('Carmel Towers')).toBeInTheDocument();
    expect(screen.getByText('dana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Haifa')).toBeInTheDocument();
    expect(screen.getByText('Construction')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('₪1,399.00 + VAT')).toBeInTheDocument();
    expect(screen.getByText('December 1, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('account-status')).toHaveTextContent('Active');
  });

  it('never shows more than the last four digits of the card, even if the server sent more', async () => {
    mockAccount({
      'GET /api/user/profile': {
        body: profile({
          phone: null,
          card: { brand: 'visa', last4: '4111111111111111', expiryMonth: 3, expiryYear: 2030, holderName: 'Dana Levi' },
        }),
      },
    });
    renderPage();
    expect(await screen.findByTestId('masked-card')).toHaveTextContent(/^•••• 1111$/);
    expect(screen.getByText('03/2030')).toBeInTheDocument();
    expect(screen.getByText('Visa')).toBeInTheDocument();
    // No run of five or more digits anywhere on the page (the year 2030 and 1,399 stay under it).
    expect(document.body.textContent).not.toMatch(/\d{5,}/);
    expect(document.body.textContent).not.toContain('411111');
  });

  it('says so when no card is on file', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile({ card: null }) } });
    renderPage();
    expect(await screen.findByText('No card on file')).toBeInTheDocument();
  });

  it('refuses to send the card form with empty fields', async () => {
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/credit-card': { body: { ...profile(), payment: { charged: 0, failed: 0, reactivated: false } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update payment card' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update card' }));
    expect(within(dialog).getAllByText('Required field')).toHaveLength(5);
    // Filling all but the CVV still sends nothing.
    await user.type(within(dialog).getByLabelText(/Card holder's full name/), 'Dana Levi');
    await user.type(within(dialog).getByLabelText(/Card number/), '4242424242424242');
    await user.selectOptions(within(dialog).getByLabelText(/^Expiry month/), '03');
    await user.selectOptions(within(dialog).getByLabelText(/^Expiry year/), String(new Date().getFullYear() + 2));
    await user.click(within(dialog).getByRole('button', { name: 'Update card' }));
    expect(within(dialog).getAllByText('Required field')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'PUT /api/user/credit-card')).toHaveLength(0);
  });

  it('offers the current year and the nine after it, and sends month and year as numbers', async () => {
    const year = new Date().getFullYear();
    const updated = profile({
      card: { brand: 'mastercard', last4: '4444', expiryMonth: 3, expiryYear: year + 9, holderName: 'Dana Levi' },
    });
    let current = profile();
    const fetchMock = mockAccount({
      'GET /api/user/profile': () => ({ body: current }),
      'PUT /api/user/credit-card': () => {
        current = updated;
        // The card is stored, but charging the unpaid invoice with it was declined.
        return { body: { ...updated, payment: { charged: 0, failed: 1, reactivated: false } } };
      },
    });
    const { queryClient } = renderPage();
    queryClient.setQueryData(authUserKey, { id: 'u1' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update payment card' }));
    const dialog = await screen.findByRole('dialog');
    const yearSelect = within(dialog).getByLabelText(/^Expiry year/);
    const years = within(yearSelect)
      .getAllByRole('option')
      .slice(1)
      .map((o) => Number((o as HTMLOptionElement).value));
    expect(years).toEqual(Array.from({ length: 10 }, (_, i) => year + i));
    expect(within(within(dialog).getByLabelText(/^Expiry month/)).getAllByRole('option')).toHaveLength(13);
    expect(within(dialog).getByLabelText(/Card number/)).toHaveAttribute('maxLength', '19');
    expect(within(dialog).getByLabelText(/CVV/)).toHaveAttribute('maxLength', '3');

    await user.type(within(dialog).getByLabelText(/Card holder's full name/), 'Dana Levi');
    await user.type(within(dialog).getByLabelText(/Card number/), '5555 5555 5555 4444');
    await user.selectOptions(within(dialog).getByLabelText(/^Expiry month/), '03');
    await user.selectOptions(yearSelect, String(year + 9));
    await user.type(within(dialog).getByLabelText(/CVV/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Update card' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/credit-card')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PUT /api/user/credit-card')[0]).toEqual({
      cardHolderName: 'Dana Levi',
      cardNumber: '5555555555554444',
      cardExpiryMonth: 3,
      cardExpiryYear: year + 9,
      cardCvv: '123',
    });
    expect(await screen.findByText('Card details updated')).toBeInTheDocument();
    expect(screen.getByText('The card was saved, but it was declined for the unpaid invoice. Try another card.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('masked-card')).toHaveTextContent('•••• 4444');
    expect(queryClient.getQueryState(authUserKey)?.isInvalidated).toBe(true);
    // A new card retries the open invoice at once: the list is asked for again.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/invoices')).toHaveLength(2));
  });

  it('words a declined card by its code under "שגיאה בעדכון", marks the number and keeps the form open', async () => {
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/credit-card': { status: 402, body: { code: 'card_declined', message: 'Issuer refused: do not honour (05)' } },
    });
    renderPage('he');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'עדכון כרטיס אשראי' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/שם מלא של בעל הכרטיס/), 'דנה לוי');
    await user.type(within(dialog).getByLabelText(/מספר כרטיס/), '4000000000000002');
    await user.selectOptions(within(dialog).getByLabelText(/^חודש תפוגה/), '12');
    await user.selectOptions(within(dialog).getByLabelText(/^שנת תפוגה/), String(new Date().getFullYear() + 1));
    await user.type(within(dialog).getByLabelText(/CVV/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'עדכון הכרטיס' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('שגיאה בעדכון');
    expect(toast).toHaveTextContent(heErrors.card_declined);
    expect(toast.textContent).not.toMatch(/[A-Za-z]{3,}/);
    expect(within(screen.getByRole('dialog')).getByLabelText(/מספר כרטיס/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("refuses a card the contract's schema refuses, in the card component's words, before sending", async () => {
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/credit-card': { body: { ...profile(), payment: { charged: 0, failed: 0, reactivated: false } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update payment card' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Card holder's full name/), 'Dana Levi');
    await user.type(within(dialog).getByLabelText(/Card number/), '4242 4242');
    await user.selectOptions(within(dialog).getByLabelText(/^Expiry month/), '03');
    await user.selectOptions(within(dialog).getByLabelText(/^Expiry year/), String(new Date().getFullYear() + 2));
    await user.type(within(dialog).getByLabelText(/CVV/), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Update card' }));
    expect(within(dialog).getByText('The card number is not valid')).toBeInTheDocument();
    expect(within(dialog).getByText('The CVV must be 3 digits')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Card number/)).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT /api/user/credit-card')).toHaveLength(0);
  });

  it('isolates the names of people and projects from the page direction', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile() } });
    renderPage('he');
    for (const name of ['Carmel Towers', 'Dana Levi', 'Haifa']) {
      expect((await screen.findAllByText(name)).every((el) => el.tagName === 'BDI')).toBe(true);
    }
  });

  it('cancels the account only after the confirmation', async () => {
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/cancel-account': { body: { message: 'Account cancelled', paidUntil: '2026-12-01' } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel the account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('active until December 1, 2026');
    expect(requestsTo(fetchMock, 'PUT /api/user/cancel-account')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Keep the account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'PUT /api/user/cancel-account')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel the account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel the account' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/cancel-account')).toHaveLength(1));
    expect(await screen.findByText('Account cancelled')).toBeInTheDocument();
  });

  it('words a refused cancellation by its code, not with the server message', async () => {
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/cancel-account': { status: 409, body: { code: 'account_inactive', message: 'Project state is not active' } },
    });
    renderPage('he');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ביטול החשבון' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'כן, לבטל את החשבון' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('שגיאה בביטול');
    expect(toast).toHaveTextContent(heErrors.account_inactive);
    expect(toast.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('hides the card update and cancel controls once the account is cancelled', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile({ projectStatus: 'cancelled', paidUntil: '2026-12-01' }) } });
    renderPage();
    expect(await screen.findByTestId('account-status')).toHaveTextContent('Cancelled (active until December 1, 2026)');
    expect(screen.getByTestId('masked-card')).toHaveTextContent('•••• 4242');
    expect(screen.queryByRole('button', { name: 'Update payment card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the account' })).toBeNull();
  });

  it('hides the controls from a manager, with a note saying who can use them', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile({ role: 'manager', isOwner: false }) } });
    renderPage();
    expect(await screen.findByText(/Only the account administrator can update the payment card/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update payment card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the account' })).toBeNull();
  });

  it('explains an inactive account and offers the card update as the way back, without cancel', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile({ projectStatus: 'inactive' }) } });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('New work on site is blocked');
    expect(alert).toHaveTextContent('update the payment card');
    expect(screen.getByRole('button', { name: 'Update payment card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the account' })).toBeNull();
  });

  it('shows "שגיאה בטעינת פרטי החשבון" with a retry that loads the profile', async () => {
    let fail = true;
    mockAccount({
      'GET /api/user/profile': () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: profile() }),
    });
    renderPage('he');
    expect(await screen.findByText('שגיאה בטעינת פרטי החשבון')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'נסו שוב' }));
    expect(await screen.findByText('Carmel Towers')).toBeInTheDocument();
  });

  it('lists the project’s invoices with number, period, total and status, each opening its original', async () => {
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile({ role: 'manager', isOwner: false }) },
      'GET /api/invoices': {
        body: {
          invoices: [
            invoice({ id: 'inv-2', number: 1043, status: 'failed', periodStart: '2027-01-01', periodEnd: '2027-01-31', paidAt: null }),
            invoice(),
          ],
        },
      },
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Invoices' });
    const links = await within(section).findAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName(/^Invoice 1043/);
    expect(links[0]).toHaveTextContent('January 1, 2027 – January 31, 2027');
    expect(links[0]).toHaveTextContent('₪1,650.82');
    expect(within(links[0]).getByTestId('invoice-status')).toHaveTextContent('Payment failed');
    expect(within(links[1]).getByTestId('invoice-status')).toHaveTextContent('Paid');
    expect(requestsTo(fetchMock, 'GET /api/invoices')).toHaveLength(1);
    await userEvent.setup().click(links[1]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/invoices/inv-1');
  });

  it('says there are no invoices yet because the first month is free', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile() } });
    renderPage('he');
    const section = await screen.findByRole('region', { name: 'חשבוניות' });
    expect(await within(section).findByText('אין עדיין חשבוניות — החודש הראשון חינם.')).toBeInTheDocument();
  });

  it('words a failed invoice list and retries it', async () => {
    let fail = true;
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'GET /api/invoices': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: { invoices: [invoice()] } }),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(section).findByText('Error loading the invoices')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('link', { name: /^Invoice 1042/ })).toBeInTheDocument();
  });

  it('shows a cleaner neither invoices nor billing nor the card, and never asks for the invoices', async () => {
    const fetchMock = mockAccount({ 'GET /api/user/profile': { body: profile({ role: 'cleaner', isOwner: false }) } });
    renderPage();
    expect(await screen.findByText('Carmel Towers')).toBeInTheDocument();
    expect(screen.getByText('Worker')).toBeInTheDocument();
    for (const name of ['Invoices', 'Billing details', 'Payment card']) expect(screen.queryByRole('region', { name })).toBeNull();
    expect(screen.queryByTestId('masked-card')).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/invoices')).toHaveLength(0);
  });

  it('has no serious or critical accessibility violations, in Hebrew, on the page and in the card form', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile() }, 'GET /api/invoices': { body: { invoices: [invoice()] } } });
    renderPage('he');
    // jsdom cannot compute colours; contrast is checked in the browser suite.
    const serious = async () => {
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    };
    const button = await screen.findByRole('button', { name: 'עדכון כרטיס אשראי' });
    await screen.findByRole('link', { name: /^חשבונית 1042/ });
    expect(await serious()).toEqual([]);
    await userEvent.setup().click(button);
    await screen.findByRole('dialog');
    expect(await serious()).toEqual([]);
  });
});
