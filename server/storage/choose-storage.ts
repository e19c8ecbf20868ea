import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DatabaseStorage } from './database-storage.ts';
import { LocalStorage, S3Storage, type ObjectStorage } from './storage.ts';

/**
 * Where photos go (docs/decisions/033-photos-in-postgresql.md): S3 when it is configured; on
 * PostgreSQL without S3, the database itself, so every instance serves every photo (photos an
 * earlier version kept in DATA_DIR/objects are still read there); on the embedded database, files
 * under DATA_DIR/objects beside it.
 */
export function storageFor(config: Pick<Config, 's3' | 'dataDir'>, database: Pick<Database, 'kind' | 'db'>): ObjectStorage {
  if (config.s3) return new S3Storage(config.s3);
  const local = new LocalStorage(path.join(config.dataDir, 'objects'));
  return database.kind === 'postgres' ? new DatabaseStorage(database.db, local) : local;
}
