import { useSyncExternalStore } from 'react';
import { Button } from './ui/button.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import {
  INSTALL_OFFERED_KEY,
  installPromptEvent,
  installSettled,
  subscribeInstallPrompt,
  takeInstallPrompt,
} from '#web/lib/install-prompt.ts';
import { onOutboxResult } from '#web/lib/outbox.ts';

/**
 * The offer to add the worker app to the home screen (docs/decisions/022-offline-worker-app.md
 * "Install"): after the first stage completed on this phone — when the worker has seen what the app
 * is for — once, and never when it already runs installed. Android hands the browser's own dialog;
 * iOS has none, so it gets a hint (Share → Add to Home Screen).
 */

const STAGE_DONE_KEY = 'shalav.install.stageDone';
const stateListeners = new Set<() => void>();
const notify = () => stateListeners.forEach((l) => l());

function remember(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    /* storage unavailable: offered again next time, no harm */
  }
  notify();
}
function recalled(key: string) {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** iPhone or iPad (an iPad says "Macintosh" but has a touch screen). */
const isIos = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

type InstallWay = 'prompt' | 'ios';

function installWay(): InstallWay | null {
  if (installSettled() || !recalled(STAGE_DONE_KEY)) return null;
  if (installPromptEvent()) return 'prompt';
  return isIos() ? 'ios' : null;
}

function subscribeInstall(listener: () => void): () => void {
  stateListeners.add(listener);
  const stopPrompt = subscribeInstallPrompt(listener);
  const stopOutbox = onOutboxResult((result) => {
    if (result.ok && result.entry.kind === 'complete' && !recalled(STAGE_DONE_KEY)) remember(STAGE_DONE_KEY);
  });
  return () => {
    stateListeners.delete(listener);
    stopPrompt();
    stopOutbox();
  };
}

const settle = () => remember(INSTALL_OFFERED_KEY);

/** The browser's own install dialog; the offer is settled whatever the answer. */
async function install() {
  const event = takeInstallPrompt();
  settle();
  if (!event) return;
  await event.prompt();
  await event.userChoice;
}

export function InstallOffer() {
  const { t } = useTranslation('common');
  const way = useSyncExternalStore(subscribeInstall, installWay);
  if (!way) return null;
  return (
    <section
      aria-labelledby="install-offer-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
    >
      <h2 id="install-offer-title" className="text-base font-semibold text-slate-900">
        {way === 'ios' ? t('install.iosTitle') : t('install.offerTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{way === 'ios' ? t('install.iosText') : t('install.offerText')}</p>
      <div className="mt-3 flex justify-end gap-2">
        {way === 'prompt' ? (
          <>
            <Button variant="ghost" className="min-h-12" onClick={settle}>
              {t('install.later')}
            </Button>
            <Button className="min-h-12" onClick={() => void install()}>
              {t('install.install')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" className="min-h-12" onClick={settle}>
            {t('install.close')}
          </Button>
        )}
      </div>
    </section>
  );
}
