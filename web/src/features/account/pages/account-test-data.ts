import type { AccountSession } from '#contract/account.ts';
import type { Profile } from '#contract/auth.ts';
import { userWith } from '#web/test/fixtures.ts';
import { mockFetch } from '#web/test/render.tsx';

/** The account page's tests: the signed-in user's profile as GET /api/user/profile answers it. */
export const profile = (over: Partial<Profile> = {}): Profile => ({
  ...userWith('construction', {
    username: 'dana',
    lastName: 'Levi',
    email: 'dana@example.com',
    phone: '050-1234567',
    city: 'Haifa',
    facilityName: 'Carmel Towers',
    createdAt: '2026-01-01T08:00:00.000Z',
  }),
  monthlyPrice: 1399,
  paidUntil: null,
  nextBillingDate: '2026-12-01',
  card: { brand: 'visa', last4: '4242', expiryMonth: 7, expiryYear: 2029, holderName: 'Dana Levi' },
  ...over,
});

/** The user alone (GET /api/auth/user and the own-account writes answer it): the profile without billing. */
export const userOf = ({ monthlyPrice: _m, paidUntil: _p, nextBillingDate: _n, card: _c, ...user }: Profile) => user;

/** A session as GET /api/user/sessions lists it; this browser's unless `current` says otherwise. */
export const session = (over: Partial<AccountSession> = {}): AccountSession => ({
  id: 'a7c9e2d0-0000-4000-8000-000000000001',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  createdAt: '2026-11-20T06:30:00.000Z',
  lastSeenAt: '2026-11-23T21:15:00.000Z',
  current: true,
  ...over,
});

/** The account page's answers; no invoices and this one session unless a test says otherwise. */
export const mockAccount = (routes: Parameters<typeof mockFetch>[0]) =>
  mockFetch({
    'GET /api/invoices': { body: { invoices: [] } },
    'GET /api/user/sessions': { body: { sessions: [session()] } },
    'GET /api/user/daily-digest': { body: { enabled: false, language: null, mailConfigured: true } },
    ...routes,
  });
