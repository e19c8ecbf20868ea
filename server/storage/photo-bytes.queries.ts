import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { photoBytes } from '../db/schema/index.ts';

/** Stores a photo's bytes; a second write of the same key (a retried upload) replaces the first. */
export async function putPhotoBytes(db: Db, p: { key: string; contentType: string; bytes: Buffer }) {
  await db
    .insert(photoBytes)
    .values({ key: p.key, contentType: p.contentType, size: p.bytes.length, bytes: p.bytes })
    .onConflictDoUpdate({ target: photoBytes.key, set: { contentType: p.contentType, size: p.bytes.length, bytes: p.bytes } });
}

/** A stored photo's length, or undefined when the key has no bytes here. */
export async function findPhotoSize(db: Db, p: { key: string }): Promise<number | undefined> {
  const [row] = await db.select({ size: photoBytes.size }).from(photoBytes).where(eq(photoBytes.key, p.key)).limit(1);
  return row?.size;
}

/** `length` bytes of a stored photo from `offset` (0-based); empty past the end or for an unknown key. */
export async function readPhotoSlice(db: Db, p: { key: string; offset: number; length: number }): Promise<Buffer> {
  const [row] = await db
    .select({ bytes: sql<Buffer>`substring(${photoBytes.bytes} from ${p.offset + 1}::int for ${p.length}::int)` })
    .from(photoBytes)
    .where(eq(photoBytes.key, p.key))
    .limit(1);
  return row ? Buffer.from(row.bytes) : Buffer.alloc(0);
}

export async function deletePhotoBytes(db: Db, p: { key: string }) {
  await db.delete(photoBytes).where(eq(photoBytes.key, p.key));
}

/** The cheapest statement that proves the table answers. */
export async function probePhotoBytes(db: Db) {
  await db.select({ key: photoBytes.key }).from(photoBytes).limit(1);
}
