import { aliasedTable, and, asc, count, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyDigests, projects, shortages, taskCompletions, taskReviews, users } from '../../db/schema/index.ts';

// The daily e-mail's reads and writes (docs/decisions/031-daily-digest.md).

/** The user's choice of the daily e-mail and what it needs (an address); undefined: not a member of the project. */
export async function findDigestSettings(db: Db, p: { projectId: string; userId: string }) {
  const [row] = await db
    .select({ enabled: users.dailyDigest, language: users.language, email: users.email })
    .from(users)
    .where(and(eq(users.id, p.userId), eq(users.projectId, p.projectId)));
  return row;
}

/** Turns the daily e-mail on or off and stores the language it is written in; whether the user was found. */
export async function setDigestSettings(db: Db, p: { projectId: string; userId: string; enabled: boolean; language: string; now: Date }) {
  const rows = await db
    .update(users)
    .set({ dailyDigest: p.enabled, language: p.language, updatedAt: p.now })
    .where(and(eq(users.id, p.userId), eq(users.projectId, p.projectId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Up to `limit` users after `afterId` (by id) who asked for the daily e-mail and may get it — an
 * active project admin or manager with an address, of a project that is not inactive — and have no
 * e-mail yet for their project's local date at `now`.
 */
export async function listDigestCandidates(db: Db, p: { now: Date; afterId: string | null; limit: number }) {
  const localDate = sql`(${p.now.toISOString()}::timestamptz at time zone ${projects.timezone})::date`;
  return db
    .select({
      userId: users.id,
      projectId: users.projectId,
      email: users.email,
      firstName: users.firstName,
      username: users.username,
      language: users.language,
      projectName: projects.name,
      timezone: projects.timezone,
    })
    .from(users)
    .innerJoin(projects, eq(projects.id, users.projectId))
    .where(
      and(
        eq(users.dailyDigest, true),
        eq(users.isActive, true),
        inArray(users.role, ['admin', 'manager']),
        isNotNull(users.email),
        ne(projects.status, 'inactive'),
        p.afterId ? gt(users.id, p.afterId) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(dailyDigests)
            .where(and(eq(dailyDigests.userId, users.id), eq(dailyDigests.digestDate, localDate))),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(p.limit);
}

/** Claims the user's e-mail of one local date; false when a row for it exists (another run or instance has it). */
export async function claimDigest(db: Db, p: { projectId: string; userId: string; digestDate: string; now: Date }): Promise<boolean> {
  const rows = await db
    .insert(dailyDigests)
    .values({ projectId: p.projectId, userId: p.userId, digestDate: p.digestDate, status: 'claimed', claimedAt: p.now })
    .onConflictDoNothing()
    .returning({ id: dailyDigests.id });
  return rows.length > 0;
}

/** Records how a claimed e-mail ended: sent, empty (nothing to tell) or failed. */
export async function finishDigest(
  db: Db,
  p: { projectId: string; userId: string; digestDate: string; status: 'sent' | 'empty' | 'failed'; now: Date },
) {
  await db
    .update(dailyDigests)
    .set({ status: p.status, sentAt: p.status === 'sent' ? p.now : null })
    .where(and(eq(dailyDigests.projectId, p.projectId), eq(dailyDigests.userId, p.userId), eq(dailyDigests.digestDate, p.digestDate)));
}

/** The e-mail rows of one user (tests and support read them). */
export async function listUserDigests(db: Db, p: { projectId: string; userId: string }) {
  return db
    .select({ digestDate: dailyDigests.digestDate, status: dailyDigests.status })
    .from(dailyDigests)
    .where(and(eq(dailyDigests.projectId, p.projectId), eq(dailyDigests.userId, p.userId)))
    .orderBy(asc(dailyDigests.digestDate));
}

const byProject = (rows: { projectId: string; n: number }[]) => new Map(rows.map((r) => [r.projectId, Number(r.n)]));

/**
 * What the e-mail tells, per project, in four grouped reads whatever the number of projects:
 * standing completions waiting for review; rejections given since `since`; completions received
 * since `since` of a stage and period rejected before; shortages reported since `since`.
 */
export async function countDigestFigures(db: Db, p: { projectIds: string[]; since: Date; until: Date }) {
  if (p.projectIds.length === 0) return { pending: new Map(), sentBack: new Map(), redone: new Map(), shortages: new Map() };
  const pending = await db
    .select({ projectId: taskCompletions.projectId, n: count() })
    .from(taskCompletions)
    .where(
      and(
        inArray(taskCompletions.projectId, p.projectIds),
        eq(taskCompletions.reviewStatus, 'pending'),
        isNull(taskCompletions.reopenedAt),
      ),
    )
    .groupBy(taskCompletions.projectId);
  const sentBack = await db
    .select({ projectId: taskReviews.projectId, n: count() })
    .from(taskReviews)
    .where(
      and(
        inArray(taskReviews.projectId, p.projectIds),
        eq(taskReviews.decision, 'rejected'),
        gte(taskReviews.createdAt, p.since),
        lt(taskReviews.createdAt, p.until),
      ),
    )
    .groupBy(taskReviews.projectId);
  const rejected = aliasedTable(taskCompletions, 'rejected');
  const received = sql`coalesce(${taskCompletions.receivedAt}, ${taskCompletions.completedAt})`;
  const redone = await db
    .select({ projectId: taskCompletions.projectId, n: count() })
    .from(taskCompletions)
    .where(
      and(
        inArray(taskCompletions.projectId, p.projectIds),
        isNull(taskCompletions.reopenedAt),
        sql`${received} >= ${p.since.toISOString()}::timestamptz`,
        sql`${received} < ${p.until.toISOString()}::timestamptz`,
        exists(
          db
            .select({ one: sql`1` })
            .from(rejected)
            .where(
              and(
                eq(rejected.projectId, taskCompletions.projectId),
                eq(rejected.taskId, taskCompletions.taskId),
                eq(rejected.period, taskCompletions.period),
                eq(rejected.reopenedAs, 'rejected'),
              ),
            ),
        ),
      ),
    )
    .groupBy(taskCompletions.projectId);
  const newShortages = await db
    .select({ projectId: shortages.projectId, n: count() })
    .from(shortages)
    .where(and(inArray(shortages.projectId, p.projectIds), gte(shortages.reportedAt, p.since), lt(shortages.reportedAt, p.until)))
    .groupBy(shortages.projectId);
  return { pending: byProject(pending), sentBack: byProject(sentBack), redone: byProject(redone), shortages: byProject(newShortages) };
}
