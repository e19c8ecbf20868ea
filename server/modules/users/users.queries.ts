import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeAudit, type Actor } from '../audit/audit.queries.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema/index.ts';

export type MemberRow = typeof users.$inferSelect;
type MemberValues = Pick<MemberRow, 'firstName' | 'lastName' | 'username' | 'email' | 'phone' | 'role' | 'isActive'>;
/** Spends every unused reset link of the user: a new password or a new e-mail address makes them void. */
export async function spendResetLinks(tx: Db, p: { userId: string; now: Date }): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: p.now })
    .where(and(eq(passwordResetTokens.userId, p.userId), isNull(passwordResetTokens.usedAt)));
}

/** A member as the audit log keeps it: never the password hash. */
const auditable = ({ passwordHash: _hash, ...rest }: MemberRow) => rest;

export async function listMembers(db: Db, projectId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.projectId, projectId))
    .orderBy(desc(users.isOwner), asc(users.createdAt), asc(users.username));
}

export async function findMember(db: Db, p: { projectId: string; id: string }): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.projectId, p.projectId), eq(users.id, p.id)))
    .limit(1);
  return row;
}

const activeAdminCount = async (db: Db, projectId: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.role, 'admin'), eq(users.isActive, true)));
  return Number(row.n);
};

/** A new member and its audit entry, in one transaction. */
export async function insertMember(
  db: Db,
  p: { projectId: string; actor: Actor; values: MemberValues & { passwordHash: string }; now: Date },
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...p.values, projectId: p.projectId, createdAt: p.now, updatedAt: p.now })
      .returning();
    await writeAudit(tx, p.actor, {
      projectId: p.projectId,
      action: 'user.created',
      entityId: row.id,
      after: auditable(row),
      createdAt: p.now,
    });
    return row;
  });
}

/**
 * Updates a member, ends their sessions when `endSessions`, and writes the audit entry, in one
 * transaction. `guard` sees the number of active admins after the change and may throw, which
 * undoes it: two admins demoting each other at once cannot leave the project without one.
 */
export async function updateMemberRow(
  db: Db,
  p: {
    projectId: string;
    id: string;
    actor: Actor;
    values: Partial<MemberValues & Pick<MemberRow, 'city'>> & { passwordHash?: string };
    endSessions: boolean;
    /** The audit entry's action: `user.updated` (an admin's change) unless said otherwise. */
    action?: string;
    now: Date;
    /** Refuses the change (by throwing) for the number of active admins it leaves; absent: roles do not change. */
    guard?: (activeAdmins: number) => void;
  },
): Promise<MemberRow | undefined> {
  return db.transaction(async (tx) => {
    const where = and(eq(users.projectId, p.projectId), eq(users.id, p.id));
    const [before] = await tx.select().from(users).where(where).for('update');
    if (!before) return undefined;
    const [after] = await tx
      .update(users)
      .set({ ...p.values, updatedAt: p.now })
      .where(where)
      .returning();
    if (p.guard) p.guard(await activeAdminCount(tx, p.projectId));
    if (p.endSessions) await tx.delete(sessions).where(eq(sessions.userId, p.id));
    // A new password or e-mail address voids the reset links sent before.
    if (p.values.passwordHash !== undefined || (before.email ?? '').toLowerCase() !== (after!.email ?? '').toLowerCase()) {
      await spendResetLinks(tx, { userId: p.id, now: p.now });
    }
    await writeAudit(tx, p.actor, {
      projectId: p.projectId,
      action: p.action ?? 'user.updated',
      entityId: p.id,
      before: auditable(before),
      after: auditable(after),
      createdAt: p.now,
    });
    return after;
  });
}

/** Deletes a member (their sessions go with them) and writes the audit entry, in one transaction. */
export async function deleteMemberRow(
  db: Db,
  p: { projectId: string; id: string; actor: Actor; now: Date; guard: (activeAdmins: number) => void },
): Promise<MemberRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .delete(users)
      .where(and(eq(users.projectId, p.projectId), eq(users.id, p.id)))
      .returning();
    if (!before) return undefined;
    p.guard(await activeAdminCount(tx, p.projectId));
    await tx.delete(sessions).where(eq(sessions.userId, p.id));
    await writeAudit(tx, p.actor, {
      projectId: p.projectId,
      action: 'user.deleted',
      entityId: p.id,
      before: auditable(before),
      createdAt: p.now,
    });
    return before;
  });
}
