/** What the live-update stream announces. The client refetches what the event touches. (No zod: the web shell imports this.) */
export const LIVE_EVENT_TYPES = [
  'task.completed',
  'work-session.started',
  'unit.changed',
  'units.changed',
  'tasks.changed',
  'shortage.changed',
  'measurement.changed',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface LiveEvent {
  type: LiveEventType;
  unitId?: string;
  at: string;
}

/** Seconds between keep-alive comments on the stream (proxies drop silent connections). */
export const LIVE_HEARTBEAT_SECONDS = 20;
