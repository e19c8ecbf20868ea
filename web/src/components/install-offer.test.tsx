import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '#web/lib/i18n-react.tsx';
import { captureInstallPrompt, resetInstallPromptForTests } from '#web/lib/install-prompt.ts';
import { enqueue, resetOutboxForTests, type OutboxKind } from '#web/lib/outbox.ts';
import en from '#web/locales/en/common.json';
import { InstallOffer } from './install-offer.tsx';

const i18n = i18next.createInstance();
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { common: en } } });
  captureInstallPrompt();
});

const setUserAgent = (ua: string) => Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
const setStandalone = (standalone: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }));

/** The browser offers installing (Chrome on Android): the event the page keeps for later. */
function browserOffersInstall() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => void window.dispatchEvent(event));
  return prompt;
}

/** A write of the worker's goes through the outbox and the server answers `status`. */
async function send(kind: OutboxKind, status = 200) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(status === 200 ? '{}' : '{"code":"validation_error","message":"no"}', { status })),
  );
  await act(async () => {
    await enqueue({ kind, method: 'POST', url: '/api/x', body: {}, roomId: 'u1' });
  });
}

const renderOffer = () =>
  render(
    <I18nProvider i18n={i18n}>
      <InstallOffer />
    </I18nProvider>,
  );

describe('the install offer', () => {
  beforeEach(() => {
    localStorage.clear();
    resetOutboxForTests();
    resetInstallPromptForTests();
    setUserAgent(ANDROID);
    setStandalone(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('appears after the first completed stage, not before, and opens the browser install dialog', async () => {
    renderOffer();
    const prompt = browserOffersInstall();
    expect(screen.queryByRole('region', { name: en.install.offerTitle })).toBeNull();
    await send('shortage');
    await send('complete', 422);
    expect(screen.queryByRole('region', { name: en.install.offerTitle })).toBeNull();

    await send('complete');
    expect(screen.getByRole('region', { name: en.install.offerTitle })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: en.install.install }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: en.install.offerTitle })).toBeNull();
  });

  it('is not shown when the app already runs installed', async () => {
    setStandalone(true);
    renderOffer();
    browserOffersInstall();
    await send('complete');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is not shown again once dismissed, on a later page load either', async () => {
    const first = renderOffer();
    browserOffersInstall();
    await send('complete');
    fireEvent.click(screen.getByRole('button', { name: en.install.later }));
    expect(screen.queryByRole('region')).toBeNull();
    first.unmount();

    renderOffer();
    browserOffersInstall();
    await send('complete');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('on an iPhone, shows how to add it to the home screen, once', async () => {
    setUserAgent(IPHONE);
    renderOffer();
    await send('complete');
    expect(screen.getByRole('region', { name: en.install.iosTitle })).toHaveTextContent(en.install.iosText);
    fireEvent.click(screen.getByRole('button', { name: en.install.close }));
    expect(screen.queryByRole('region')).toBeNull();
    await send('complete');
    expect(screen.queryByRole('region')).toBeNull();
  });
});
