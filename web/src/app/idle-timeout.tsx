import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n-react.tsx';
import { IDLE_PROMPT_MINUTES, SESSION_IDLE_MINUTES } from '../../../contract/constants.ts';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { toast } from '../components/ui/toast.ts';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n.ts';

export const IDLE_EXEMPT_PATHS = ['/login', '/register', '/qr-scan', '/cleaning-tasks'];
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'keydown', 'scroll', 'touchstart', 'click'] as const;
export const PROMPT_MS = IDLE_PROMPT_MINUTES * 60_000;
export const LOGOUT_MS = SESSION_IDLE_MINUTES * 60_000;

/**
 * Clears local and session storage (spec §9), keeping the chosen language and what a worker's page
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
export function IdleTimeout({ enabled, onLogout, navigate }: { enabled: boolean; onLogout: () => Promise<unknown> | void; navigate: (to: string) => void }) {
  const { t } = useTranslation('common');
  const [prompting, setPrompting] = useState(false);
  const promptTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const logoutTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const promptingRef = useRef(false);

  const clearTimers = () => {
    clearTimeout(promptTimer.current);
    clearTimeout(logoutTimer.current);
  };

  const expire = useCallback(async () => {
    clearTimers();
    setPrompting(false);
    promptingRef.current = false;
    clearStorage();
    await onLogout();
    toast({ title: t('idle.loggedOutTitle'), description: t('idle.loggedOut'), variant: 'destructive' });
    setTimeout(() => navigate('/login?reason=timeout'), 2000);
  }, [navigate, onLogout, t]);

  const arm = useCallback(() => {
    clearTimers();
    promptTimer.current = setTimeout(() => {
      promptingRef.current = true;
      setPrompting(true);
    }, PROMPT_MS);
    logoutTimer.current = setTimeout(() => void expire(), LOGOUT_MS);
  }, [expire]);

  useEffect(() => {
    if (!enabled) {
      clearTimers();
      return;
    }
    arm();
    // Activity resets the timer until the prompt shows; then only "continue" does.
    const onActivity = () => {
      if (!promptingRef.current) arm();
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    return () => {
      clearTimers();
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity));
    };
  }, [enabled, arm]);

  const stay = () => {
    promptingRef.current = false;
    setPrompting(false);
    arm();
  };

  return (
    <Dialog open={enabled && prompting} onOpenChange={(open) => !open && stay()} title={t('idle.promptTitle')} description={t('idle.prompt')}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void expire()}>
          {t('actions.logout')}
        </Button>
        <Button onClick={stay} autoFocus>
          {t('idle.continue')}
        </Button>
      </div>
    </Dialog>
  );
}
