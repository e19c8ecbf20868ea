import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { IDLE_PROMPT_MINUTES, SESSION_IDLE_MINUTES } from '#contract/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { LANGUAGE_STORAGE_KEY } from '#web/lib/stored-language.ts';
import { useInactivity } from '#web/lib/use-inactivity.ts';

export const IDLE_EXEMPT_PATHS = ['/login', '/register', '/qr-scan', '/cleaning-tasks'];
export const PROMPT_MS = IDLE_PROMPT_MINUTES * 60_000;
export const LOGOUT_MS = SESSION_IDLE_MINUTES * 60_000;

/**
 * Clears local and session storage (docs/product.md, "Inactivity"), keeping the chosen language and what a worker's page
 * keeps on this phone (the outbox of writes waiting for signal, uploaded photos): a foreman's phone
 * may serve both roles, and those writes were promised to arrive.
 */
export function clearStorage() {
  try {
    const keep = Object.keys(localStorage)
      .filter((k) => k === LANGUAGE_STORAGE_KEY || k.startsWith('shalav.worker') || k.startsWith('shalav.photo'))
      .map((k) => [k, localStorage.getItem(k)!] as const);
    localStorage.clear();
    sessionStorage.clear();
    for (const [k, v] of keep) localStorage.setItem(k, v);
  } catch {
    /* storage unavailable */
  }
}

/**
 * The signed-in app's idle time-out: a prompt at 115 minutes, logout at 120. The server enforces
 * the same limit on the session; this is the courteous half.
 */
export function IdleTimeout({
  enabled,
  onLogout,
  navigate,
}: {
  enabled: boolean;
  onLogout: () => Promise<unknown> | void;
  navigate: (to: string) => void;
}) {
  const { t } = useTranslation('common');
  const idle = useInactivity({ totalMs: LOGOUT_MS, warnBeforeMs: LOGOUT_MS - PROMPT_MS, enabled });
  // The ref guards against a second logout (button, then the deadline); the state closes the prompt.
  const loggingOut = useRef(false);
  const [loggedOut, setLoggedOut] = useState(false);

  const expire = useCallback(async () => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    setLoggedOut(true);
    clearStorage();
    await onLogout();
    toast({ title: t('idle.loggedOutTitle'), description: t('idle.loggedOut'), variant: 'destructive' });
    setTimeout(() => navigate('/login?reason=timeout'), 2000);
  }, [navigate, onLogout, t]);

  useEffect(() => {
    if (idle.expired) void expire();
  }, [idle.expired, expire]);
  useEffect(() => {
    // Signed in again (or back on a page that counts): the next time-out may log out again.
    if (!enabled) return;
    loggingOut.current = false;
    setLoggedOut(false);
  }, [enabled]);

  return (
    <Dialog
      open={idle.warning && !loggedOut}
      onOpenChange={(open) => !open && idle.extend()}
      title={t('idle.promptTitle')}
      description={t('idle.prompt')}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void expire()}>
          {t('actions.logout')}
        </Button>
        <Button onClick={idle.extend} autoFocus>
          {t('idle.continue')}
        </Button>
      </div>
    </Dialog>
  );
}
