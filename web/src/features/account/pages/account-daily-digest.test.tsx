import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DailyDigest } from '#contract/account.ts';
import { dismissToast } from '#web/components/ui/toast.ts';
import { renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { mockAccount, profile } from './account-test-data.ts';
import AccountProfilePage from './account-profile-page.tsx';

const renderPage = (language: 'en' | 'he' = 'en') => renderWithProviders(<AccountProfilePage />, { path: '/account-profile', language });
const digest = (over: Partial<DailyDigest> = {}): DailyDigest => ({ enabled: false, language: null, mailConfigured: true, ...over });

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('the daily e-mail on the account profile (docs/product.md "Daily e-mail")', () => {
  it('turns on in the language of the screen and says where it goes', async () => {
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile({ role: 'manager' }) },
      'GET /api/user/daily-digest': { body: digest() },
      'PUT /api/user/daily-digest': ({ body }) => ({ body: digest({ ...(body as object), mailConfigured: true }) }),
    });
    renderPage('he');
    const toggle = await screen.findByRole('checkbox', { name: 'שלחו לי את הדוא״ל היומי' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/daily-digest')).toEqual([{ enabled: true, language: 'he' }]));
    expect(await screen.findByRole('checkbox', { name: 'שלחו לי את הדוא״ל היומי' })).toBeChecked();
    expect(within(screen.getByRole('region', { name: 'דוא״ל יומי' })).getByText('dana@example.com')).toBeInTheDocument();
  });

  it('is disabled, with the reason, when the server has no outgoing mail', async () => {
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'GET /api/user/daily-digest': { body: digest({ mailConfigured: false }) },
    });
    renderPage();
    const toggle = await screen.findByRole('checkbox', { name: 'Send me the daily e-mail' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('This server has no outgoing mail configured, so the daily e-mail cannot be turned on.');
    await userEvent.setup().click(toggle);
    expect(requestsTo(fetchMock, 'PUT /api/user/daily-digest')).toHaveLength(0);
  });

  it('is disabled, with the reason, while the account has no e-mail address', async () => {
    mockAccount({ 'GET /api/user/profile': { body: profile({ email: null }) }, 'GET /api/user/daily-digest': { body: digest() } });
    renderPage();
    const toggle = await screen.findByRole('checkbox', { name: 'Send me the daily e-mail' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('Add an e-mail address in your personal details to get the daily e-mail.');
  });

  it('is not offered to a read-only worker account', async () => {
    const fetchMock = mockAccount({ 'GET /api/user/profile': { body: profile({ role: 'cleaner' }) } });
    renderPage();
    expect(await screen.findByText('Carmel Towers')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Daily e-mail' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/user/daily-digest')).toHaveLength(0);
  });
});
