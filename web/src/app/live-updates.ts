import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, type LiveEventType } from '../../../contract/events.ts';

/** Query-key prefixes each event makes stale (keys start with the API path they load). */
const AFFECTED: Record<LiveEventType, string[]> = {
  'task.completed': ['/api/rooms', '/api/stats/rooms', '/api/dashboard/room-details', '/api/scheduled-tasks', '/api/stats/cleaning', '/api/employee-performance'],
  'work-session.started': ['/api/rooms', '/api/stats/rooms', '/api/dashboard/room-details', '/api/scheduled-tasks'],
  'unit.changed': ['/api/rooms', '/api/stats/rooms', '/api/dashboard/room-details', '/api/scheduled-tasks'],
  'units.changed': ['/api/rooms', '/api/stats/rooms', '/api/scheduled-tasks'],
  'tasks.changed': ['/api/rooms', '/api/stats/rooms', '/api/dashboard/room-details', '/api/scheduled-tasks', '/api/task-schedules'],
  'shortage.changed': ['/api/shortages'],
  'measurement.changed': ['/api/measurements'],
};

export function invalidateFor(qc: QueryClient, type: LiveEventType) {
  for (const prefix of AFFECTED[type]) void qc.invalidateQueries({ queryKey: [prefix] });
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

    const connect = () => {
      source = new EventSource('/api/events', { withCredentials: true });
      source.onopen = () => {
        // After a gap, what happened meanwhile is unknown: refetch everything shown.
        if (everOpened) LIVE_EVENT_TYPES.forEach((t) => invalidateFor(qc, t));
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
      for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, () => invalidateFor(qc, type));
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, qc]);

  return { connected: enabled ? connected : true };
}
