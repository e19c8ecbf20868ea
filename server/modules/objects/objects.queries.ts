import { and, eq, gt, isNotNull, isNull, like, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedObjects, taskCompletions, users } from '../../db/schema/index.ts';
import { MAX_PHOTO_BYTES } from '#contract/constants.ts';
import { CLAIM_PREFIX, claimMarker, claimPrefix } from './upload-claim.ts';

const o = storedObjects;
export type StoredObjectRow = typeof storedObjects.$inferSelect;

/** Upload addresses of the unit not used yet and not expired at `now`. */
export async function countOpenTickets(db: Db, p: { unitId: string; now: Date }): Promise<number> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(o)
    .where(and(eq(o.unitId, p.unitId), isNull(o.uploadedAt), gt(o.uploadExpiresAt, p.now)));
  return Number(row.open);
}

/**
 * The project's bytes stored on its local day `today` and the bytes its upload addresses still open
 * at `now` reserved (one statement).
 */
export async function dailyStorageUse(db: Db, p: { projectId: string; timezone: string; today: string; now: Date }) {
  const [row] = await db
    .select({
      // Work photos only: a member's profile picture (no unit) is not the crew's photo allowance.
      stored: sql<number>`coalesce(sum(${o.size}) filter (where ${o.uploadedAt} is not null and ${o.unitId} is not null and (${o.uploadedAt} at time zone ${p.timezone})::date = ${p.today}::date), 0)::float8`,
      // What open addresses reserved (their `size` until the bytes arrive; the largest photo for older rows).
      open: sql<number>`coalesce(sum(coalesce(${o.size}, ${MAX_PHOTO_BYTES})) filter (where ${o.uploadedAt} is null and ${o.uploadExpiresAt} > ${p.now.toISOString()}::timestamptz), 0)::float8`,
    })
    .from(o)
    .where(eq(o.projectId, p.projectId));
  return { stored: Number(row.stored), open: Number(row.open) };
}

export async function insertUploadTicket(
  db: Db,
  p: { projectId: string; unitId: string; key: string; tokenHash: string; expiresAt: Date; reservedBytes: number },
): Promise<void> {
  // Until the bytes arrive, `size` holds what the address reserved in the daily quota.
  await db.insert(o).values({
    projectId: p.projectId,
    unitId: p.unitId,
    key: p.key,
    uploadTokenHash: p.tokenHash,
    uploadExpiresAt: p.expiresAt,
    size: p.reservedBytes,
  });
}

/**
 * Swaps an unexpired address's token hash for `claimedHash` (one UPDATE: one request wins). A claim
 * made before `staleBefore` belongs to no live request (a process died holding it) and is taken over.
 */
export async function claimUploadTicket(db: Db, p: { hash: string; claimedHash: string; staleBefore: Date; now: Date }) {
  const [ticket] = await db
    .update(o)
    .set({ uploadTokenHash: p.claimedHash })
    .where(
      and(
        or(
          eq(o.uploadTokenHash, p.hash),
          and(like(o.uploadTokenHash, `${claimPrefix(p.hash)}%`), lt(o.uploadTokenHash, claimMarker(p.hash, p.staleBefore))),
        ),
        gt(o.uploadExpiresAt, p.now),
      ),
    )
    .returning({ id: o.id, key: o.key, projectId: o.projectId, unitId: o.unitId, reservedBytes: o.size });
  return ticket;
}

/** The address holding the token hash, plain or claimed, to say why it could not be claimed. */
export async function findTicketByHash(db: Db, hash: string) {
  const [found] = await db
    .select({ uploadTokenHash: o.uploadTokenHash, uploadExpiresAt: o.uploadExpiresAt })
    .from(o)
    .where(or(eq(o.uploadTokenHash, hash), like(o.uploadTokenHash, `${claimPrefix(hash)}%`)))
    .limit(1);
  return found;
}

/**
 * Gives every claimed address its token hash back. Only when no other server process can hold a
 * claim: at the start of the one process of an embedded database.
 */
export async function releaseAllClaims(db: Db): Promise<number> {
  const released = await db
    .update(o)
    .set({ uploadTokenHash: sql`split_part(${o.uploadTokenHash}, ':', 2)` })
    .where(and(like(o.uploadTokenHash, `${CLAIM_PREFIX}%`), isNull(o.uploadedAt)))
    .returning({ id: o.id });
  return released.length;
}

/** Marks a claimed address as uploaded; false when the row is gone or no longer claimed so. */
export async function spendTicket(
  db: Db,
  p: { id: string; claimedHash: string; contentType: string; size: number; now: Date },
): Promise<boolean> {
  const spent = await db
    .update(o)
    .set({ uploadTokenHash: null, uploadedAt: p.now, contentType: p.contentType, size: p.size })
    .where(and(eq(o.id, p.id), eq(o.uploadTokenHash, p.claimedHash)))
    .returning({ id: o.id });
  return spent.length > 0;
}

/** Gives a claimed address its token hash back (if it is still claimed so). */
export async function releaseTicket(db: Db, p: { id: string; claimedHash: string; hash: string }): Promise<void> {
  await db
    .update(o)
    .set({ uploadTokenHash: p.hash })
    .where(and(eq(o.id, p.id), eq(o.uploadTokenHash, p.claimedHash)));
}

/** An uploaded photo of the project by its storage key. */
export async function findUploadedPhoto(db: Db, p: { projectId: string; key: string }): Promise<StoredObjectRow | undefined> {
  const [object] = await db
    .select()
    .from(o)
    .where(and(eq(o.projectId, p.projectId), eq(o.key, p.key), isNotNull(o.uploadedAt)))
    .limit(1);
  return object;
}

/** Upload addresses never used that expired before `before`. */
export async function deleteDeadTickets(db: Db, before: Date): Promise<void> {
  await db.delete(o).where(and(isNull(o.uploadedAt), lt(o.uploadExpiresAt, before)));
}

/** Photos uploaded before `uploadedBefore` that no task completion and no member of their project refers to. */
export async function listUnusedPhotos(db: Db, p: { uploadedBefore: Date; limit: number }) {
  return db
    .select({ id: o.id, key: o.key })
    .from(o)
    .where(
      and(
        isNotNull(o.uploadedAt),
        lt(o.uploadedAt, p.uploadedBefore),
        notExists(
          db
            .select({ one: sql`1` })
            .from(taskCompletions)
            .where(and(eq(taskCompletions.projectId, o.projectId), eq(taskCompletions.photoUrl, sql`'/objects/' || ${o.key}`))),
        ),
        // A member's profile picture is in use as long as a member shows it.
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(and(eq(users.projectId, o.projectId), eq(users.profileImageUrl, sql`'/objects/' || ${o.key}`))),
        ),
      ),
    )
    .limit(p.limit);
}

export async function deleteStoredObject(db: Db, id: string): Promise<void> {
  await db.delete(o).where(eq(o.id, id));
}
