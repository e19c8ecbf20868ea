import { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import * as q from './photo-bytes.queries.ts';
import { assertSafeKey, type ObjectStorage, type StoredBody } from './storage.ts';

/** A photo streams out in slices of this size: a 10 MB photo never sits whole in the server's memory. */
export const PHOTO_SLICE_BYTES = 512 * 1024;

/**
 * Photos in PostgreSQL (docs/decisions/033-photos-in-postgresql.md): the store when the server runs
 * on PostgreSQL without S3, so that every instance behind a load balancer serves every photo and
 * `pg_dump` holds them. A failure here is the database's and is answered as such (503
 * `database_unavailable`), never as a storage outage. Photos that an earlier version wrote to
 * DATA_DIR/objects are still read (and deleted) there, through `earlier`.
 */
export class DatabaseStorage implements ObjectStorage {
  readonly kind = 'database' as const;
  constructor(
    private readonly db: Db,
    private readonly earlier?: ObjectStorage,
  ) {}

  async check() {
    await q.probePhotoBytes(this.db);
  }

  async put(key: string, bytes: Buffer, contentType: string) {
    assertSafeKey(key);
    await q.putPhotoBytes(this.db, { key, contentType, bytes });
  }

  async get(key: string): Promise<StoredBody | undefined> {
    assertSafeKey(key);
    const size = await q.findPhotoSize(this.db, { key });
    if (size === undefined) return this.earlier?.get(key);
    const db = this.db;
    async function* slices() {
      for (let offset = 0; offset < size!; offset += PHOTO_SLICE_BYTES) {
        const slice = await q.readPhotoSlice(db, { key, offset, length: PHOTO_SLICE_BYTES });
        // Deleted while it streamed: end short rather than hang; the reader sees fewer bytes than announced.
        if (slice.length === 0) return;
        yield slice;
      }
    }
    return { stream: Readable.from(slices(), { objectMode: false }), size };
  }

  async delete(key: string) {
    assertSafeKey(key);
    await q.deletePhotoBytes(this.db, { key });
    await this.earlier?.delete(key);
  }

  async sweepTemporaryFiles(olderThanMs: number) {
    return (await this.earlier?.sweepTemporaryFiles?.(olderThanMs)) ?? 0;
  }
}
