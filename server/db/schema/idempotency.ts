import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';

/**
 * The first answer to a create request sent with an `Idempotency-Key`, so that a double-click or a
 * retry creates one record and gets the same answer (docs/decisions/015-idempotent-creates.md).
 * A row without a status is a request still running. Kept 24 hours.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** Method and route pattern, e.g. `POST /api/rooms`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** Who sent it: a hash of the session cookie, or of the client address without one. */
    caller: text('caller').notNull(),
    /** SHA-256 of the request's parameters and body: the same key with other ones is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.route, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);
