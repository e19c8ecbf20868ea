import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES, type Role } from '#contract/constants.ts';
import type { Db } from '../db/client.ts';
import { randomToken, sha256 } from '../lib/ids.ts';
import { deleteStaleResetTokens } from '../modules/account/account.queries.ts';
import { purgeLoginFailures } from '../modules/auth/login-limits.ts';
import { DEFAULT_PROJECT_TIME_ZONE } from '../lib/calendar.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionLastSeen,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './session.queries.ts';

export const SESSION_COOKIE = 'shalav_sid';
const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
const ABSOLUTE_MS = SESSION_ABSOLUTE_HOURS * 3_600_000;
/** Don't write last_seen_at on every request; a minute of slack on a 120-minute limit is fine. */
const TOUCH_AFTER_MS = 60_000;

export interface UserAuth {
  kind: 'user';
  sessionHash: string;
  userId: string;
  projectId: string;
  role: Role;
  isOwner: boolean;
  projectStatus: string;
  timezone: string;
  /** The project type: hotel, school and office projects read as rooms and tasks (docs/product.md "Words follow the facility type"). */
  facilityType: string;
  /** Signed in with a temporary password: only choosing a new one is allowed (plugins/access.ts). */
  mustChangePassword: boolean;
}
export interface AdminAuth {
  kind: 'platform-admin';
  sessionHash: string;
  platformAdminId: string;
}
export type Auth = UserAuth | AdminAuth;

declare module 'fastify' {
  interface FastifyRequest {
    /** undefined: not looked up yet; null: no valid session. */
    authCache: Auth | null | undefined;
  }
}

type SessionOwner = { userId: string } | { platformAdminId: string };

/** The browser's description of itself, as the session list shows it (cut to 300 characters). */
export const userAgentOf = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 300) ?? null;

/** A new session's cookie token and its row (for a caller that inserts it inside its own transaction). */
export function newSession(owner: SessionOwner, now: Date, userAgent: string | null) {
  const token = randomToken(32);
  const row = {
    idHash: sha256(token),
    ...owner,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    userAgent,
  };
  return { token, row };
}

export async function createSession(db: Db, owner: SessionOwner, now = new Date(), userAgent: string | null = null): Promise<string> {
  const { token, row } = newSession(owner, now, userAgent);
  await insertSession(db, row);
  return token;
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.env === 'production',
  });
}

export async function destroySession(db: Db, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(db, sha256(token));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.authCache = null;
}

/**
 * Reads and validates the session cookie once per request; enforces idle and absolute expiry. Routes
 * don't call it: they declare who may call them and plugins/access.ts checks (docs/decisions/017-access-on-the-route.md).
 */
export async function getAuth(app: FastifyInstance, request: FastifyRequest): Promise<Auth | null> {
  if (request.authCache !== undefined) return request.authCache;
  request.authCache = null;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const idHash = sha256(token);
  const row = await findSessionWithUser(app.db, idHash);
  if (!row) return null;
  const now = app.now();
  const s = row.session;
  if (s.expiresAt.getTime() <= now.getTime() || now.getTime() - s.lastSeenAt.getTime() > IDLE_MS) {
    await deleteSession(app.db, idHash);
    return null;
  }
  if (now.getTime() - s.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await touchSession(app.db, { idHash, now });
  }
  if (s.platformAdminId) {
    request.authCache = { kind: 'platform-admin', sessionHash: idHash, platformAdminId: s.platformAdminId };
  } else if (s.userId && row.projectId && row.userActive) {
    request.authCache = {
      kind: 'user',
      sessionHash: idHash,
      userId: s.userId,
      projectId: row.projectId,
      role: row.role as Role,
      isOwner: row.isOwner ?? false,
      projectStatus: row.projectStatus ?? 'inactive',
      timezone: row.timezone ?? DEFAULT_PROJECT_TIME_ZONE,
      facilityType: row.facilityType ?? 'construction',
      mustChangePassword: row.mustChangePassword ?? false,
    };
  }
  return request.authCache;
}

/** Housekeeping: drop sessions past either limit, and sign-in failure counts and reset links that no longer matter. */
/** Whether a session is still alive at `now`: not ended, and seen within the idle time (a live stream asks at each heartbeat). */
export async function sessionAlive(db: Db, idHash: string, now: Date): Promise<boolean> {
  const lastSeenAt = await findSessionLastSeen(db, { idHash, now });
  return lastSeenAt !== undefined && now.getTime() - lastSeenAt.getTime() <= IDLE_MS;
}

export async function purgeExpiredSessions(db: Db, now = new Date()) {
  await deleteExpiredSessions(db, { now, idleSince: new Date(now.getTime() - IDLE_MS) });
  await purgeLoginFailures(db, now);
  await deleteStaleResetTokens(db, now);
}
