import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { AdminFrame } from './admin-frame.tsx';

describe('admin frame', () => {
  it('checks permissions first, then shows the platform header without a project menu', async () => {
    let answer: (v: { body: unknown }) => void = () => {};
    mockFetch({ 'GET /api/admin/users': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<AdminFrame />, { path: '/admin-management', language: 'he' });
    expect(screen.getByRole('status')).toHaveTextContent('בודק הרשאות…');
    answer({ body: [] });
    expect(await screen.findByText('פלטפורמת שלב')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'חיוב לקוחות' })).toHaveAttribute('href', '/customer-billing');
    expect(screen.getByRole('link', { name: 'פרויקטים' })).toHaveAttribute('href', '/admin-management');
  });

  it.each([401, 403])('sends a session the server refuses (%i) to /login', async (status) => {
    mockFetch({ 'GET /api/admin/users': { status, body: { code: status === 401 ? 'unauthorized' : 'forbidden', message: 'x' } } });
    renderWithProviders(<AdminFrame />, { path: '/admin-management' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('signs out and goes to /login', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/users': { body: [] }, 'POST /api/logout': { body: { message: 'ok' } } });
    renderWithProviders(<AdminFrame />, { path: '/admin-management' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(requestsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
  });
});
