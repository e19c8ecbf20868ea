import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helpers.ts';
import { storageFor } from './choose-storage.ts';
import { DatabaseStorage, PHOTO_SLICE_BYTES } from './database-storage.ts';
import { LocalStorage, type StoredBody } from './storage.ts';

/** Photos in PostgreSQL without S3 (docs/decisions/033-photos-in-postgresql.md); the class runs on either database. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let dir: string;
let earlier: LocalStorage;
let store: DatabaseStorage;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-dbstore-'));
  earlier = new LocalStorage(dir);
  store = new DatabaseStorage(database.db, earlier);
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function read(body: StoredBody | undefined) {
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of body.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length, size: body.size };
}

describe('photos in the database', () => {
  it('gives back exactly the bytes stored, in slices, with their length', async () => {
    const photo = Buffer.alloc(PHOTO_SLICE_BYTES * 2 + 1234);
    for (let i = 0; i < photo.length; i++) photo[i] = (i * 31 + 7) % 251;
    await store.put('units/u1/big.jpg', photo, 'image/jpeg');
    const back = await read(await store.get('units/u1/big.jpg'));
    expect(back?.size).toBe(photo.length);
    expect(back?.bytes.equals(photo)).toBe(true);
    expect(back?.chunks).toBe(3);
  });

  it('replaces the bytes when the same key is written again (a retried upload)', async () => {
    await store.put('units/u1/retry.jpg', Buffer.from('first'), 'image/jpeg');
    await store.put('units/u1/retry.jpg', Buffer.from('second try'), 'image/png');
    const back = await read(await store.get('units/u1/retry.jpg'));
    expect(back?.bytes.toString()).toBe('second try');
    expect(back?.size).toBe(10);
  });

  it('answers undefined for a key it does not hold, and after a delete', async () => {
    expect(await store.get('units/u1/none.jpg')).toBeUndefined();
    await store.put('units/u1/gone.jpg', Buffer.from('x'), 'image/jpeg');
    await store.delete('units/u1/gone.jpg');
    expect(await store.get('units/u1/gone.jpg')).toBeUndefined();
  });

  it('still serves, and deletes, a photo an earlier version kept in DATA_DIR/objects', async () => {
    await earlier.put('units/u2/old.jpg', Buffer.from('old photo'));
    expect((await read(await store.get('units/u2/old.jpg')))?.bytes.toString()).toBe('old photo');
    await store.delete('units/u2/old.jpg');
    expect(fs.existsSync(path.join(dir, 'units', 'u2', 'old.jpg'))).toBe(false);
  });

  it('refuses a key that climbs out, as the file store does', async () => {
    await expect(store.put('../etc/passwd', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/unsafe storage key/);
  });

  it('is the store on PostgreSQL without S3; files on the embedded database; S3 when set', () => {
    const s3 = { endpoint: 'http://127.0.0.1:1', bucket: 'b', region: 'r', accessKeyId: 'a', secretAccessKey: 's', pathStyle: true };
    expect(storageFor({ s3: undefined, dataDir: dir }, { kind: 'postgres', db: database.db }).kind).toBe('database');
    expect(storageFor({ s3: undefined, dataDir: dir }, { kind: 'pglite', db: database.db }).kind).toBe('local');
    expect(storageFor({ s3, dataDir: dir }, { kind: 'postgres', db: database.db }).kind).toBe('s3');
  });
});
