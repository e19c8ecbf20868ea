import { and, eq, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedObjects, taskCompletions } from '../../db/schema/index.ts';
import type { ObjectStorage } from '../../storage/storage.ts';

/** An uploaded photo no completion uses after this long was abandoned (the worker took another). */
export const UNUSED_PHOTO_DAYS = 7;
/** Upload addresses never used are forgotten an hour after they expired. */
const DEAD_TICKET_MS = 60 * 60_000;

/**
 * Housekeeping: anonymous uploads must not pile up. Drops unused upload addresses, and photos no
 * task completion refers to after UNUSED_PHOTO_DAYS (bytes first, then the row).
 */
export async function purgeStaleUploads(db: Db, storage: ObjectStorage, now = new Date()) {
  await db
    .delete(storedObjects)
    .where(and(isNull(storedObjects.uploadedAt), lt(storedObjects.uploadExpiresAt, new Date(now.getTime() - DEAD_TICKET_MS))));
  const unused = await db
    .select({ id: storedObjects.id, key: storedObjects.key })
    .from(storedObjects)
    .where(
      and(
        isNotNull(storedObjects.uploadedAt),
        lt(storedObjects.uploadedAt, new Date(now.getTime() - UNUSED_PHOTO_DAYS * 86_400_000)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(taskCompletions)
            .where(and(eq(taskCompletions.projectId, storedObjects.projectId), eq(taskCompletions.photoUrl, sql`'/objects/' || ${storedObjects.key}`))),
        ),
      ),
    )
    .limit(1000);
  for (const object of unused) {
    await storage.delete(object.key);
    await db.delete(storedObjects).where(eq(storedObjects.id, object.id));
  }
  return { removedPhotos: unused.length };
}

/** A temporary upload file older than this belongs to no upload still under way (they end within minutes). */
export const STALE_TEMP_FILE_MS = 30 * 60_000;

/**
 * At start: temporary files a crash or a kill left in the photo store while writing. Only old ones,
 * as another server process on the same store (PostgreSQL mode) may be writing young ones.
 */
export async function sweepTemporaryUploads(storage: ObjectStorage, olderThanMs = STALE_TEMP_FILE_MS) {
  return { removedTemporaryFiles: (await storage.sweepTemporaryFiles?.(olderThanMs)) ?? 0 };
}
