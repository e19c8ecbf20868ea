import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import heErrors from '#web/locales/he/errors.json';
import ForgotPasswordPage from './forgot-password-page.tsx';

const renderPage = (language: 'en' | 'he' | 'ru' = 'en') =>
  renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password', language });

describe('ForgotPasswordPage', () => {
  it('explains the administrator way, in Hebrew, when the server sends no e-mail', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/options': { body: { passwordResetByEmail: false } } });
    renderPage('he');
    const way = await screen.findByTestId('admin-way');
    expect(way).toHaveTextContent('מנהל הפרויקט יכול להגדיר עבורכם סיסמה זמנית');
    expect(way).toHaveTextContent('מנהל הפלטפורמה');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'חזרה לכניסה' })).toHaveAttribute('href', '/login');
    expect(requestsTo(fetchMock, 'POST /api/auth/forgot-password')).toEqual([]);
  });

  it('asks for the username, sends it with the page language and always says the same', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/options': { body: { passwordResetByEmail: true } },
      'POST /api/auth/forgot-password': { status: 202, body: { message: 'If the user exists…' } },
    });
    renderPage('ru');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Отправить ссылку' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Введите имя пользователя.');
    expect(requestsTo(fetchMock, 'POST /api/auth/forgot-password')).toEqual([]);
    await u.type(screen.getByRole('textbox', { name: /Имя пользователя/ }), '  dana {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Она действует 30 минут и только один раз.');
    expect(requestsTo(fetchMock, 'POST /api/auth/forgot-password')).toEqual([{ username: 'dana', language: 'ru' }]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('words a refusal by its code, never the server message', async () => {
    mockFetch({
      'GET /api/auth/options': { body: { passwordResetByEmail: true } },
      'POST /api/auth/forgot-password': { status: 409, body: { code: 'password_reset_unavailable', message: 'No SMTP' } },
    });
    renderPage('he');
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /שם משתמש/ }), 'dana{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(heErrors.password_reset_unavailable);
    expect(alert).not.toHaveTextContent('No SMTP');
  });

  it('offers a retry when the options cannot be loaded', async () => {
    mockFetch({ 'GET /api/auth/options': { status: 500, body: { code: 'internal', message: 'x' } } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not check how to recover a password.');
    mockFetch({ 'GET /api/auth/options': { body: { passwordResetByEmail: false } } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('admin-way')).toBeInTheDocument();
  });
});
