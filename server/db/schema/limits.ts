import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance on one PostgreSQL database
 * (docs/decisions/030-several-instances.md): one row per limiter key and fixed window; the window
 * starts with the first request and ends at `expiresAt`, on the database's clock.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/**
 * Open live-update streams, one lease per stream, renewed by its heartbeat: the cap per sign-in
 * counts the streams of every instance, and a killed instance's leases lapse on their own. The key
 * column holds a session hash, or `export:…` for the one export under way per project (decision 034).
 */
export const liveStreamLeases = pgTable(
  'live_stream_leases',
  {
    id: text('id').primaryKey(),
    sessionHash: text('session_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_stream_leases_session_idx').on(t.sessionHash, t.expiresAt)],
);
