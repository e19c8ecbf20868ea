import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { presignS3Url, type S3Options } from './s3-sign.ts';

/** Where photo bytes live. Keys are relative paths such as `units/<unit id>/<random>.jpg`. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when the key does not exist. */
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys are made by the server; still, never let one climb out of the storage root. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** The default: files under DATA_DIR/objects. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer) {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a photo.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, file);
  }

  async get(key: string) {
    const file = this.file(key);
    try {
      await fs.promises.access(file);
    } catch {
      return undefined;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string) {
    await fs.promises.rm(this.file(key), { force: true });
  }
}

/**
 * S3-compatible object storage (AWS S3, MinIO, R2…). Every request goes to a short-lived
 * presigned URL (SigV4 in the query string), so no SDK and no credentials leave the server.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  constructor(
    private readonly options: S3Options,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A presigned URL for one request on one key, valid for `expiresSeconds`. */
  presign(method: 'GET' | 'PUT' | 'DELETE', key: string, expiresSeconds = 300) {
    assertSafeKey(key);
    return presignS3Url(this.options, { method, key, expiresSeconds, now: this.now() });
  }

  async put(key: string, bytes: Buffer, contentType: string) {
    const res = await fetch(this.presign('PUT', key), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
  }

  async get(key: string) {
    const res = await fetch(this.presign('GET', key));
    if (res.status === 404) return undefined;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${res.status}`);
    return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  }

  async delete(key: string) {
    const res = await fetch(this.presign('DELETE', key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
  }
}
