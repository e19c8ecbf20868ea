import { z } from 'zod';

/** What the live-update stream announces. The client refetches what the event touches. */
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

export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  unitId: z.string().optional(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Seconds between keep-alive comments on the stream (proxies drop silent connections). */
export const LIVE_HEARTBEAT_SECONDS = 20;
