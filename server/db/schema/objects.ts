import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common.ts';
import { projects } from './projects.ts';
import { units } from './units.ts';

/** Stored photos. A row is created with the upload ticket; uploadedAt is set once the bytes are in. */
export const storedObjects = pgTable(
  'stored_objects',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    /** Storage key, also the tail of the /objects/... path. */
    key: text('key').notNull().unique(),
    /** SHA-256 of the single-use upload token; cleared once used. */
    uploadTokenHash: text('upload_token_hash'),
    uploadExpiresAt: timestamp('upload_expires_at', { withTimezone: true }),
    contentType: text('content_type'),
    size: integer('size'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('stored_objects_project_idx').on(t.projectId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Photo bytes when the server runs on PostgreSQL without S3 (docs/decisions/033-photos-in-postgresql.md):
 * every instance reaches them and `pg_dump` holds them. A photo does not compress, so TOAST keeps it
 * uncompressed and `substring` reads back only the slice asked for: a photo streams out in slices.
 */
export const photoBytes = pgTable('photo_bytes', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
