import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { presignS3Url, type S3Options } from './s3-sign.ts';

/** Stored bytes and, when the store knows it, their exact length (what a Content-Length may say). */
export interface StoredBody {
  stream: Readable;
  size: number | undefined;
}

/** Temporary upload files end like this; nothing else in the storage root does. */
const TMP_SUFFIX = '.upload-tmp';
const TMP_PATTERN = /\.[A-Za-z0-9_-]{8,}\.upload-tmp$/;

/** One S3 request (or a health check) gives up after this long: a hung store must not hold an upload. */
export const STORAGE_REQUEST_TIMEOUT_MS = 30_000;

/**
 * The photo store cannot be used right now (an S3 endpoint refusing, answering 5xx or timing out; a
 * local directory unreadable, full or read-only). Answered 503 `storage_unavailable` + Retry-After
 * and logged as storage, never as the database (docs/decisions/027-storage-and-quota.md).
 */
export class StorageUnavailableError extends Error {
  constructor(
    readonly storageKind: 'local' | 's3',
    operation: string,
    cause: unknown,
  ) {
    super(`${storageKind} storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** Whether a file name in the storage root is a write still under way (or abandoned), not a photo. */
export function isTemporaryUpload(name: string): boolean {
  return TMP_PATTERN.test(name);
}

/** Where photo bytes live. Keys are relative paths such as `units/<unit id>/<random>.jpg`. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3' | 'database';
  /** Resolves when the store answers within `timeoutMs`; throws StorageUnavailableError otherwise. Cheap. */
  check(timeoutMs: number): Promise<void>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when the key does not exist. */
  get(key: string): Promise<StoredBody | undefined>;
  delete(key: string): Promise<void>;
  /** Removes temporary files an interrupted write left behind (older than `olderThanMs`); returns how many. */
  sweepTemporaryFiles?(olderThanMs: number): Promise<number>;
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

  async check() {
    try {
      await fs.promises.mkdir(this.root, { recursive: true });
      await fs.promises.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
    } catch (err) {
      throw new StorageUnavailableError(this.kind, 'check', err);
    }
  }

  async put(key: string, bytes: Buffer) {
    const file = this.file(key);
    const dir = path.dirname(file);
    // Write a temporary file of this write's own (two writers never share one), then rename it over
    // the key: a reader never sees half a photo, and a failed write leaves nothing behind.
    const tmp = `${file}.${randomBytes(9).toString('base64url')}${TMP_SUFFIX}`;
    try {
      await fs.promises.mkdir(dir, { recursive: true });
      // The bytes, then the rename, are on disk before the upload is answered 200: a crash or a power
      // cut right after cannot lose a photo the worker was told is stored.
      const handle = await fs.promises.open(tmp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(tmp, file);
      await syncDirectory(dir);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      throw new StorageUnavailableError(this.kind, 'write', err);
    }
  }

  async get(key: string): Promise<StoredBody | undefined> {
    const file = this.file(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new StorageUnavailableError(this.kind, 'read', err);
    }
    // The length of the very file being streamed (a rename over the key cannot make them disagree).
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (err) {
      await handle.close();
      throw new StorageUnavailableError(this.kind, 'read', err);
    }
  }

  async sweepTemporaryFiles(olderThanMs: number) {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile() || !TMP_PATTERN.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      // A young one may belong to a write still under way in another server process on this directory.
      if (!stat || stat.mtimeMs > cutoff) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  async delete(key: string) {
    const file = this.file(key);
    try {
      await fs.promises.rm(file, { force: true });
    } catch (err) {
      throw new StorageUnavailableError(this.kind, 'delete', err);
    }
  }
}

/** fsync of a directory, so that a rename in it survives a crash (a no-op where directories cannot be opened). */
async function syncDirectory(dir: string) {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(dir, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
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
  presign(method: 'GET' | 'HEAD' | 'PUT' | 'DELETE', key: string, expiresSeconds = 300) {
    assertSafeKey(key);
    return presignS3Url(this.options, { method, key, expiresSeconds, now: this.now() });
  }

  /** One request to the store; a refused, hung or 5xx-answering endpoint is StorageUnavailableError. */
  private async send(operation: string, url: string, init: RequestInit = {}, timeoutMs = STORAGE_REQUEST_TIMEOUT_MS) {
    // The deadline covers the request and the answer's headers, not the streaming of a photo to a slow reader.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: abort.signal });
    } catch (err) {
      throw new StorageUnavailableError(this.kind, operation, err);
    } finally {
      clearTimeout(timer);
    }
    if (res.status >= 500) {
      await res.body?.cancel().catch(() => undefined);
      throw new StorageUnavailableError(this.kind, operation, new Error(`S3 answered ${res.status}`));
    }
    return res;
  }

  /** A HEAD of one fixed key: 200 or 404 means the bucket answers and the credentials are accepted. */
  async check(timeoutMs: number) {
    const res = await this.send('check', this.presign('HEAD', 'shalav-health-check'), { method: 'HEAD' }, timeoutMs);
    if (!res.ok && res.status !== 404) throw new StorageUnavailableError(this.kind, 'check', new Error(`S3 answered ${res.status}`));
  }

  async put(key: string, bytes: Buffer, contentType: string) {
    const res = await this.send('write', this.presign('PUT', key), {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': contentType },
    });
    if (!res.ok) throw new StorageUnavailableError(this.kind, 'write', new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`));
  }

  async get(key: string): Promise<StoredBody | undefined> {
    const res = await this.send('read', this.presign('GET', key));
    if (res.status === 404) return undefined;
    if (!res.ok || !res.body) throw new StorageUnavailableError(this.kind, 'read', new Error(`S3 GET ${key}: ${res.status}`));
    const length = Number(res.headers.get('content-length') ?? NaN);
    return {
      stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      size: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
    };
  }

  async delete(key: string) {
    const res = await this.send('delete', this.presign('DELETE', key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new StorageUnavailableError(this.kind, 'delete', new Error(`S3 DELETE ${key}: ${res.status}`));
  }
}
