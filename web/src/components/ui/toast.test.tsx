import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nProvider } from '#web/lib/i18n-react.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#web/locales/en/common.json';
import he from '#web/locales/he/common.json';
import { dismissToast, toast } from './toast.ts';
import { Toaster, swipeDirectionFor } from './toaster.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { common: en }, he: { common: he } } });
});

const renderToaster = () =>
  render(
    <I18nProvider i18n={i18n}>
      <Toaster />
    </I18nProvider>,
  );

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the visible one', () => {
    renderToaster();
    act(() => toast({ title: 'First' }));
    act(() => toast({ title: 'Second', variant: 'destructive' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('disappears after 5 seconds', () => {
    renderToaster();
    act(() => toast({ title: 'Saved' }));
    act(() => void vi.advanceTimersByTime(4900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(400));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('F8 moves focus to the notification region', () => {
    renderToaster();
    act(() => toast({ title: 'Hello' }));
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region');
    expect(region.contains(document.activeElement) || region === document.activeElement).toBe(true);
  });

  it('swipes away in the reading direction: left in Hebrew and Arabic, right otherwise', () => {
    expect(swipeDirectionFor('he')).toBe('left');
    expect(swipeDirectionFor('ar')).toBe('left');
    expect(swipeDirectionFor('en')).toBe('right');
    expect(swipeDirectionFor('am')).toBe('right');
  });
});
