import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, type LiveEventType } from '#contract/events.ts';
import { roomDetailsBaseKey, roomStatsQuery, roomsQuery } from '#web/lib/queries/rooms.ts';
import { scheduledTasksKey } from '#web/lib/queries/scheduled-tasks.ts';
import { progressMatrixBaseKey } from '#web/lib/queries/progress-matrix.ts';
import { reviewsKey } from '#web/lib/queries/reviews.ts';

const ROOMS = roomsQuery.queryKey[0];
const STATS = roomStatsQuery.queryKey[0];
const DETAILS = roomDetailsBaseKey[0];
const TRACKING = scheduledTasksKey[0];
const PROGRESS = progressMatrixBaseKey[0];
const REVIEWS = reviewsKey[0];

/** Query-key prefixes each event makes stale (keys start with the API path they load; lib/queries defines them). */
const AFFECTED: Record<LiveEventType, string[]> = {
  'task.completed': [
    ROOMS,
    STATS,
    DETAILS,
    TRACKING,
    '/api/stats/cleaning',
    '/api/employee-performance',
    '/api/kpi-metrics',
    PROGRESS,
    REVIEWS,
  ],
  'work-session.started': [ROOMS, STATS, DETAILS, TRACKING],
  'unit.changed': [ROOMS, STATS, DETAILS, TRACKING, PROGRESS, '/api/stats/cleaning'],
  'units.changed': [ROOMS, STATS, TRACKING, PROGRESS, '/api/stats/cleaning'],
  'tasks.changed': [ROOMS, STATS, DETAILS, TRACKING, '/api/task-schedules', PROGRESS, '/api/stats/cleaning', REVIEWS],
  'shortage.changed': ['/api/shortages'],
  'measurement.changed': ['/api/measurements'],
  resync: [],
};
// A resync (events may have been missed) refreshes everything any event refreshes.
AFFECTED.resync = [...new Set(Object.values(AFFECTED).flat())];

/** At most one refetch per screen in this time, however many events arrive (a crew finishing stages). */
export const REFETCH_GAP_MS = 2000;

/**
 * Coalesces events into refetches: the first event refetches at once, later ones within
 * REFETCH_GAP_MS are gathered and refetched together when the gap ends. Ten map screens then cost the
 * server at most one map each per 2 s while a crew completes stages, instead of one per completion.
 */
export function createRefetcher(qc: QueryClient) {
  const pending = new Set<string>();
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    last = Date.now();
    for (const prefix of pending) void qc.invalidateQueries({ queryKey: [prefix] });
    pending.clear();
  };
  return {
    add(type: LiveEventType) {
      for (const prefix of AFFECTED[type]) pending.add(prefix);
      if (timer !== undefined) return;
      const wait = last + REFETCH_GAP_MS - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

const RECONNECT_MS = 5000;

/**
 * Listens to /api/events while signed in and refetches what each event touches. Returns whether
 * the stream is connected, for the "You are disconnected. Reconnecting..." notice.
 */
export function useLiveUpdates(enabled: boolean): { connected: boolean } {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(true);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let everOpened = false;
    let stopped = false;
    const refetcher = createRefetcher(qc);

    const connect = () => {
      source = new EventSource('/api/events', { withCredentials: true });
      source.onopen = () => {
        // After a gap, what happened meanwhile is unknown: refetch everything shown.
        if (everOpened) refetcher.add('resync');
        everOpened = true;
        setConnected(true);
      };
      source.onerror = () => {
        setConnected(false);
        // The browser retries by itself unless the server refused (then it gives up): retry later.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(connect, RECONNECT_MS);
        }
      };
      for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, () => refetcher.add(type));
    };
    connect();
    return () => {
      stopped = true;
      refetcher.stop();
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, qc]);

  return { connected: enabled ? connected : true };
}
