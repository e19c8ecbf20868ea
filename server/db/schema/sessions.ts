import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { platformAdmins, users } from './users.ts';

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored,
 * so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** What the user's session list names it by (the hash never leaves the server). */
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    platformAdminId: uuid('platform_admin_id').references(() => platformAdmins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The browser's User-Agent at sign-in, cut to 300 characters: the session list names the device by it. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use password reset links (docs/product.md "Your own account"): the e-mailed token's SHA-256
 * only, valid until `expiresAt`, spent by setting `usedAt`.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins, counted in the database so a restart or a flood of other usernames cannot reset
 * them (docs/decisions/013-sign-in-limits.md). One row per (realm, username, client address) and
 * one per (realm, username) across all clients (client `*`). A row also remembers the client's last
 * successful sign-in to that username, which lets known addresses through the username-wide back-off.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** `user` (project login) or `admin` (platform-admin login): separate username spaces. */
    realm: text('realm').notNull(),
    /** Trimmed and lower-cased, so case variants share one counter. */
    username: text('username').notNull(),
    /** The client address, or `*` for the count across all clients. */
    client: text('client').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.realm, t.username, t.client] })],
);
