import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeAudit, type Actor } from '../audit/audit.queries.ts';
import { spendResetLinks } from '../users/users.queries.ts';
import { loginFailures, passwordResetTokens, sessions, storedObjects, users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;
type NewSession = typeof sessions.$inferInsert;

/**
 * Makes a stored picture the user's: records the object (already in storage) and points the user at
 * it; returns the key of the picture it replaced, whose bytes the caller deletes.
 */
export async function replaceProfilePicture(
  db: Db,
  p: { userId: string; projectId: string; picture: { key: string; contentType: string; size: number } | null; now: Date },
): Promise<{ replacedKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const where = and(eq(users.id, p.userId), eq(users.projectId, p.projectId));
    const [before] = await tx.select({ url: users.profileImageUrl }).from(users).where(where).for('update');
    if (!before) return undefined;
    if (p.picture) {
      await tx.insert(storedObjects).values({ projectId: p.projectId, ...p.picture, uploadedAt: p.now });
    }
    await tx
      .update(users)
      .set({ profileImageUrl: p.picture ? `/objects/${p.picture.key}` : null, updatedAt: p.now })
      .where(where);
    const replacedKey = before.url?.startsWith('/objects/') ? before.url.slice('/objects/'.length) : null;
    if (replacedKey)
      await tx.delete(storedObjects).where(and(eq(storedObjects.projectId, p.projectId), eq(storedObjects.key, replacedKey)));
    return { replacedKey };
  });
}

/** The user's sessions still alive at `now`: not past the absolute expiry, not idle since before `idleSince`. */
export async function listUserSessions(db: Db, p: { userId: string; now: Date; idleSince: Date }) {
  return db
    .select({
      idHash: sessions.idHash,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, p.userId), gt(sessions.expiresAt, p.now), gt(sessions.lastSeenAt, p.idleSince)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one of the user's sessions by its public id; whether there was one. */
export async function deleteUserSession(db: Db, p: { userId: string; publicId: string }): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, p.userId), eq(sessions.publicId, p.publicId)))
    .returning({ idHash: sessions.idHash });
  return rows.length > 0;
}

/** Ends every session of the user but the one given; how many. */
export async function deleteOtherSessions(db: Db, p: { userId: string; keepHash: string }): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, p.userId), ne(sessions.idHash, p.keepHash)))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

/**
 * Sets a user's password, in one transaction: the new hash (and whether it is a temporary one), every
 * session of the user ended, unused reset links spent, an audit entry — and, when `session` is given,
 * the caller's new session, so the one who changed it stays signed in.
 */
export async function setPasswordRow(
  db: Db,
  p: {
    userId: string;
    projectId: string;
    passwordHash: string;
    temporaryBy: 'admin' | 'platformAdmin' | null;
    actor: Actor;
    action: string;
    session?: NewSession;
    /** A reset link this change spends: nothing changes unless it is still unused and unexpired. */
    resetTokenHash?: string;
    /** The hash the caller verified the current password against: nothing changes if another write replaced it meanwhile. */
    expectedHash?: string;
    now: Date;
  },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    if (p.resetTokenHash !== undefined) {
      const spent = await tx
        .update(passwordResetTokens)
        .set({ usedAt: p.now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, p.resetTokenHash),
            eq(passwordResetTokens.userId, p.userId),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, p.now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (spent.length === 0) return undefined;
    }
    const where = and(
      eq(users.id, p.userId),
      eq(users.projectId, p.projectId),
      p.expectedHash === undefined ? undefined : eq(users.passwordHash, p.expectedHash),
    );
    const [after] = await tx
      .update(users)
      .set({ passwordHash: p.passwordHash, mustChangePassword: p.temporaryBy !== null, passwordResetBy: p.temporaryBy, updatedAt: p.now })
      .where(where)
      .returning();
    if (!after) return undefined;
    await tx.delete(sessions).where(eq(sessions.userId, p.userId));
    if (p.session) await tx.insert(sessions).values(p.session);
    await spendResetLinks(tx, { userId: p.userId, now: p.now });
    // The way back in must not meet the lock-out that forgetting caused: this username's per-address
    // failure counts go (the count across all addresses stays; docs/decisions/013-sign-in-limits.md).
    await tx
      .delete(loginFailures)
      .where(
        and(
          eq(loginFailures.realm, 'user'),
          eq(loginFailures.username, after.username.trim().toLowerCase()),
          ne(loginFailures.client, '*'),
        ),
      );
    await writeAudit(tx, p.actor, { projectId: p.projectId, action: p.action, entityId: p.userId, createdAt: p.now });
    return after;
  });
}

export async function findProjectOwner(db: Db, projectId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.isOwner, true)))
    .limit(1);
  return row;
}

/**
 * Records a new reset link unless the user was sent `max` since `since` (a cap on e-mails to one
 * address); whether it was recorded. The user's row is locked first, so requests at once count in turn.
 */
export async function insertResetTokenCapped(
  db: Db,
  p: { values: typeof passwordResetTokens.$inferInsert; since: Date; max: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, p.values.userId)).for('update');
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, p.values.userId), gt(passwordResetTokens.createdAt, p.since)));
    if (Number(row?.n ?? 0) >= p.max) return false;
    await tx.insert(passwordResetTokens).values(p.values);
    return true;
  });
}

export async function findResetToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Housekeeping: reset links used or expired before `before` are of no further use. */
export async function deleteStaleResetTokens(db: Db, before: Date): Promise<void> {
  await db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, before), lt(passwordResetTokens.usedAt, before)));
}
