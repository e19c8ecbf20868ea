import { useCallback, useEffect, useRef, useState } from 'react';

export const SCHEDULING_IDLE_MS = 30 * 60_000;
export const SCHEDULING_WARNING_MS = 5 * 60_000;

export type InactivityPhase = 'active' | 'warning' | 'expired';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'scroll', 'touchstart'] as const;

/**
 * The scheduling form's inactivity timer (spec §4, §9): after `timeoutMs` without activity the
 * form closes; `warningMs` before that a warning asks whether to extend. Activity re-arms the timer
 * only while no warning shows — once it does, only `extend()` keeps the form open, so a stray
 * scroll cannot silently dismiss a warning the user never read.
 */
export function useInactivityTimer({ enabled = true, timeoutMs = SCHEDULING_IDLE_MS, warningMs = SCHEDULING_WARNING_MS } = {}) {
  const [phase, setPhase] = useState<InactivityPhase>('active');
  const phaseRef = useRef<InactivityPhase>('active');
  const warnTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const expireTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const setBoth = (p: InactivityPhase) => {
    phaseRef.current = p;
    setPhase(p);
  };

  const clear = () => {
    clearTimeout(warnTimer.current);
    clearTimeout(expireTimer.current);
  };

  const arm = useCallback(() => {
    clear();
    warnTimer.current = setTimeout(() => setBoth('warning'), Math.max(0, timeoutMs - warningMs));
    expireTimer.current = setTimeout(() => {
      clear();
      setBoth('expired');
    }, timeoutMs);
  }, [timeoutMs, warningMs]);

  useEffect(() => {
    if (!enabled || phaseRef.current === 'expired') {
      clear();
      return;
    }
    arm();
    const onActivity = () => {
      if (phaseRef.current === 'active') arm();
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true, capture: true }));
    return () => {
      clear();
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity, { capture: true }));
    };
  }, [enabled, arm]);

  /** Keeps the form open for another full period. Does nothing once it has closed. */
  const extend = useCallback(() => {
    if (phaseRef.current === 'expired') return;
    setBoth('active');
    arm();
  }, [arm]);

  return { phase, extend };
}
