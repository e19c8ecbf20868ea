import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { User } from '#contract/auth.ts';
import { authUserKey } from '#web/lib/queries/session.ts';
import { findToast, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import heErrors from '#web/locales/he/errors.json';
import { mockAccount, profile, session, userOf } from './account-test-data.ts';
import AccountProfilePage from './account-profile-page.tsx';

// docs/product.md "Your own account": personal details, picture, password and sessions on /account-profile.

const renderPage = (language: 'en' | 'he' = 'en') => {
  const rendered = renderWithProviders(<AccountProfilePage />, { path: '/account-profile', language });
  // The header reads the signed-in user from this cache.
  rendered.queryClient.setQueryData(authUserKey, userOf(profile()));
  return rendered;
};
const headerUser = (queryClient: ReturnType<typeof renderPage>['queryClient']) => queryClient.getQueryData<User>(authUserKey);

/** A response the test lets through when it wants to, to see the page while a request is under way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const latinWords = /[A-Za-z]{3,}/;

afterEach(() => vi.restoreAllMocks());

describe('personal details', () => {
  it('refuses an email that is not one, then saves the trimmed fields with blanks as null and renames the header at once', async () => {
    const saved = userOf(profile({ firstName: 'Noa', city: null, email: 'noa@example.com' }));
    const fetchMock = mockAccount({ 'GET /api/user/profile': { body: profile() }, 'PUT /api/user/profile': { body: saved } });
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit personal details' });
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Dana');
    expect(within(dialog).getByLabelText('City')).toHaveValue('Haifa');

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'noa@example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a valid email address, or leave the field empty')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT /api/user/profile')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Email'), '.com ');
    await user.clear(within(dialog).getByLabelText('First name'));
    await user.type(within(dialog).getByLabelText('First name'), ' Noa ');
    await user.clear(within(dialog).getByLabelText('City'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/profile')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PUT /api/user/profile')[0]).toEqual({
      firstName: 'Noa',
      lastName: 'Levi',
      email: 'noa@example.com',
      phone: '050-1234567',
      city: null,
    });
    await findToast('Personal details saved');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headerUser(queryClient)?.firstName).toBe('Noa');
    const personal = screen.getByRole('region', { name: 'Personal details' });
    expect(within(personal).getByText('Noa Levi')).toBeInTheDocument();
    expect(within(personal).getByText('Not provided')).toBeInTheDocument();
  });

  it('words a refusal in Hebrew and keeps the dialog open with what was typed', async () => {
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/profile': { status: 400, body: { code: 'validation_failed', message: 'Body is not valid' } },
    });
    const { queryClient } = renderPage('he');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'עריכת פרטים' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('שם פרטי'));
    await user.type(within(dialog).getByLabelText('שם פרטי'), 'נועה');
    await user.click(within(dialog).getByRole('button', { name: 'שמירה' }));
    const toast = await findToast('הפרטים לא נשמרו');
    expect(toast).toHaveTextContent(heErrors.validation_failed);
    expect(toast.textContent).not.toMatch(latinWords);
    expect(within(screen.getByRole('dialog')).getByLabelText('שם פרטי')).toHaveValue('נועה');
    expect(headerUser(queryClient)?.firstName).toBe('Dana');
  });
});

/** A browser that decodes any image as 800 × 600 and encodes the canvas as a small JPEG. */
function withCanvas({ unreadable = false } = {}) {
  const bitmap = { width: 800, height: 600, close: vi.fn() };
  const createImageBitmap = vi.fn(() =>
    unreadable ? Promise.reject(new DOMException('bad', 'InvalidStateError')) : Promise.resolve(bitmap),
  );
  vi.stubGlobal('createImageBitmap', createImageBitmap);
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage, fillRect: vi.fn(), fillStyle: '' } as never);
  const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb: BlobCallback) => cb(jpeg));
  return { bitmap, createImageBitmap, drawImage, jpeg };
}

const pictureUploads = (fetchMock: Mock) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/user/profile-picture' && (init as RequestInit | undefined)?.method === 'PUT');

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('profile picture', () => {
  it('sends the centre square as a 256-pixel JPEG, shows progress, then the picture here and in the header', async () => {
    const canvas = withCanvas();
    const answer = deferred<{ body: unknown }>();
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/profile-picture': () => answer.promise,
    });
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Profile picture' });
    expect(within(section).getByRole('img', { name: 'No profile picture' })).toHaveTextContent('D');
    expect(within(section).queryByRole('button', { name: 'Remove picture' })).toBeNull();

    // The button opens the file chooser, so the keyboard reaches it.
    const input = screen.getByTestId('picture-input');
    const opened = vi.spyOn(input, 'click');
    await user.click(within(section).getByRole('button', { name: 'Change picture' }));
    expect(opened).toHaveBeenCalled();
    expect(input).toHaveAttribute('accept', 'image/*');

    await user.upload(input, photo());
    await waitFor(() => expect(pictureUploads(fetchMock)).toHaveLength(1));
    expect(canvas.drawImage).toHaveBeenCalledWith(canvas.bitmap, 100, 0, 600, 600, 0, 0, 256, 256);
    expect(canvas.bitmap.close).toHaveBeenCalled();
    const [, init] = pictureUploads(fetchMock)[0] as [string, RequestInit];
    expect(init.headers).toEqual({ 'content-type': 'image/jpeg' });
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(canvas.jpeg);
    expect(within(section).getByRole('button', { name: 'Uploading the picture…' })).toBeDisabled();
    expect(within(section).getByRole('status')).toHaveTextContent('Uploading the picture…');

    answer.resolve({ body: userOf(profile({ profileImageUrl: '/objects/users/u1/k3j4' })) });
    await findToast('Profile picture updated');
    expect(within(section).getByRole('img', { name: 'Your profile picture' })).toHaveAttribute('src', '/objects/users/u1/k3j4');
    expect(headerUser(queryClient)?.profileImageUrl).toBe('/objects/users/u1/k3j4');
    expect(within(section).getByRole('button', { name: 'Change picture' })).toBeEnabled();
  });

  it('says in Hebrew when the server refuses the picture', async () => {
    withCanvas();
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/profile-picture': { status: 415, body: { code: 'photo_type_unsupported', message: 'Unsupported type' } },
    });
    renderPage('he');
    await screen.findByRole('region', { name: 'תמונת פרופיל' });
    await userEvent.setup().upload(screen.getByTestId('picture-input'), photo());
    const toast = await findToast('התמונה לא נשמרה');
    expect(toast).toHaveTextContent(heErrors.photo_type_unsupported);
    expect(toast.textContent).not.toMatch(/\b(Unsupported|type)\b/);
  });

  it('sends nothing when the file cannot be read as a picture, and says so', async () => {
    withCanvas({ unreadable: true });
    const fetchMock = mockAccount({ 'GET /api/user/profile': { body: profile() } });
    renderPage();
    await screen.findByRole('region', { name: 'Profile picture' });
    await userEvent.setup().upload(screen.getByTestId('picture-input'), photo());
    await findToast('This file could not be read as a picture. Choose a JPEG, PNG or WebP photo.');
    expect(pictureUploads(fetchMock)).toHaveLength(0);
  });

  it('removes the picture only after the confirmation, and shows the initial again', async () => {
    const withPicture = profile({ profileImageUrl: '/objects/users/u1/k3j4' });
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: withPicture },
      'DELETE /api/user/profile-picture': { body: userOf(profile()) },
    });
    const { queryClient } = renderPage();
    queryClient.setQueryData(authUserKey, userOf(withPicture));
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Profile picture' });
    await user.click(within(section).getByRole('button', { name: 'Remove picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the profile picture?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/user/profile-picture')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Remove picture' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove picture' }));
    await findToast('Profile picture removed');
    expect(requestsTo(fetchMock, 'DELETE /api/user/profile-picture')).toHaveLength(1);
    expect(within(section).getByRole('img', { name: 'No profile picture' })).toHaveTextContent('D');
    expect(headerUser(queryClient)?.profileImageUrl).toBeNull();
  });
});

describe('change password', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) => {
    const section = screen.getByRole('region', { name: 'Change password' });
    for (const [label, value] of [
      ['Current password', current],
      ['New password', next],
      ['Confirm the new password', confirm],
    ] as const) {
      const field = within(section).getByLabelText(new RegExp(`^${label}`));
      await user.clear(field);
      if (value) await user.type(field, value);
    }
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    return section;
  };

  it('checks every field before sending, each in its own words', async () => {
    const fetchMock = mockAccount({ 'GET /api/user/profile': { body: profile() } });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Change password' });
    let section = await fill(user, '', '', '');
    expect(within(section).getAllByText('Required field')).toHaveLength(3);
    expect(within(section).getByLabelText(/^Current password/)).toHaveFocus();

    section = await fill(user, 'old-secret1', '1234567', '1234567');
    expect(within(section).getByText('The password must have at least 8 characters')).toBeInTheDocument();
    expect(within(section).getByLabelText(/^New password/)).toHaveFocus();

    section = await fill(user, 'old-secret1', 'new-secret1', 'new-secret2');
    expect(within(section).getByText('The passwords do not match')).toBeInTheDocument();

    expect(within(section).getByLabelText(/^Confirm the new password/)).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT /api/user/password')).toHaveLength(0);
  });

  it('refuses the username as the new password without sending it', async () => {
    const fetchMock = mockAccount({ 'GET /api/user/profile': { body: profile({ username: 'dana.levi' }) } });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Change password' });
    const section = await fill(user, 'old-secret1', 'Dana.Levi', 'Dana.Levi');
    expect(within(section).getByText('The password may not be your username')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/user/password')).toHaveLength(0);
  });

  it('sends once however often it is clicked, then clears the form and fetches the sessions again', async () => {
    const answer = deferred<{ body: unknown }>();
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/password': () => answer.promise,
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findAllByTestId('session');
    const section = await fill(user, 'old-secret1', 'new-secret1', 'new-secret1');
    const busy = within(section).getByRole('button', { name: 'Changing…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(requestsTo(fetchMock, 'PUT /api/user/password')).toEqual([
      { currentPassword: 'old-secret1', newPassword: 'new-secret1', confirmPassword: 'new-secret1' },
    ]);
    answer.resolve({ body: userOf(profile()) });
    await findToast('Password changed. You were signed out on your other devices.');
    for (const label of [/^Current password/, /^New password/, /^Confirm the new password/]) {
      expect(within(section).getByLabelText(label)).toHaveValue('');
    }
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/user/sessions')).toHaveLength(2));
  });

  it('puts a wrong current password beside its field, in Hebrew, and keeps what was typed', async () => {
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'PUT /api/user/password': { status: 400, body: { code: 'current_password_wrong', message: 'Current password is wrong' } },
    });
    renderPage('he');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'שינוי סיסמה' });
    await user.type(within(section).getByLabelText(/^סיסמה נוכחית/), 'wrong-one1');
    await user.type(within(section).getByLabelText(/^סיסמה חדשה/), 'new-secret1');
    await user.type(within(section).getByLabelText(/^אימות הסיסמה החדשה/), 'new-secret1');
    await user.click(within(section).getByRole('button', { name: 'שינוי סיסמה' }));
    const current = within(section).getByLabelText(/^סיסמה נוכחית/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription(heErrors.current_password_wrong);
    expect(current).toHaveFocus();
    expect(within(section).getByLabelText(/^סיסמה חדשה/)).toHaveValue('new-secret1');
    const toast = await findToast('הסיסמה לא שונתה');
    expect(toast.textContent).not.toMatch(latinWords);
  });
});

const phone = session({
  id: 'a7c9e2d0-0000-4000-8000-000000000002',
  current: false,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
});
const laptop = session({
  id: 'a7c9e2d0-0000-4000-8000-000000000003',
  current: false,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
});

describe('your sessions', () => {
  it('lists each device by name with its times in the project time zone, this one marked and without a sign-out', async () => {
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'GET /api/user/sessions': { body: { sessions: [session(), phone, { ...laptop, userAgent: null }] } },
    });
    renderPage();
    const rows = await screen.findAllByTestId('session');
    expect(rows.map((r) => r.querySelector('bdi')?.textContent)).toEqual(['Chrome on macOS', 'Chrome on Android', 'Unknown device']);
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[1]).not.toHaveTextContent('This device');
    // 06:30 and 21:15 UTC in November are 08:30 and 23:15 in Israel.
    expect(rows[0]).toHaveTextContent(/Signed in: Nov 20, 2026, 8:30\sAM/);
    expect(rows[0]).toHaveTextContent(/Last activity: Nov 23, 2026, 11:15\sPM/);
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Sign out Chrome on Android' })).toBeInTheDocument();
  });

  it('signs out one other device and fetches the list again', async () => {
    let sessions = [session(), phone, laptop];
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'GET /api/user/sessions': () => ({ body: { sessions } }),
      [`DELETE /api/user/sessions/${phone.id}`]: () => {
        sessions = [session(), laptop];
        return { body: { ended: 1 } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    await findToast('The session was signed out');
    expect(requestsTo(fetchMock, `DELETE /api/user/sessions/${phone.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Sign out Chrome on Android' })).toBeNull();
  });

  it('signs out all the others only after the confirmation, says how many, and then says none is left', async () => {
    let sessions = [session(), phone, laptop];
    const fetchMock = mockAccount({
      'GET /api/user/profile': { body: profile() },
      'GET /api/user/sessions': () => ({ body: { sessions } }),
      'DELETE /api/user/sessions': () => {
        sessions = [session()];
        return { body: { ended: 2 } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/user/sessions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out the others' }));
    await findToast('Sessions signed out: 2');
    expect(requestsTo(fetchMock, 'DELETE /api/user/sessions')).toHaveLength(1);
    expect(await screen.findByText('You are not signed in on any other device.')).toBeInTheDocument();
    expect(screen.getAllByTestId('session')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it('words a refused sign-out in Hebrew', async () => {
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'GET /api/user/sessions': { body: { sessions: [session(), phone] } },
      [`DELETE /api/user/sessions/${phone.id}`]: { status: 404, body: { code: 'session_not_found', message: 'Session not found' } },
    });
    renderPage('he');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'ניתוק Chrome ב-Android' }));
    const toast = await findToast('הניתוק נכשל');
    expect(toast).toHaveTextContent(heErrors.session_not_found);
  });

  it('says "שגיאה בטעינת החיבורים שלך" when the list fails, and retries it', async () => {
    let fail = true;
    mockAccount({
      'GET /api/user/profile': { body: profile() },
      'GET /api/user/sessions': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: { sessions: [session()] } }),
    });
    renderPage('he');
    const section = await screen.findByRole('region', { name: 'החיבורים שלך' });
    expect(await within(section).findByText('שגיאה בטעינת החיבורים שלך')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'נסו שוב' }));
    expect(await within(section).findByText('המכשיר הזה')).toBeInTheDocument();
  });
});

describe('own account accessibility', () => {
  it('has no serious or critical violations in Hebrew, on the page and in the details dialog', async () => {
    mockAccount({
      'GET /api/user/profile': { body: profile({ profileImageUrl: '/objects/users/u1/k3j4' }) },
      'GET /api/user/sessions': { body: { sessions: [session(), phone] } },
    });
    renderPage('he');
    // jsdom cannot compute colours; contrast is checked in the browser suite.
    const serious = async () => {
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    };
    await screen.findAllByTestId('session');
    expect(await serious()).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'עריכת פרטים' }));
    await screen.findByRole('dialog');
    expect(await serious()).toEqual([]);
  });
});
