import { onOutboxResult } from './outbox.ts';

/**
 * Installing the worker app (docs/decisions/022-offline-worker-app.md "Install"): offered once, after
 * the first stage completed on this phone — when the worker has seen what the app is for — and never
 * when it already runs installed. Android hands the browser's own prompt (beforeinstallprompt); iOS
 * has none, so it gets a hint (Share → Add to Home Screen).
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const STAGE_DONE_KEY = 'shalav.install.stageDone';
const OFFERED_KEY = 'shalav.install.offered';

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function remember(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    /* storage unavailable: offered again next time, no harm */
  }
}
function recalled(key: string) {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** iPhone or iPad (an iPad says "Macintosh" but has a touch screen). */
export function isIos(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}

/** Keeps the browser's install prompt for later (it comes early, before anything was done). */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    remember(OFFERED_KEY);
    notify();
  });
}

/** Nothing left to offer on this phone: installed, or offered already. */
export const installSettled = () => isStandalone() || recalled(OFFERED_KEY);

export type InstallWay = 'prompt' | 'ios';

/** How to offer installing now, or null when not (yet): no stage completed, offered, installed, no way. */
export function installWay(): InstallWay | null {
  if (installSettled() || !recalled(STAGE_DONE_KEY)) return null;
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : null;
}

/** Calls `listener` whenever installWay() may have changed; the first completed stage is remembered. */
export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  const stopOutbox = onOutboxResult((result) => {
    if (result.ok && result.entry.kind === 'complete' && !recalled(STAGE_DONE_KEY)) {
      remember(STAGE_DONE_KEY);
      notify();
    }
  });
  return () => {
    listeners.delete(listener);
    stopOutbox();
  };
}

/** The worker answered the offer (either way): it is not shown again. */
export function settleInstallOffer() {
  remember(OFFERED_KEY);
  notify();
}

/** Shows the browser's own install dialog (Android); the offer is settled whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  deferred = null;
  settleInstallOffer();
  if (!event) return;
  await event.prompt();
  await event.userChoice;
}

/** Tests only: forget the browser's prompt. */
export function resetInstallPromptForTests() {
  deferred = null;
}
