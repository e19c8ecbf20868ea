import { and, eq, gt, lt, or } from 'drizzle-orm';
import { ROLES } from '#contract/constants.ts';
import type { Db } from '../db/client.ts';
import { projects, sessions, users } from '../db/schema/index.ts';

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function touchSession(db: Db, p: { idHash: string; now: Date }): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: p.now }).where(eq(sessions.idHash, p.idHash));
}

/** A session with its user's role and project (nulls for a platform admin's session). */
export async function findSessionWithUser(db: Db, idHash: string) {
  const [row] = await db
    .select({
      session: sessions,
      role: users.role,
      isOwner: users.isOwner,
      userActive: users.isActive,
      mustChangePassword: users.mustChangePassword,
      projectId: users.projectId,
      projectStatus: projects.status,
      timezone: projects.timezone,
      facilityType: projects.facilityType,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(projects, eq(projects.id, users.projectId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  // A role the app does not know is no role: every guard refuses it.
  return row && { ...row, role: ROLES.find((r) => r === row.role) ?? null };
}

/** Sessions past their absolute expiry, or idle since before `idleSince`. */
export async function deleteExpiredSessions(db: Db, p: { now: Date; idleSince: Date }): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, p.now), lt(sessions.lastSeenAt, p.idleSince)));
}

/** When a session not yet past its absolute expiry was last seen (undefined: no such session). */
export async function findSessionLastSeen(db: Db, p: { idHash: string; now: Date }): Promise<Date | undefined> {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.idHash, p.idHash), gt(sessions.expiresAt, p.now)))
    .limit(1);
  return row?.lastSeenAt;
}
