import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, renderWithProviders } from '#web/test/render.tsx';
import { TemporaryPasswordDialog } from './temporary-password-dialog.tsx';

const result = { username: 'avi', temporaryPassword: 'Kx7pq2M9wzTb' };
const setClipboard = (clipboard: unknown) => Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
const setExecCommand = (fn: unknown) => Object.defineProperty(document, 'execCommand', { value: fn, configurable: true });

describe('TemporaryPasswordDialog', () => {
  afterEach(() => {
    setClipboard(undefined);
    setExecCommand(undefined);
  });

  it('isolates the name and shows the username and password left to right, even in Hebrew', () => {
    renderWithProviders(<TemporaryPasswordDialog result={result} name="אבי כהן" onClose={() => {}} />, { language: 'he' });
    const dialog = screen.getByRole('dialog', { name: 'נקבעה סיסמה זמנית' });
    expect(screen.getByText('אבי כהן').tagName).toBe('BDI');
    expect(screen.getByTestId('temporary-password')).toHaveAttribute('dir', 'ltr');
    expect(dialog).toHaveTextContent('החשבון נותק מכל המכשירים');
  });

  it('copies with the older copy command on the selected password where the Clipboard API is missing', async () => {
    const u = userEvent.setup(); // user-event puts a clipboard of its own on navigator: replace it after
    setClipboard(undefined);
    const execCommand = vi.fn(() => true);
    setExecCommand(execCommand);
    renderWithProviders(<TemporaryPasswordDialog result={result} name="Avi" onClose={() => {}} />);
    await u.click(screen.getByRole('button', { name: 'Copy' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(window.getSelection()?.toString()).toBe('Kx7pq2M9wzTb');
    await findToast('The temporary password was copied');
  });

  it('says to copy by hand, with the password selected, when the page may not copy at all', async () => {
    const u = userEvent.setup();
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    setExecCommand(() => false);
    renderWithProviders(<TemporaryPasswordDialog result={result} name="Avi" onClose={() => {}} />);
    await u.click(screen.getByRole('button', { name: 'Copy' }));
    await findToast('Could not copy. Select the password and copy it yourself.');
    expect(window.getSelection()?.toString()).toBe('Kx7pq2M9wzTb');
  });

  it('closes only with Done: Escape and a click outside keep the password on screen', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TemporaryPasswordDialog result={result} name="Avi" onClose={onClose} />);
    const u = userEvent.setup();
    await u.keyboard('{Escape}');
    // The overlay makes the page inert to user-event's pointer; the press outside is sent directly.
    fireEvent.pointerDown(document.body);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
