import { useCallback, useEffect, useRef, useState } from 'react';
import { WORKER_IDLE_MINUTES, WORKER_WARNING_MINUTES } from '#contract/constants.ts';

/**
 * What counts as activity, for every inactivity time-out of the web app (the signed-in session,
 * the scheduling form, the worker pages). One list, so no screen forgets a kind of input.
 */
export const ACTIVITY_EVENTS = ['pointerdown', 'mousedown', 'mousemove', 'keydown', 'input', 'scroll', 'touchstart', 'click'] as const;
/** Before the warning the count is refreshed once a minute; during it, once a second (a countdown). */
const COARSE_TICK_MS = 60_000;
const FINE_TICK_MS = 1_000;

/** A form's time-out (docs/product.md, "Inactivity"): 30 minutes, warned 5 minutes before. */
export const FORM_IDLE = { totalMs: WORKER_IDLE_MINUTES * 60_000, warnBeforeMs: WORKER_WARNING_MINUTES * 60_000 };
/** The countdown turns red in its last 60 seconds. */
export const URGENT_BELOW_MS = 60_000;

/** m:ss, rounded up so the count never shows 0:00 before the time is up. */
export function formatCountdown(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export interface InactivityOptions {
  /** Time without activity until `expired` (e.g. FORM_IDLE.totalMs). */
  totalMs: number;
  /** How long before expiry `warning` turns on. */
  warnBeforeMs: number;
  /** Off: no timers, no listeners, and the state is reset. Default true. */
  enabled?: boolean;
}

export interface InactivityState {
  /** Time left; exact to the second during the warning, to the minute before it. */
  remainingMs: number;
  /** The last `warnBeforeMs`: activity no longer counts, only `extend()` does. */
  warning: boolean;
  /** The time ran out. Stays true until `restart()`; activity and `extend()` do nothing then. */
  expired: boolean;
  /** Starts the full time again and clears `warning`; does nothing once expired. */
  extend: () => void;
  /** Starts the full time again from any state, expired included ("start over"). */
  restart: () => void;
}

/**
 * The web app's one inactivity time-out: any activity (ACTIVITY_EVENTS) restarts the count until
 * the warning shows; from then on only `extend()` does, so a stray scroll cannot dismiss a warning
 * nobody read. The deadline is a wall-clock time, so a phone that slept through its timers still
 * expires as soon as it wakes.
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

  const start = useCallback(() => {
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
    start();
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
  }, [enabled, start, tick, totalMs]);

  const extend = useCallback(() => {
    if (enabled && !expiredRef.current) start();
  }, [enabled, start]);
  const restart = useCallback(() => {
    if (enabled) start();
  }, [enabled, start]);

  return { remainingMs, warning, expired, extend, restart };
}
