import { useCallback, useEffect, useRef, useState } from 'react';

const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'scroll', 'touchstart', 'click'] as const;
/** Before the warning the count is refreshed once a minute; during it, once a second (a countdown). */
const COARSE_TICK_MS = 60_000;
const FINE_TICK_MS = 1_000;

export interface InactivityOptions {
  /** Time without activity until `expired` (e.g. WORKER_IDLE_MINUTES * 60_000). */
  totalMs: number;
  /** How long before expiry `warning` turns on (e.g. WORKER_WARNING_MINUTES * 60_000). */
  warnBeforeMs: number;
  /** Off: no timers, no listeners, and the state is reset. Default true. */
  enabled?: boolean;
}

export interface InactivityState {
  /** Time left; exact to the second during the warning, to the minute before it. */
  remainingMs: number;
  /** The last `warnBeforeMs`: activity no longer counts, only `extend()` does. */
  warning: boolean;
  /** The time ran out. Stays true until `extend()` (which also serves as "restart"). */
  expired: boolean;
  /** Starts the full time again and clears `warning` and `expired`. */
  extend: () => void;
}

/**
 * The worker pages' inactivity time-out (spec §9): any mouse, key, scroll, touch or click activity
 * restarts the count until the warning shows; from then on only `extend()` does. The deadline is a
 * wall-clock time, so a phone that slept through its timers still expires as soon as it wakes.
 */
export function useInactivity({ totalMs, warnBeforeMs, enabled = true }: InactivityOptions): InactivityState {
  const [remainingMs, setRemainingMs] = useState(totalMs);
  const [warning, setWarning] = useState(false);
  const [expired, setExpired] = useState(false);
  const deadline = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The listeners read these without re-subscribing on every change.
  const warningRef = useRef(false);
  const expiredRef = useRef(false);

  const tick = useCallback(() => {
    clearTimeout(timer.current);
    const remaining = deadline.current - Date.now();
    if (remaining <= 0) {
      warningRef.current = false;
      expiredRef.current = true;
      setRemainingMs(0);
      setWarning(false);
      setExpired(true);
      return;
    }
    const inWarning = remaining <= warnBeforeMs;
    warningRef.current = inWarning;
    setWarning(inWarning);
    setRemainingMs(inWarning ? remaining : Math.min(totalMs, remaining));
    const untilWarning = remaining - warnBeforeMs;
    const next = inWarning ? Math.min(remaining, FINE_TICK_MS) : Math.min(untilWarning, COARSE_TICK_MS);
    timer.current = setTimeout(tick, next);
  }, [totalMs, warnBeforeMs]);

  const restart = useCallback(() => {
    deadline.current = Date.now() + totalMs;
    expiredRef.current = false;
    setExpired(false);
    tick();
  }, [tick, totalMs]);

  useEffect(() => {
    if (!enabled) {
      clearTimeout(timer.current);
      warningRef.current = false;
      expiredRef.current = false;
      setWarning(false);
      setExpired(false);
      setRemainingMs(totalMs);
      return;
    }
    restart();
    const onActivity = () => {
      if (warningRef.current || expiredRef.current) return;
      // Only move the deadline: the scheduled tick reads it, so a stream of mousemove events
      // costs no timer churn and no re-render.
      deadline.current = Date.now() + totalMs;
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !expiredRef.current) tick();
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true, capture: true }));
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer.current);
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity, { capture: true }));
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, restart, tick, totalMs]);

  const extend = useCallback(() => {
    if (enabled) restart();
  }, [enabled, restart]);

  return { remainingMs, warning, expired, extend };
}
