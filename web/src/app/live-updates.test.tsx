import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomDetailsQuery, roomStatsQuery, roomsQuery } from '#web/lib/queries/rooms.ts';
import { scheduledTasksQuery } from '#web/lib/queries/scheduled-tasks.ts';
import { useLiveUpdates } from './live-updates.ts';

class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, () => void>();
  closed = false;
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string) {
    this.listeners.get(type)?.();
  }
}

function setup() {
  const qc = new QueryClient();
  const spy = vi.spyOn(qc, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const hook = renderHook(({ on }) => useLiveUpdates(on), { wrapper, initialProps: { on: true } });
  return { qc, spy, hook, source: () => FakeEventSource.instances.at(-1)! };
}

describe('live updates in the browser', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refetches the map and details when a task is completed', () => {
    const { spy, source } = setup();
    expect(source().url).toBe('/api/events');
    act(() => source().emit('task.completed'));
    const keys = spy.mock.calls.map((c) => (c[0] as { queryKey: string[] }).queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['/api/rooms', '/api/stats/rooms', '/api/dashboard/room-details']));
    expect(keys).not.toContain('/api/shortages');
  });

  it("makes stale the very queries the screens read: every screen's unit list, counters, details and tracking pages", () => {
    const { qc, source } = setup();
    const queries = [
      roomsQuery,
      roomStatsQuery,
      roomDetailsQuery('r1'),
      roomDetailsQuery('r1', '2026-11-20'),
      scheduledTasksQuery('page=1'),
    ];
    for (const q of queries) qc.setQueryData(q.queryKey, [] as never);
    act(() => source().emit('tasks.changed'));
    for (const q of queries) expect(qc.getQueryState(q.queryKey)?.isInvalidated, JSON.stringify(q.queryKey)).toBe(true);
  });

  it('says it is disconnected on error, reconnects after a refusal, and refetches everything once back', () => {
    const { spy, hook, source } = setup();
    act(() => source().onopen?.());
    expect(hook.result.current.connected).toBe(true);
    const first = source();
    first.readyState = FakeEventSource.CLOSED;
    act(() => first.onerror?.());
    expect(hook.result.current.connected).toBe(false);
    act(() => void vi.advanceTimersByTime(5000));
    expect(FakeEventSource.instances).toHaveLength(2);
    spy.mockClear();
    act(() => source().onopen?.());
    expect(hook.result.current.connected).toBe(true);
    expect(spy.mock.calls.length).toBeGreaterThan(5);
  });

  it('coalesces a burst of events into at most one refetch per screen every 2 s', () => {
    const { spy, source } = setup();
    const mapRefetches = () => spy.mock.calls.filter((c) => (c[0] as { queryKey: string[] }).queryKey[0] === '/api/rooms').length;
    act(() => source().emit('task.completed'));
    expect(mapRefetches()).toBe(1); // the first event at once
    for (let i = 0; i < 50; i++) act(() => source().emit('task.completed'));
    act(() => void vi.advanceTimersByTime(1999));
    expect(mapRefetches()).toBe(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(mapRefetches()).toBe(2); // the 50 others together, once the gap is over
    act(() => void vi.advanceTimersByTime(10_000));
    expect(mapRefetches()).toBe(2);
  });

  it("refetches everything on the server's resync event", () => {
    const { spy, source } = setup();
    act(() => source().emit('resync'));
    const keys = spy.mock.calls.map((c) => (c[0] as { queryKey: string[] }).queryKey[0]);
    expect(keys).toEqual(
      expect.arrayContaining(['/api/rooms', '/api/scheduled-tasks', '/api/shortages', '/api/measurements', '/api/task-schedules']),
    );
  });

  it('closes the stream when signed out', () => {
    const { hook, source } = setup();
    hook.rerender({ on: false });
    expect(source().closed).toBe(true);
  });
});
