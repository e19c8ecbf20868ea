import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import heErrors from '#web/locales/he/errors.json';
import ruAuth from '#web/locales/ru/auth.json';
import ResetPasswordPage from './reset-password-page.tsx';

const TOKEN = 'a'.repeat(43);
/** The router's address as the page left it. */
function AddressProbe() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search + location.hash}</div>;
}
const renderPage = (url = `/reset-password#token=${TOKEN}`, language: 'en' | 'he' = 'en') =>
  renderWithProviders(<ResetPasswordPage />, { path: '/reset-password', url, language });
const fill = async (u: ReturnType<typeof userEvent.setup>, next: string, confirm: string) => {
  await u.type(screen.getByLabelText(/^New password|^סיסמה חדשה/), next);
  await u.type(screen.getByLabelText(/^Confirm the new password|^אימות הסיסמה החדשה/), confirm);
};

describe('ResetPasswordPage', () => {
  it('says a link without a token is incomplete and links to asking again', () => {
    mockFetch({});
    renderPage('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('takes the token out of the address at once, and still sends it', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/reset-password': { body: { message: 'Password changed' } } });
    renderWithProviders(
      <>
        <ResetPasswordPage />
        <AddressProbe />
      </>,
      { path: '/reset-password', url: `/reset-password#token=${TOKEN}` },
    );
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/reset-password$/));
    const u = userEvent.setup();
    await fill(u, 'brand-new-1', 'brand-new-1{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed.');
    expect(requestsTo(fetchMock, 'POST /api/auth/reset-password')).toEqual([
      { token: TOKEN, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    ]);
  });

  it("opens in the e-mail's language (?lng=ru) on a browser that chose Hebrew, and keeps it", async () => {
    mockFetch({});
    localStorage.setItem('shalav.language', 'he');
    renderPage(`/reset-password?lng=ru#token=${TOKEN}`, 'he');
    expect(await screen.findByText(ruAuth.reset.intro)).toBeInTheDocument();
    expect(localStorage.getItem('shalav.language')).toBe('ru');
    localStorage.removeItem('shalav.language');
  });

  it('does not take a token from the query string, which servers log', () => {
    renderPage(`/reset-password?token=${TOKEN}`);
    expect(screen.getByText(/incomplete/i)).toBeInTheDocument();
  });

  it('checks the new password before sending, then sends it with the token from the link fragment and links to sign-in', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/reset-password': { body: { message: 'Password changed' } } });
    renderPage();
    const u = userEvent.setup();
    await fill(u, 'short', 'short');
    await u.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at least 8 characters');
    await u.clear(screen.getByLabelText(/^New password/));
    await u.clear(screen.getByLabelText(/^Confirm the new password/));
    await fill(u, 'brand-new-1', 'brand-new-2');
    await u.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(requestsTo(fetchMock, 'POST /api/auth/reset-password')).toEqual([]);
    await u.clear(screen.getByLabelText(/^Confirm the new password/));
    await u.type(screen.getByLabelText(/^Confirm the new password/), 'brand-new-1{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed.');
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(requestsTo(fetchMock, 'POST /api/auth/reset-password')).toEqual([
      { token: TOKEN, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    ]);
    // A double-click repeats this key and gets "Password changed" again (docs/decisions/015-idempotent-creates.md).
    const sent = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
    expect(((sent[1] as RequestInit).headers as Record<string, string>)['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it.each(['reset_link_expired', 'reset_link_invalid'] as const)('words %s in Hebrew and links to asking again', async (code) => {
    mockFetch({ 'POST /api/auth/reset-password': { status: 400, body: { code, message: 'server words' } } });
    renderPage(undefined, 'he');
    const u = userEvent.setup();
    await fill(u, 'brand-new-1', 'brand-new-1');
    await u.click(screen.getByRole('button', { name: 'שמירת הסיסמה החדשה' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(heErrors[code]);
    expect(alert).not.toHaveTextContent('server words');
    expect(screen.getByRole('link', { name: 'בקשת קישור חדש' })).toHaveAttribute('href', '/forgot-password');
  });

  it('words the username refusal without offering a new link', async () => {
    mockFetch({ 'POST /api/auth/reset-password': { status: 400, body: { code: 'password_is_username', message: 'x' } } });
    renderPage();
    const u = userEvent.setup();
    await fill(u, 'dana-levi', 'dana-levi');
    await u.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password may not be the same as the username.');
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).toBeNull();
  });
});
