/** What the live-update stream announces. The client refetches what the event touches. (No zod: the web shell imports this.) */
export const LIVE_EVENT_TYPES = [
  'task.completed',
  'work-session.started',
  'unit.changed',
  'units.changed',
  'tasks.changed',
  'shortage.changed',
  'measurement.changed',
  /** Events may have been missed (the server's database listener reconnected): refetch everything shown. */
  'resync',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** What changed is named by id where one thing changed; a bulk change names none. */
export interface LiveEvent {
  type: LiveEventType;
  unitId?: string;
  taskId?: string;
  at: string;
}

/** Seconds between keep-alive comments on the stream (proxies drop silent connections). */
export const LIVE_HEARTBEAT_SECONDS = 20;
