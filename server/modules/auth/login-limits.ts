import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { countLoginFailure, deleteSpentLoginFailures, findLoginFailures, recordLoginSuccessRow } from './auth.queries.ts';

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

export const loginRateLimited = () =>
  tooManyRequests('login_rate_limited', 'Too many login attempts. Please wait a few minutes and try again.');

/** Refuses (429 with Retry-After) a client locked out of this username, before any password is checked. */
export async function refuseWhileLocked(db: Db, key: LoginKey, now: Date, reply: FastifyReply): Promise<void> {
  const wait = await loginWait(db, key, now);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw loginRateLimited();
  }
}

/**
 * Seconds until this client may try this username again, or 0 if it may try now.
 * A refused try is not counted: no password was checked, so it taught the caller nothing.
 */
export async function loginWait(db: Db, key: LoginKey, now: Date): Promise<number> {
  const rows = await findLoginFailures(db, { realm: key.realm, username: key.username, clients: [key.client, ALL_CLIENTS] });
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
  // A window that ended (and no lock still running) starts over at this failure.
  const windowStartBefore = new Date(now.getTime() - LOGIN_WINDOW_MS);
  await countLoginFailure(db, { key, max, now, windowStartBefore, lockUntil: new Date(now.getTime() + LOGIN_WINDOW_MS) });
}

/**
 * A successful sign-in clears this client's failures and marks the address as known to the username.
 * The username-wide count stays: the owner signing in says nothing about the strangers still guessing.
 */
export async function recordLoginSuccess(db: Db, key: LoginKey, now: Date): Promise<void> {
  await recordLoginSuccessRow(db, { key, now });
}

/** Housekeeping (with the session sweep): drop rows that neither count, lock nor remember anything any more. */
export async function purgeLoginFailures(db: Db, now = new Date()): Promise<void> {
  await deleteSpentLoginFailures(db, {
    windowStartBefore: new Date(now.getTime() - LOGIN_WINDOW_MS),
    now,
    knownSince: new Date(now.getTime() - KNOWN_CLIENT_MS),
  });
}
