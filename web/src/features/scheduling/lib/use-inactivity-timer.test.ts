import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInactivityTimer } from './use-inactivity-timer.ts';

const MIN = 60_000;

describe('useInactivityTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('warns 5 minutes before 30 and closes at 30 minutes without activity', () => {
    const { result } = renderHook(() => useInactivityTimer());
    advance(25 * MIN - 1);
    expect(result.current.phase).toBe('active');
    advance(1);
    expect(result.current.phase).toBe('warning');
    advance(5 * MIN - 1);
    expect(result.current.phase).toBe('warning');
    advance(1);
    expect(result.current.phase).toBe('expired');
  });

  it('extend during the warning restarts the full 30 minutes', () => {
    const { result } = renderHook(() => useInactivityTimer());
    advance(27 * MIN);
    expect(result.current.phase).toBe('warning');
    act(() => result.current.extend());
    expect(result.current.phase).toBe('active');
    advance(25 * MIN - 1);
    expect(result.current.phase).toBe('active');
    advance(1);
    expect(result.current.phase).toBe('warning');
    advance(5 * MIN);
    expect(result.current.phase).toBe('expired');
  });

  it('activity before the warning resets the timer, but does not dismiss a warning', () => {
    const { result } = renderHook(() => useInactivityTimer());
    advance(20 * MIN);
    act(() => void window.dispatchEvent(new Event('keydown')));
    advance(20 * MIN);
    expect(result.current.phase).toBe('active');
    advance(5 * MIN);
    expect(result.current.phase).toBe('warning');
    act(() => void window.dispatchEvent(new Event('keydown')));
    advance(5 * MIN);
    expect(result.current.phase).toBe('expired');
  });

  it('stays closed once expired: extend and activity do nothing', () => {
    const { result } = renderHook(() => useInactivityTimer());
    advance(30 * MIN);
    act(() => result.current.extend());
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    advance(60 * MIN);
    expect(result.current.phase).toBe('expired');
  });

  it('does not run while disabled', () => {
    const { result } = renderHook(() => useInactivityTimer({ enabled: false }));
    advance(60 * MIN);
    expect(result.current.phase).toBe('active');
  });
});
