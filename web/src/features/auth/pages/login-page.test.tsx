import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#contract/auth.ts';
import { findToast, mockFetch, notSignedIn, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import enErrors from '#web/locales/en/errors.json';
import heErrors from '#web/locales/he/errors.json';
import { userWith } from '#web/test/fixtures.ts';
import LoginPage from './login-page.tsx';

const user: User = userWith('construction', { lastName: 'Levi', facilityName: 'Tower A' });

const renderLogin = (url = '/login', language: 'en' | 'he' = 'en') => renderWithProviders(<LoginPage />, { path: '/login', url, language });
const usernameInput = () => screen.getByRole('textbox', { name: 'Username' });
const passwordInput = () => screen.getByLabelText(/^Password/);

describe('LoginPage', () => {
  it('asks for both fields and sends nothing when the password is blank', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': notSignedIn });
    renderLogin();
    const u = userEvent.setup();
    await u.type(usernameInput(), 'demo');
    await u.type(passwordInput(), '   ');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await findToast('Please fill username and password');
    expect(requestsTo(fetchMock, 'POST /api/login')).toEqual([]);
  });

  it('asks for both fields when the username is blank', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': notSignedIn });
    renderLogin();
    const u = userEvent.setup();
    await u.type(passwordInput(), 'demo1234{Enter}');
    await findToast('Please fill username and password');
    expect(requestsTo(fetchMock, 'POST /api/login')).toEqual([]);
  });

  it('posts the credentials on Enter, toasts the facility name, then goes to / after a short delay', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': notSignedIn, 'POST /api/login': { body: user } });
    renderLogin();
    const u = userEvent.setup();
    await u.type(usernameInput(), '  demo ');
    await u.type(passwordInput(), 'demo1234{Enter}');
    await findToast('Signed in to Tower A');
    expect(requestsTo(fetchMock, 'POST /api/login')).toEqual([{ username: 'demo', password: 'demo1234' }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("words a refusal by its code in a destructive toast, never with the server's message", async () => {
    mockFetch({
      'GET /api/auth/user': notSignedIn,
      'POST /api/login': { status: 403, body: { code: 'account_inactive', message: 'Account disabled' } },
    });
    renderLogin();
    const u = userEvent.setup();
    await u.type(usernameInput(), 'demo');
    await u.type(passwordInput(), 'demo1234{Enter}');
    const toast = await findToast('Login failed');
    expect(toast).toHaveTextContent(enErrors.account_inactive);
    expect(toast).not.toHaveTextContent('Account disabled');
    expect(screen.queryByTestId('location')).toBeNull(); // still on the login page
  });

  it('says the username or password is wrong on invalid_credentials, in the chosen language', async () => {
    mockFetch({
      'GET /api/auth/user': notSignedIn,
      'POST /api/login': { status: 401, body: { code: 'invalid_credentials', message: 'Invalid username or password' } },
    });
    renderLogin('/login', 'he');
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: 'שם משתמש' }), 'demo');
    await u.type(screen.getByLabelText(/^סיסמה/), 'nope{Enter}');
    const toast = await findToast('ההתחברות נכשלה');
    expect(toast).toHaveTextContent('שם משתמש או סיסמה שגויים');
    expect(toast).toHaveTextContent(heErrors.invalid_credentials);
    expect(toast.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says to wait on login_rate_limited, whatever the status', async () => {
    mockFetch({
      'GET /api/auth/user': notSignedIn,
      'POST /api/login': { status: 429, body: { code: 'login_rate_limited', message: 'Too many login attempts' } },
    });
    renderLogin('/login', 'he');
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: 'שם משתמש' }), 'demo');
    await u.type(screen.getByLabelText(/^סיסמה/), 'nope{Enter}');
    const toast = await findToast('ההתחברות נכשלה');
    expect(toast).toHaveTextContent(heErrors.login_rate_limited);
    expect(toast.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says the server cannot be reached when the request never arrives', async () => {
    mockFetch({ 'GET /api/auth/user': notSignedIn, 'POST /api/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderLogin();
    const u = userEvent.setup();
    await u.type(usernameInput(), 'demo');
    await u.type(passwordInput(), 'demo1234{Enter}');
    const toast = await findToast('Login failed');
    expect(toast).toHaveTextContent(enErrors.network);
    expect(toast).not.toHaveTextContent('Failed to fetch');
  });

  it('disables the submit button while the login is pending and sends only once', async () => {
    let release!: () => void;
    const fetchMock = mockFetch({
      'GET /api/auth/user': notSignedIn,
      'POST /api/login': () => new Promise((resolve) => (release = () => resolve({ body: user }))),
    });
    renderLogin();
    const u = userEvent.setup();
    await u.type(usernameInput(), 'demo');
    await u.type(passwordInput(), 'demo1234{Enter}');
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect(pending).toBeDisabled();
    await u.type(passwordInput(), '{Enter}');
    expect(requestsTo(fetchMock, 'POST /api/login')).toHaveLength(1);
    release();
    await findToast('Signed in to Tower A');
  });

  it('redirects to / when already signed in', async () => {
    mockFetch({ 'GET /api/auth/user': { body: user } });
    renderLogin();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('explains the automatic logout only when reason=timeout', async () => {
    mockFetch({ 'GET /api/auth/user': notSignedIn });
    renderLogin('/login?reason=timeout');
    expect(screen.getByRole('status')).toHaveTextContent('logged you out automatically after two hours of inactivity');
  });

  it('shows no logout notice on a plain visit, and links to registration', () => {
    mockFetch({ 'GET /api/auth/user': notSignedIn });
    renderLogin();
    expect(screen.queryByTestId('timeout-notice')).toBeNull();
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/register');
  });

  it('links to password recovery', () => {
    mockFetch({ 'GET /api/auth/user': notSignedIn });
    renderLogin('/login', 'he');
    expect(screen.getByRole('link', { name: 'שכחת את הסיסמה?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('signs the platform admin in through the corner button and goes to /admin-management', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': notSignedIn,
      'POST /api/admin/login': { body: { message: 'Admin login successful', username: 'platform' } },
    });
    renderLogin();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Platform admin login' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'platform');
    await u.type(within(dialog).getByLabelText(/^Password/), 'platform1234');
    await u.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await findToast('Admin login successful');
    expect(requestsTo(fetchMock, 'POST /api/admin/login')).toEqual([{ username: 'platform', password: 'platform1234' }]);
    expect(requestsTo(fetchMock, 'POST /api/login')).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin-management'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says "wrong login details" in Hebrew for any admin login failure and keeps the dialog open', async () => {
    mockFetch({ 'GET /api/auth/user': notSignedIn, 'POST /api/admin/login': { status: 500, body: { message: 'Internal Server Error' } } });
    renderLogin('/login', 'he');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'כניסת מנהל מערכת' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByRole('textbox', { name: 'שם משתמש' }), 'platform');
    await u.type(within(dialog).getByLabelText(/^סיסמה/), 'wrong{Enter}');
    const toast = await findToast('פרטי התחברות שגויים');
    expect(toast).not.toHaveTextContent('Internal Server Error');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('requires both admin fields before sending anything', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': notSignedIn });
    renderLogin();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Platform admin login' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'platform');
    await u.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await findToast('Please fill username and password');
    expect(requestsTo(fetchMock, 'POST /api/admin/login')).toEqual([]);
  });
});
