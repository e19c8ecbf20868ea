import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#contract/auth.ts';
import { authUserKey } from '#web/lib/queries/session.ts';
import { findToast, mockFetch, notSignedIn, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { userWith } from '#web/test/fixtures.ts';
import heErrors from '#web/locales/he/errors.json';
import ChangePasswordPage from './change-password-page.tsx';

const temporary = (passwordResetBy: User['passwordResetBy']): User =>
  ({ ...userWith('construction'), username: 'noa', role: 'manager', isOwner: false, mustChangePassword: true, passwordResetBy }) as User;

const renderPage = (language: 'en' | 'he' = 'en') => renderWithProviders(<ChangePasswordPage />, { path: '/change-password', language });
const fill = async (u: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string, he = false) => {
  if (current) await u.type(screen.getByLabelText(he ? /^סיסמה זמנית/ : /^Temporary password/), current);
  if (next) await u.type(screen.getByLabelText(he ? /^סיסמה חדשה/ : /^New password/), next);
  if (confirm) await u.type(screen.getByLabelText(he ? /^אימות הסיסמה החדשה/ : /^Confirm the new password/), confirm);
};

describe('ChangePasswordPage', () => {
  it('says the project administrator set the temporary password, in Hebrew', async () => {
    mockFetch({ 'GET /api/auth/user': { body: temporary('admin') } });
    renderPage('he');
    expect(await screen.findByTestId('reset-by')).toHaveTextContent('מנהל הפרויקט הגדיר עבורך סיסמה זמנית');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('בחירת סיסמה חדשה');
  });

  it('says the platform administrator set it for an owner', async () => {
    mockFetch({ 'GET /api/auth/user': { body: temporary('platformAdmin') } });
    renderPage();
    expect(await screen.findByTestId('reset-by')).toHaveTextContent('The platform administrator set a temporary password');
  });

  it('checks the fields before sending: the temporary password filled, the new one long enough and the same twice', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': { body: temporary('admin') } });
    renderPage();
    const u = userEvent.setup();
    await screen.findByTestId('reset-by');
    const submit = () => u.click(screen.getByRole('button', { name: 'Save the new password' }));
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the temporary password you received.');
    await fill(u, 'Tmp-1234', 'short', 'short');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('at least 8 characters');
    await u.clear(screen.getByLabelText(/^New password/));
    await u.clear(screen.getByLabelText(/^Confirm the new password/));
    await fill(u, '', 'long-enough-1', 'long-enough-2');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(requestsTo(fetchMock, 'PUT /api/user/password')).toEqual([]);
  });

  it('refuses the username as the new password', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': { body: { ...temporary('admin'), username: 'noa.levi' } } });
    renderPage();
    const u = userEvent.setup();
    await screen.findByTestId('reset-by');
    await fill(u, 'Tmp-1234', 'Noa.Levi', 'Noa.Levi');
    await u.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password may not be the same as the username.');
    expect(requestsTo(fetchMock, 'PUT /api/user/password')).toEqual([]);
  });

  it('sends the change once, keeps the answer as the signed-in user and goes to /', async () => {
    let release!: () => void;
    const fetchMock = mockFetch({
      'GET /api/auth/user': { body: temporary('admin') },
      'PUT /api/user/password': () =>
        new Promise((resolve) => (release = () => resolve({ body: { ...temporary(null), mustChangePassword: false } }))),
    });
    const { queryClient } = renderPage();
    const u = userEvent.setup();
    await screen.findByTestId('reset-by');
    await fill(u, 'Tmp-1234', 'my-own-pass', 'my-own-pass');
    await u.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    await u.type(screen.getByLabelText(/^Confirm the new password/), '{Enter}');
    release();
    await findToast('Your new password is saved');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(requestsTo(fetchMock, 'PUT /api/user/password')).toEqual([
      { currentPassword: 'Tmp-1234', newPassword: 'my-own-pass', confirmPassword: 'my-own-pass' },
    ]);
    expect(queryClient.getQueryData<User>(authUserKey)?.mustChangePassword).toBe(false);
  });

  it('words a wrong temporary password by its code, in Hebrew', async () => {
    mockFetch({
      'GET /api/auth/user': { body: temporary('admin') },
      'PUT /api/user/password': { status: 400, body: { code: 'current_password_wrong', message: 'Current password is wrong' } },
    });
    renderPage('he');
    const u = userEvent.setup();
    await screen.findByTestId('reset-by');
    await fill(u, 'Tmp-0000', 'my-own-pass', 'my-own-pass', true);
    await u.click(screen.getByRole('button', { name: 'שמירת הסיסמה החדשה' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(heErrors.current_password_wrong);
    expect(alert.textContent).not.toMatch(/[A-Za-z]{3,}/);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('signs out and goes to /login', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': { body: temporary('admin') }, 'POST /api/logout': { body: { message: 'ok' } } });
    renderPage();
    await screen.findByTestId('reset-by');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(requestsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
  });

  it('sends a visitor without a session to /login, and a user without a pending change to /', async () => {
    mockFetch({ 'GET /api/auth/user': notSignedIn });
    const first = renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    first.unmount();
    mockFetch({ 'GET /api/auth/user': { body: userWith('construction') } });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
