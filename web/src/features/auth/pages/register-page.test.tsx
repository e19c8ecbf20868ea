import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PROJECT_TYPES } from '#contract/project-types.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import enErrors from '#web/locales/en/errors.json';
import RegisterPage from './register-page.tsx';

const nextYear = new Date().getFullYear() + 1;
const PRICING = { 'GET /api/pricing': { body: { monthlyPrice: 1399, vatBasisPoints: 1800, monthlyPriceWithVat: 1651, freeMonths: 1 } } };
const renderRegister = () => renderWithProviders(<RegisterPage />, { path: '/register' });
// By label, not by role: role queries walk the accessibility tree and are slow on a form this size.
// Labels of required fields end with " *", hence the prefix match.
const label = (name: string) => new RegExp(`^${name.replace(/[()]/g, '\\$&')}( \\*)?$`);
const field = (name: string) => screen.getByLabelText(label(name));
const select = field;

/** Fills every field; `skip` leaves the named ones untouched. */
async function fillForm(skip: string[] = []) {
  const type = async (el: HTMLElement, name: string, text: string) => {
    // One change event per field: typing a whole form key by key is slow in jsdom.
    if (!skip.includes(name)) fireEvent.change(el, { target: { value: text } });
  };
  await type(field('Username'), 'username', 'dana');
  await type(field('Password'), 'password', 'secret123');
  await type(field('First name'), 'firstName', 'Dana');
  await type(field('Last name'), 'lastName', 'Levi');
  await type(field('Email'), 'email', 'dana@example.com');
  await type(field('Phone'), 'phone', '050-1234567');
  await type(field('City'), 'city', 'Haifa');
  await type(field('Project name'), 'facilityName', 'Tower A');
  await type(field("Card holder's full name"), 'cardHolderName', 'Dana Levi');
  await type(field('Card number'), 'cardNumber', '4242 4242 4242 4242');
  await type(select('Expiry month'), 'cardExpiryMonth', '03');
  await type(select('Expiry year'), 'cardExpiryYear', String(nextYear));
  await type(screen.getByLabelText(/^CVV/), 'cardCvv', '123');
}

const submit = (u: UserEvent) => u.click(screen.getByText('Register now', { selector: 'button' }));

// A big form in jsdom on a shared machine: allow more than the default 5 s per test.
describe('RegisterPage', () => {
  it('sends numbers for the expiry, the card number without spaces, and no price', async () => {
    const fetchMock = mockFetch({ 'POST /api/register': { status: 201, body: { message: 'ok' } }, ...PRICING });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm();
    await u.selectOptions(select('Project type'), 'residential');
    await submit(u);
    await findToast('Registration successful! Project Tower A registered with a unique QR');
    expect(requestsTo(fetchMock, 'POST /api/register')).toEqual([
      {
        username: 'dana',
        password: 'secret123',
        firstName: 'Dana',
        lastName: 'Levi',
        email: 'dana@example.com',
        phone: '050-1234567',
        city: 'Haifa',
        facilityName: 'Tower A',
        facilityType: 'residential',
        cardHolderName: 'Dana Levi',
        cardNumber: '4242424242424242',
        cardExpiryMonth: 3,
        cardExpiryYear: nextYear,
        cardCvv: '123',
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it("shows the platform's price with VAT and the free first month, and has no price field", async () => {
    mockFetch({ ...PRICING });
    renderRegister();
    expect(select('Project type')).toHaveValue('construction');
    const box = await screen.findByTestId('register-price');
    await waitFor(() => expect(box).toHaveTextContent('₪1,399 + VAT per month, first month free'));
    expect(box).toHaveTextContent('₪1,651 a month including VAT');
    expect(screen.queryByLabelText(/Monthly price/)).toBeNull();
  });

  it('offers every project type', () => {
    mockFetch({});
    renderRegister();
    const values = within(select('Project type'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).toEqual([...PROJECT_TYPES]);
  });

  it.each(['username', 'password', 'facilityName'])('sends nothing and asks for all required fields when %s is blank', async (name) => {
    const fetchMock = mockFetch({ 'POST /api/register': { status: 201, body: { message: 'ok' } } });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm([name]);
    await submit(u);
    await findToast('Please fill in all required fields');
    expect(requestsTo(fetchMock, 'POST /api/register')).toEqual([]);
    expect(document.querySelector(`[name="${name}"]`)).toHaveAttribute('aria-invalid', 'true');
  });

  it('treats the card fields as required too', async () => {
    const fetchMock = mockFetch({ 'POST /api/register': { status: 201, body: { message: 'ok' } } });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm(['cardCvv', 'cardExpiryYear']);
    await submit(u);
    await findToast('Please fill in all required fields');
    expect(requestsTo(fetchMock, 'POST /api/register')).toEqual([]);
    expect(screen.getByLabelText(/^CVV/)).toHaveAttribute('aria-invalid', 'true');
    expect(select('Expiry year')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Card number')).not.toHaveAttribute('aria-invalid');
  });

  it('offers expiry months 01 to 12 and years from this year to nine years ahead', () => {
    mockFetch({});
    renderRegister();
    const options = (name: string) =>
      within(select(name))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value)
        .filter(Boolean);
    const year = new Date().getFullYear();
    expect(options('Expiry year')).toEqual(Array.from({ length: 10 }, (_, i) => String(year + i)));
    expect(options('Expiry month')).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });

  it('limits the card number to 19 characters and the CVV to 3, with a numeric keyboard', () => {
    mockFetch({});
    renderRegister();
    expect(field('Card number')).toHaveAttribute('maxlength', '19');
    expect(field('Card number')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText(/^CVV/)).toHaveAttribute('maxlength', '3');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByTestId('card-note')).toHaveTextContent('only the last 4 digits');
  });

  it("words a refusal by its code under 'Registration error', marks its field and keeps the user on the page", async () => {
    mockFetch({ 'POST /api/register': { status: 400, body: { code: 'card_expired', message: 'Gateway: expired card (54)' } } });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm();
    await submit(u);
    const toast = await findToast('Registration error');
    expect(toast).toHaveTextContent(enErrors.card_expired);
    expect(toast).not.toHaveTextContent('Gateway');
    expect(select('Expiry year')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it("marks the fields named in the server's validation issues, in the form's own words", async () => {
    mockFetch({
      'POST /api/register': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'password: Too small',
          issues: [{ path: 'password', message: 'Too small: expected string to have >=8 characters' }],
        },
      },
    });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm();
    await submit(u);
    const toast = await findToast('Registration error');
    expect(toast).toHaveTextContent('Some details are not valid');
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The password must have at least 8 characters')).toBeInTheDocument();
    expect(screen.queryByText(/Too small/)).toBeNull();
  });

  it("refuses before sending what the contract's schema refuses: a short password, a two-digit CVV", async () => {
    const fetchMock = mockFetch({ 'POST /api/register': { status: 201, body: { message: 'ok' } } });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm();
    fireEvent.change(field('Password'), { target: { value: '1234567' } });
    fireEvent.change(screen.getByLabelText(/^CVV/), { target: { value: '12' } });
    await submit(u);
    await findToast('Some details are not valid');
    expect(requestsTo(fetchMock, 'POST /api/register')).toEqual([]);
    expect(screen.getByText('The password must have at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The CVV must be 3 digits')).toBeInTheDocument();
    expect(field('Password')).toHaveFocus();
  });

  it('says the username is taken on username_taken', async () => {
    mockFetch({ 'POST /api/register': { status: 409, body: { code: 'username_taken', message: 'Username already exists' } } });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm();
    await submit(u);
    const toast = await findToast('Registration error');
    expect(toast).toHaveTextContent(enErrors.username_taken);
    expect(toast).not.toHaveTextContent('Username already exists');
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to "Registration failed" when the request fails without a message', async () => {
    mockFetch({ 'POST /api/register': () => Promise.reject(new Error('')) });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm();
    await submit(u);
    const toast = await findToast('Registration error');
    expect(toast).toHaveTextContent('Registration failed');
  });

  it('keeps no card number or CVV in the query cache once the form is gone', async () => {
    mockFetch({ 'POST /api/register': { status: 402, body: { code: 'card_declined', message: 'Do not honour (05)' } } });
    const { queryClient, unmount } = renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillForm();
    await submit(u);
    const toast = await findToast('Registration error');
    expect(toast).toHaveTextContent(enErrors.card_declined);
    expect(toast).not.toHaveTextContent('honour');
    expect(field('Card number')).toHaveAttribute('aria-invalid', 'true');
    unmount();
    await waitFor(() => expect(queryClient.getMutationCache().getAll()).toHaveLength(0));
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain('4242');
  });

  it('links back to the login page', () => {
    mockFetch({});
    renderRegister();
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute('href', '/login');
  });
});
