import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, platformAdmins, projects, users } from '../../db/schema/index.ts';
import { userActor, writeAudit } from '../audit/audit.queries.ts';

export type UserRow = typeof users.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type PlatformAdminRow = typeof platformAdmins.$inferSelect;
export type LoginFailureRow = typeof loginFailures.$inferSelect;
type NewProject = Omit<typeof projects.$inferInsert, 'id'>;
type NewOwner = Omit<typeof users.$inferInsert, 'id' | 'projectId'>;
/** The card fields a payment gateway answers (a token and what may be shown, never the number). */
type CardColumns = Pick<ProjectRow, 'cardToken' | 'cardBrand' | 'cardLast4' | 'cardExpiryMonth' | 'cardExpiryYear' | 'cardHolderName'>;

/** Usernames are compared without regard to case (the unique index is on lower(username)). */
export const usernameIs = (username: string) => sql`lower(${users.username}) = lower(${username})`;

export async function findUserWithProject(db: Db, where: { id: string } | { username: string }) {
  const [row] = await db
    .select({ user: users, project: projects })
    .from(users)
    .innerJoin(projects, eq(projects.id, users.projectId))
    .where('id' in where ? eq(users.id, where.id) : usernameIs(where.username))
    .limit(1);
  return row;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(usernameIs(username)).limit(1);
  return existing !== undefined;
}

/** A new project, its owner and the audit entry, in one transaction. */
export async function insertProjectWithOwner(db: Db, p: { project: NewProject; owner: NewOwner }) {
  return db.transaction(async (tx) => {
    const [project] = await tx.insert(projects).values(p.project).returning();
    const [user] = await tx
      .insert(users)
      .values({ ...p.owner, projectId: project.id })
      .returning();
    await writeAudit(tx, userActor(user.id, user.username), { projectId: project.id, action: 'project.registered' });
    return { user, project };
  });
}

export async function updateProjectCard(db: Db, p: { projectId: string; card: CardColumns; now: Date }): Promise<void> {
  await db
    .update(projects)
    .set({ ...p.card, updatedAt: p.now })
    .where(eq(projects.id, p.projectId));
}

/** Marks the project cancelled (usable until `paidUntil`) and writes the audit entry, in one transaction. */
export async function cancelProject(db: Db, p: { projectId: string; userId: string; paidUntil: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(projects).set({ status: 'cancelled', paidUntil: p.paidUntil, updatedAt: p.now }).where(eq(projects.id, p.projectId));
    await writeAudit(tx, userActor(p.userId), {
      projectId: p.projectId,
      action: 'project.cancelled',
      data: { paidUntil: p.paidUntil },
    });
  });
}

export async function findPlatformAdmin(db: Db, username: string): Promise<PlatformAdminRow | undefined> {
  const [admin] = await db.select().from(platformAdmins).where(eq(platformAdmins.username, username)).limit(1);
  return admin;
}

export async function upsertPlatformAdminRow(db: Db, p: { username: string; passwordHash: string }): Promise<void> {
  await db
    .insert(platformAdmins)
    .values(p)
    .onConflictDoUpdate({ target: platformAdmins.username, set: { passwordHash: p.passwordHash } });
}

interface LoginKeyColumns {
  realm: string;
  username: string;
  client: string;
}
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The failure rows of a username for the given client addresses. */
export async function findLoginFailures(db: Db, p: { realm: string; username: string; clients: string[] }): Promise<LoginFailureRow[]> {
  return db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.realm, p.realm), eq(loginFailures.username, p.username), inArray(loginFailures.client, p.clients)));
}

/**
 * Counts one failure on the row (one upsert, atomic on its own). A window that started before
 * `windowStartBefore` (and no lock still running at `now`) starts over at this failure; reaching
 * `max` locks the row until `lockUntil`.
 */
export async function countLoginFailure(
  db: Db,
  p: { key: LoginKeyColumns; max: number; now: Date; windowStartBefore: Date; lockUntil: Date },
): Promise<void> {
  const t = loginFailures;
  const fresh = sql`(${t.windowStart} <= ${ts(p.windowStartBefore)} and (${t.lockedUntil} is null or ${t.lockedUntil} <= ${ts(p.now)}))`;
  const count = sql`(case when ${fresh} then 1 else ${t.failures} + 1 end)`;
  await db
    .insert(t)
    .values({ ...p.key, failures: 1, windowStart: p.now })
    .onConflictDoUpdate({
      target: [t.realm, t.username, t.client],
      set: {
        failures: count,
        windowStart: sql`(case when ${fresh} then ${ts(p.now)} else ${t.windowStart} end)`,
        lockedUntil: sql`(case when ${count} >= ${p.max} then ${ts(p.lockUntil)} when ${fresh} then null else ${t.lockedUntil} end)`,
      },
    });
}

/** Clears the row's failures and remembers the successful sign-in at `now`. */
export async function recordLoginSuccessRow(db: Db, p: { key: LoginKeyColumns; now: Date }): Promise<void> {
  await db
    .insert(loginFailures)
    .values({ ...p.key, failures: 0, windowStart: p.now, lockedUntil: null, lastSuccessAt: p.now })
    .onConflictDoUpdate({
      target: [loginFailures.realm, loginFailures.username, loginFailures.client],
      set: { failures: 0, windowStart: ts(p.now), lockedUntil: null, lastSuccessAt: ts(p.now) },
    });
}

/** Rows whose window started before `windowStartBefore`, with no lock at `now` and no success since `knownSince`. */
export async function deleteSpentLoginFailures(db: Db, p: { windowStartBefore: Date; now: Date; knownSince: Date }): Promise<void> {
  const t = loginFailures;
  await db
    .delete(t)
    .where(
      and(
        lte(t.windowStart, p.windowStartBefore),
        or(isNull(t.lockedUntil), lte(t.lockedUntil, p.now)),
        or(isNull(t.lastSuccessAt), lt(t.lastSuccessAt, p.knownSince)),
      ),
    );
}
