import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nProvider } from '#web/lib/i18n-react.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#web/locales/en/common.json';
import { IdleTimeout, LOGOUT_MS, PROMPT_MS } from './idle-timeout.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { common: en } } });
});

function setup(enabled = true) {
  const onLogout = vi.fn(async () => undefined);
  const navigate = vi.fn();
  const view = render(
    <I18nProvider i18n={i18n}>
      <IdleTimeout enabled={enabled} onLogout={onLogout} navigate={navigate} />
    </I18nProvider>,
  );
  return { onLogout, navigate, ...view };
}

describe('signed-in idle time-out', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('asks at 115 minutes and logs out at 120, clearing storage and going to /login?reason=timeout after 2 s', async () => {
    localStorage.setItem('draft', 'x');
    localStorage.setItem('shalav.worker-outbox', '[{"key":"k1"}]');
    sessionStorage.setItem('draft', 'y');
    const { onLogout, navigate } = setup();
    act(() => void vi.advanceTimersByTime(PROMPT_MS - 1000));
    expect(screen.queryByText(en.idle.promptTitle)).toBeNull();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText(en.idle.promptTitle)).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(LOGOUT_MS - PROMPT_MS));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('draft')).toBeNull();
    expect(localStorage.getItem('shalav.worker-outbox')).toBe('[{"key":"k1"}]'); // promised writes stay
    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(2000));
    expect(navigate).toHaveBeenCalledWith('/login?reason=timeout');
  });

  it('restarts the count on activity before the prompt', () => {
    const { onLogout } = setup();
    act(() => void vi.advanceTimersByTime(PROMPT_MS - 60_000));
    act(() => void window.dispatchEvent(new Event('keydown')));
    act(() => void vi.advanceTimersByTime(PROMPT_MS - 60_000));
    expect(screen.queryByText(en.idle.promptTitle)).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('"continue working" resets the timer; mere activity while the prompt shows does not', async () => {
    const { onLogout } = setup();
    act(() => void vi.advanceTimersByTime(PROMPT_MS));
    act(() => void window.dispatchEvent(new Event('mousemove')));
    act(() => screen.getByRole('button', { name: en.idle.continue }).click());
    expect(screen.queryByText(en.idle.promptTitle)).toBeNull();
    await act(async () => void vi.advanceTimersByTime(LOGOUT_MS - 1000));
    expect(onLogout).not.toHaveBeenCalled();
    expect(screen.getByText(en.idle.promptTitle)).toBeInTheDocument();
  });

  it('does nothing on exempt paths (disabled)', async () => {
    const { onLogout } = setup(false);
    await act(async () => void vi.advanceTimersByTime(LOGOUT_MS + 5000));
    expect(onLogout).not.toHaveBeenCalled();
  });
});
