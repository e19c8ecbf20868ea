import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MemberList } from '#contract/users.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { member, userWith } from '#web/test/fixtures.ts';
import heErrors from '#web/locales/he/errors.json';
import UserManagementPage from './user-management-page.tsx';

const owner = member({ id: 'u1', username: 'demo', firstName: 'דנה', lastName: 'לוי', role: 'admin', isOwner: true });
const avi = member({ id: 'u2', username: 'avi', firstName: 'Avi', role: 'manager' });
const noa = member({ id: 'u3', username: 'noa', firstName: 'Noa', role: 'cleaner', isActive: false });
const list: MemberList = { users: [owner, avi, noa], counts: { total: 3, admin: 1, manager: 1, cleaner: 1 } };

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ 'GET /api/auth/user': { body: userWith('construction') }, 'GET /api/users': { body: list }, ...extra });
  renderWithProviders(<UserManagementPage />, { path: '/user-management' });
  return { fetchMock, user: userEvent.setup() };
}
const cards = () => screen.getAllByTestId('member-card');

describe('UserManagementPage', () => {
  it('shows the counts by role and filters the cards by role', async () => {
    const { user } = setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByTestId('count-all')).toHaveTextContent('3');
    expect(screen.getByTestId('count-cleaner')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: /Workers/ }));
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('Noa');
    expect(cards()[0]).toHaveTextContent('Inactive');
  });

  it("marks the owner as protected, isolates the name, and disables the owner's and your own delete with the reason", async () => {
    setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const ownerCard = cards()[0];
    expect(ownerCard).toHaveTextContent('Protected from deletion');
    expect(within(ownerCard).getByText('דנה לוי').tagName).toBe('BDI');
    const del = within(ownerCard).getByRole('button', { name: 'Delete — דנה לוי' });
    expect(del).toBeDisabled();
    expect(del).toHaveAccessibleDescription('The project owner cannot be deleted');
    expect(within(cards()[1]).getByRole('button', { name: 'Delete — Avi' })).toBeEnabled();
  });

  it("gives the spec's messages before sending: name, username and password required; passwords must match", async () => {
    const { user, fetchMock } = setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /Add user/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name, username and password are required');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Yossi');
    await user.type(within(dialog).getByLabelText(/^Username/), 'yossi');
    await user.type(within(dialog).getByLabelText(/^Email/), 'yossi@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret-12');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'secret-13');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The passwords do not match');
    expect(requestsTo(fetchMock, 'POST /api/users')).toHaveLength(0);
  });

  it('sends one Idempotency-Key per new member: the same on a retry, a new one for the next member', async () => {
    let attempts = 0;
    const { user, fetchMock } = setup({
      'POST /api/users': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { message: 'The database is unavailable' } }
          : { status: 201, body: member({ id: `n${attempts}`, username: `yossi${attempts}` }) };
      },
    });
    const keys = () =>
      fetchMock.mock.calls
        .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
        .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key']);
    await waitFor(() => expect(cards()).toHaveLength(3));
    const addOne = async (username: string) => {
      await user.click(screen.getByRole('button', { name: /Add user/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Add user' });
      await user.type(within(dialog).getByLabelText(/^First name/), 'Yossi');
      await user.type(within(dialog).getByLabelText(/^Username/), username);
      await user.type(within(dialog).getByLabelText(/^Email/), `${username}@example.com`);
      await user.type(within(dialog).getByLabelText(/^Password/), 'secret-12');
      await user.type(within(dialog).getByLabelText(/^Confirm password/), 'secret-12');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      return dialog;
    };
    const dialog = await addOne('yossi');
    await waitFor(() => expect(keys()).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await addOne('dana');
    await waitFor(() => expect(keys()).toHaveLength(3));
    const [first, retry, next] = keys();
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it("locks the owner's role and active box and sends them elsewhere for their password, and leaves another member's open", async () => {
    const { user } = setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Edit — דנה לוי' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByLabelText(/^Role/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Active/)).toBeDisabled();
    // The signed-in owner is editing themself: their password changes on the account page.
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Change my password' })).toHaveAttribute('href', '/account-profile');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit — Avi' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByLabelText(/^Role/)).toBeEnabled();
    expect(within(dialog).getByLabelText(/^Active/)).toBeEnabled();
    expect(within(dialog).getByLabelText(/^Password/)).toBeEnabled();
  });

  it('deletes after the confirmation, and words a refusal by its code', async () => {
    const { user, fetchMock } = setup({
      'DELETE /api/users/u2': { status: 409, body: { code: 'last_admin', message: 'server words' } },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Delete — Avi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(requestsTo(fetchMock, 'DELETE /api/users/u2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const toast = await findToast('The user was not deleted');
    expect(toast).toHaveTextContent('The project needs at least one active admin');
    expect(toast).not.toHaveTextContent('server words');
  });

  it('offers a temporary password for a member, but not for the owner nor for oneself', async () => {
    const me = member({ id: 'u1', username: 'demo', firstName: 'Dana', role: 'admin' });
    mockFetch({
      'GET /api/auth/user': { body: userWith('construction') },
      'GET /api/users': { body: { ...list, users: [owner, me, avi] } },
    });
    renderWithProviders(<UserManagementPage />, { path: '/user-management' });
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(cards()[0]).queryByRole('button', { name: /temporary password/ })).toBeNull();
    expect(within(cards()[1]).queryByRole('button', { name: /temporary password/ })).toBeNull();
    expect(within(cards()[2]).getByRole('button', { name: 'Set a temporary password for Avi' })).toBeEnabled();
  });

  it('sets a temporary password after the confirmation naming the member, and shows it once to pass on', async () => {
    const { user, fetchMock } = setup({
      'POST /api/users/u2/temporary-password': { body: { username: 'avi', temporaryPassword: 'Kx7-pq2M-9wz' } },
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Set a temporary password for Avi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Set a temporary password' });
    expect(within(confirm).getByText('Avi').tagName).toBe('BDI');
    expect(requestsTo(fetchMock, 'POST /api/users/u2/temporary-password')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Set temporary password' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary password set' });
    expect(requestsTo(fetchMock, 'POST /api/users/u2/temporary-password')).toHaveLength(1);
    expect(within(shown).getByTestId('temporary-username')).toHaveTextContent('avi');
    expect(within(shown).getByTestId('temporary-password')).toHaveTextContent('Kx7-pq2M-9wz');
    expect(shown).toHaveTextContent('signed out on every device');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Kx7-pq2M-9wz');
    await findToast('The temporary password was copied');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('words a refusal of the temporary password by its code, in Hebrew', async () => {
    mockFetch({
      'GET /api/auth/user': { body: userWith('construction') },
      'GET /api/users': { body: list },
      'POST /api/users/u2/temporary-password': { status: 403, body: { code: 'owner_protected', message: 'Owner is protected' } },
    });
    renderWithProviders(<UserManagementPage />, { path: '/user-management', language: 'he' });
    const user = userEvent.setup();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'קביעת סיסמה זמנית עבור Avi' }));
    const confirm = await screen.findByRole('dialog', { name: 'קביעת סיסמה זמנית' });
    await user.click(within(confirm).getByRole('button', { name: 'קביעת סיסמה זמנית' }));
    const toast = await findToast('הסיסמה הזמנית לא נקבעה');
    expect(toast).toHaveTextContent(heErrors.owner_protected);
    expect(toast).not.toHaveTextContent('Owner is protected');
    expect(screen.queryByTestId('temporary-password')).toBeNull();
  });
});
