import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, formatCountdown, useInactivity } from './use-inactivity.ts';

const MIN = 60_000;
const TOTAL = 30 * MIN;
const WARN = 5 * MIN;

function setup(enabled = true) {
  return renderHook((props: { enabled: boolean }) => useInactivity({ totalMs: TOTAL, warnBeforeMs: WARN, enabled: props.enabled }), {
    initialProps: { enabled },
  });
}
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const fire = (type: string) => act(() => void window.dispatchEvent(new Event(type)));

describe('useInactivity', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('warns 5 minutes before the end and expires after 30 minutes without activity', () => {
    const { result } = setup();
    advance(25 * MIN - 1000);
    expect(result.current.warning).toBe(false);
    expect(result.current.expired).toBe(false);
    advance(1000);
    expect(result.current.warning).toBe(true);
    expect(result.current.remainingMs).toBe(5 * MIN);
    advance(60_000);
    expect(result.current.remainingMs).toBe(4 * MIN);
    advance(4 * MIN - 1000);
    expect(result.current.expired).toBe(false);
    advance(1000);
    expect(result.current.expired).toBe(true);
    expect(result.current.warning).toBe(false);
    expect(result.current.remainingMs).toBe(0);
  });

  it.each([...ACTIVITY_EVENTS])('restarts the count on %s before the warning', (type) => {
    const { result } = setup();
    advance(20 * MIN);
    fire(type);
    advance(20 * MIN);
    expect(result.current.warning).toBe(false);
    advance(5 * MIN);
    expect(result.current.warning).toBe(true);
  });

  it('ignores activity once the warning shows; only extend() restarts the count', () => {
    const { result } = setup();
    advance(26 * MIN);
    expect(result.current.warning).toBe(true);
    fire('touchstart');
    fire('keydown');
    advance(4 * MIN);
    expect(result.current.expired).toBe(true);

    act(() => result.current.restart());
    expect(result.current.expired).toBe(false);
    expect(result.current.warning).toBe(false);
    advance(26 * MIN);
    act(() => result.current.extend());
    expect(result.current.warning).toBe(false);
    advance(29 * MIN);
    expect(result.current.expired).toBe(false);
    advance(MIN);
    expect(result.current.expired).toBe(true);
  });

  it('stays expired: extend() and activity do nothing once the time ran out, restart() starts over', () => {
    const { result } = setup();
    advance(30 * MIN);
    expect(result.current.expired).toBe(true);
    act(() => result.current.extend());
    fire('pointerdown');
    advance(60 * MIN);
    expect(result.current.expired).toBe(true);
    act(() => result.current.restart());
    expect(result.current.expired).toBe(false);
    expect(result.current.remainingMs).toBe(TOTAL);
  });

  it('counts to the millisecond at the edges: warning at 25 min, expiry at 30', () => {
    const { result } = setup();
    advance(25 * MIN - 1);
    expect(result.current.warning).toBe(false);
    advance(1);
    expect(result.current.warning).toBe(true);
    advance(5 * MIN - 1);
    expect(result.current.expired).toBe(false);
    advance(1);
    expect(result.current.expired).toBe(true);
  });

  it('extend() during the warning restarts the full 30 minutes', () => {
    const { result } = setup();
    advance(27 * MIN);
    act(() => result.current.extend());
    expect(result.current.warning).toBe(false);
    advance(25 * MIN - 1);
    expect(result.current.warning).toBe(false);
    advance(1);
    expect(result.current.warning).toBe(true);
    advance(5 * MIN);
    expect(result.current.expired).toBe(true);
  });

  it('expires at once when a sleeping phone wakes after the deadline', () => {
    const { result } = setup();
    // Timers did not run while the phone slept, but the clock moved on.
    act(() => void vi.setSystemTime(Date.now() + 40 * MIN));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(result.current.expired).toBe(true);
  });

  it('does nothing while disabled and starts a full count when enabled', () => {
    const { result, rerender } = setup(false);
    advance(40 * MIN);
    expect(result.current.expired).toBe(false);
    expect(result.current.warning).toBe(false);
    rerender({ enabled: true });
    advance(25 * MIN - 1000);
    expect(result.current.warning).toBe(false);
    advance(1000);
    expect(result.current.warning).toBe(true);
    rerender({ enabled: false });
    expect(result.current.warning).toBe(false);
    advance(10 * MIN);
    expect(result.current.expired).toBe(false);
  });
});

describe('formatCountdown', () => {
  it.each([
    [5 * MIN, '5:00'],
    [61_000, '1:01'],
    [59_001, '1:00'],
    [1, '0:01'],
    [0, '0:00'],
    [-5, '0:00'],
  ])('%i ms → %s', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});
