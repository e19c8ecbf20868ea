/**
 * The browser's install prompt (docs/decisions/022-offline-worker-app.md "Install"), kept from the
 * first moment of the page: Chrome on Android fires beforeinstallprompt early, long before the
 * offer is shown (web/src/components/install-offer.tsx, after the first completed stage). Only
 * what must run with the page is here; the offer's own logic arrives with the offer.
 */

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_OFFERED_KEY = 'shalav.install.offered';

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/** The kept prompt, if the browser offered one (and it was not used yet). */
export const installPromptEvent = () => deferred;

/** Hands the kept prompt over (it can be shown once). */
export function takeInstallPrompt(): BeforeInstallPromptEvent | null {
  const event = deferred;
  deferred = null;
  return event;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    listeners.forEach((l) => l());
  });
}

export const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/** Nothing left to offer on this phone: running installed, or offered already. */
export function installSettled(): boolean {
  try {
    return isStandalone() || localStorage.getItem(INSTALL_OFFERED_KEY) === '1';
  } catch {
    return isStandalone();
  }
}

/** Tests only: forget the browser's prompt. */
export function resetInstallPromptForTests() {
  deferred = null;
}
