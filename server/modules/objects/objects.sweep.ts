import type { Db } from '../../db/client.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { deleteDeadTickets, deleteStoredObject, listUnusedPhotos, releaseAllClaims } from './objects.queries.ts';

/** An uploaded photo no completion uses after this long was abandoned (the worker took another). */
export const UNUSED_PHOTO_DAYS = 7;
/** Upload addresses never used are forgotten an hour after they expired. */
const DEAD_TICKET_MS = 60 * 60_000;

/**
 * Housekeeping: anonymous uploads must not pile up. Drops unused upload addresses, and photos no
 * task completion refers to after UNUSED_PHOTO_DAYS (bytes first, then the row).
 */
export async function purgeStaleUploads(db: Db, storage: ObjectStorage, now = new Date()) {
  await deleteDeadTickets(db, new Date(now.getTime() - DEAD_TICKET_MS));
  const unused = await listUnusedPhotos(db, { uploadedBefore: new Date(now.getTime() - UNUSED_PHOTO_DAYS * 86_400_000), limit: 1000 });
  for (const object of unused) {
    await storage.delete(object.key);
    await deleteStoredObject(db, object.id);
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

/**
 * At start, on the embedded database: upload addresses claimed by requests of a previous run (a
 * crash, a kill -9) are free again at once. The data-directory lock makes this the only process
 * using the database, so no claim can belong to a live request. With PostgreSQL several processes
 * share the database and a dead claim is only taken over once it outlives any live upload
 * (docs/decisions/027-storage-and-quota.md).
 */
export async function releaseClaimsOfPreviousRun(db: Db, databaseKind: 'pglite' | 'postgres') {
  return { releasedUploadClaims: databaseKind === 'pglite' ? await releaseAllClaims(db) : 0 };
}
