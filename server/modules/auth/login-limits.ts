import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';

/**
 * Sign-in limits that cannot be turned against an account's owner (docs/decisions/013-sign-in-limits.md):
 * only failures count; ten from one client address lock that address out of that username;
 * fifty from all addresses together close the username to addresses that never signed in to it.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const CLIENT_MAX_FAILURES = 10;
export const USERNAME_MAX_FAILURES = 50;
/** How long a successful sign-in makes an address "known" to the username-wide back-off. */
export const KNOWN_CLIENT_MS = 30 * 24 * 3_600_000;
/** The row counting a username's failures across every client (no address is spelled `*`). */
const ALL_CLIENTS = '*';

export type LoginRealm = 'user' | 'admin';
export interface LoginKey {
  realm: LoginRealm;
  username: string;
  client: string;
}

export const loginKey = (realm: LoginRealm, username: string, client: string): LoginKey => ({
  realm,
  username: username.trim().toLowerCase(),
  client,
});

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Seconds until this client may try this username again, or 0 if it may try now.
 * A refused try is not counted: no password was checked, so it taught the caller nothing.
 */
export async function loginWait(db: Db, key: LoginKey, now: Date): Promise<number> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.realm, key.realm),
        eq(loginFailures.username, key.username),
        inArray(loginFailures.client, [key.client, ALL_CLIENTS]),
      ),
    );
  const mine = rows.find((r) => r.client === key.client);
  const all = rows.find((r) => r.client === ALL_CLIENTS);
  const waitFor = (until: Date | null | undefined) => (until && until > now ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 0);
  const own = waitFor(mine?.lockedUntil);
  if (own > 0) return own;
  const known = mine?.lastSuccessAt && now.getTime() - mine.lastSuccessAt.getTime() < KNOWN_CLIENT_MS;
  return known ? 0 : waitFor(all?.lockedUntil);
}

/** Counts one failed sign-in, for the client and for the username across all clients. */
export async function recordLoginFailure(db: Db, key: LoginKey, now: Date): Promise<void> {
  // Two single-statement upserts, not a transaction: each is atomic on its own, and PGlite has one connection.
  await countFailure(db, key, CLIENT_MAX_FAILURES, now);
  await countFailure(db, { ...key, client: ALL_CLIENTS }, USERNAME_MAX_FAILURES, now);
}

async function countFailure(db: Db, key: LoginKey, max: number, now: Date) {
  const t = loginFailures;
  // A window that ended (and no lock still running) starts over at this failure.
  const fresh = sql`(${t.windowStart} <= ${ts(new Date(now.getTime() - LOGIN_WINDOW_MS))} and (${t.lockedUntil} is null or ${t.lockedUntil} <= ${ts(now)}))`;
  const count = sql`(case when ${fresh} then 1 else ${t.failures} + 1 end)`;
  await db
    .insert(t)
    .values({ ...key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: [t.realm, t.username, t.client],
      set: {
        failures: count,
        windowStart: sql`(case when ${fresh} then ${ts(now)} else ${t.windowStart} end)`,
        lockedUntil: sql`(case when ${count} >= ${max} then ${ts(new Date(now.getTime() + LOGIN_WINDOW_MS))} when ${fresh} then null else ${t.lockedUntil} end)`,
      },
    });
}

/**
 * A successful sign-in clears this client's failures and marks the address as known to the username.
 * The username-wide count stays: the owner signing in says nothing about the strangers still guessing.
 */
export async function recordLoginSuccess(db: Db, key: LoginKey, now: Date): Promise<void> {
  await db
    .insert(loginFailures)
    .values({ ...key, failures: 0, windowStart: now, lockedUntil: null, lastSuccessAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.realm, loginFailures.username, loginFailures.client],
      set: { failures: 0, windowStart: ts(now), lockedUntil: null, lastSuccessAt: ts(now) },
    });
}

/** Housekeeping (with the session sweep): drop rows that neither count, lock nor remember anything any more. */
export async function purgeLoginFailures(db: Db, now = new Date()): Promise<void> {
  const t = loginFailures;
  await db
    .delete(t)
    .where(
      and(
        lte(t.windowStart, new Date(now.getTime() - LOGIN_WINDOW_MS)),
        or(isNull(t.lockedUntil), lte(t.lockedUntil, now)),
        or(isNull(t.lastSuccessAt), lt(t.lastSuccessAt, new Date(now.getTime() - KNOWN_CLIENT_MS))),
      ),
    );
}
