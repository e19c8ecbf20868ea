import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { assertSafeKey, isTemporaryUpload } from '../storage/storage.ts';
import { readTar, TarWriter } from './tar.ts';

/**
 * Backups of a DATA_DIR while its server runs (docs/decisions/028-backups.md). PGlite is one
 * connection inside the server process, so another process cannot read its files consistently:
 * the server answers a snapshot on a Unix socket that only its own OS user may open.
 */
const SOCKET_DIR = '.shalav-backup';
export const backupSocketPath = (dataDir: string) => path.join(dataDir, SOCKET_DIR, 'socket');

const MANIFEST = 'shalav-backup.json';
const DATABASE_ENTRY = 'db.tar.gz';
const PHOTOS_PREFIX = 'objects/';
const SNAPSHOT_TIMEOUT_MS = 120_000;

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'embedded' | 'postgres';
  photos: 'local' | 's3';
  photoCount: number;
}

export interface BackupTarget {
  dataDir: string;
  /** PostgreSQL mode: the database is backed up with pg_dump, not here. */
  databaseUrl?: string;
  /** Photos in a bucket: the bucket is their backup, not this archive. */
  s3: boolean;
}

/**
 * A consistent copy of the database: no transaction is open (the transaction lock is held), and
 * nothing runs while the files are read (dumpDataDir holds the query lock). The checkpoint before
 * (outside: a statement takes the transaction lock itself) only keeps the restore's replay short.
 */
export async function snapshotPglite(pglite: PGlite): Promise<Buffer> {
  await pglite.exec('CHECKPOINT');
  const blob = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
  return Buffer.from(await blob.arrayBuffer());
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Listens on DATA_DIR/.shalav-backup/socket; each connection gets one snapshot, then the socket closes. */
export async function listenForBackups(dataDir: string, pglite: PGlite, log: Logger): Promise<{ close: () => Promise<void> }> {
  const dir = path.join(dataDir, SOCKET_DIR);
  const socketPath = backupSocketPath(dataDir);
  // The directory is private to the server's user before the socket exists, so no other user can
  // connect in the instant before the socket's own mode is set.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // This process holds the data directory's lock: a socket file here is a previous run's.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    conn.on('error', () => undefined);
    snapshotPglite(pglite).then(
      (bytes) => {
        conn.write(JSON.stringify({ size: bytes.length }) + '\n');
        conn.end(bytes);
      },
      (err: unknown) => conn.end(JSON.stringify({ error: (err as Error).message }) + '\n'),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    log.warn({ err: (err as Error).message, socketPath }, 'backup socket not available: `npm run backup` cannot reach this server');
    return { close: async () => undefined };
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the running server for a snapshot; `undefined` when no server listens on the socket. */
export async function requestSnapshot(dataDir: string): Promise<Buffer | undefined> {
  const conn = net.connect(backupSocketPath(dataDir));
  const chunks: Buffer[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      conn.once('connect', resolve).once('error', reject);
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    throw err;
  }
  conn.setTimeout(SNAPSHOT_TIMEOUT_MS, () => conn.destroy(new Error('the server did not send its snapshot in time')));
  await new Promise<void>((resolve, reject) => {
    conn.on('data', (chunk: Buffer) => chunks.push(chunk));
    conn.once('end', resolve).once('error', reject);
  });
  const all = Buffer.concat(chunks);
  const newline = all.indexOf(0x0a);
  const head = JSON.parse(all.subarray(0, newline).toString('utf8')) as { size?: number; error?: string };
  if (head.error !== undefined) throw new Error(`the server could not take a snapshot: ${head.error}`);
  const bytes = all.subarray(newline + 1);
  if (bytes.length !== head.size) throw new Error(`the snapshot was cut short (${bytes.length} of ${head.size} bytes)`);
  return bytes;
}

/** Snapshot without a server: holds the lock, so none starts meanwhile, until `release`. */
async function snapshotOffline(dataDir: string): Promise<{ bytes: Buffer; release: () => void }> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    throw new Error(
      `${(err as Error).message}\nIt does not answer on ${backupSocketPath(dataDir)}: is it an older version of Shalav? Upgrade it, or stop it and back up then.`,
      { cause: err },
    );
  }
  try {
    const dbDir = path.join(dataDir, 'db');
    if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`There is no database in ${dbDir}: nothing to back up.`);
    const database = await openPglite(dbDir);
    try {
      return { bytes: await snapshotPglite(database.pglite!), release };
    } finally {
      await database.close();
    }
  } catch (err) {
    release();
    throw err;
  }
}

function listPhotos(root: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile() && !isTemporaryUpload(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Writes the archive to `file` (through a temporary name, so a failed backup leaves no file that
 * looks whole). The database first, then the photos: a photo is never changed once stored, so
 * every photo the snapshot names is on disk when the photos are copied.
 */
export async function createBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  let snapshot: { bytes: Buffer; release?: () => void } | undefined;
  if (!target.databaseUrl)
    snapshot = (await requestSnapshot(target.dataDir).then((bytes) => bytes && { bytes })) ?? (await snapshotOffline(target.dataDir));
  const partial = `${file}.partial`;
  try {
    const handle = await fs.promises.open(partial, 'w', 0o600);
    const root = path.join(target.dataDir, 'objects');
    const keys = target.s3 ? [] : listPhotos(root);
    let photoCount = 0;
    try {
      const tar = new TarWriter(handle);
      const manifest: BackupManifest = {
        format: 1,
        createdAt: new Date().toISOString(),
        database: target.databaseUrl ? 'postgres' : 'embedded',
        photos: target.s3 ? 's3' : 'local',
        photoCount: keys.length,
      };
      if (snapshot) await tar.add(DATABASE_ENTRY, snapshot.bytes);
      for (const key of keys) {
        let bytes: Buffer;
        try {
          bytes = await fs.promises.readFile(path.join(root, ...key.split('/')));
        } catch (err) {
          // Deleted since it was listed (docs/decisions/028-backups.md).
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        await tar.add(PHOTOS_PREFIX + key, bytes);
        photoCount++;
      }
      manifest.photoCount = photoCount;
      await tar.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
      await tar.finish();
      await handle.sync();
      await fs.promises.rename(partial, file);
      return manifest;
    } finally {
      await handle.close();
    }
  } catch (err) {
    await fs.promises.rm(partial, { force: true });
    throw err;
  } finally {
    snapshot?.release?.();
  }
}

export class RestoreRefused extends Error {}

/** Restores an archive into an empty (or missing) DATA_DIR; refuses one that holds anything. */
export async function restoreBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`There is no backup file ${file}.`);
  const present = fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir) : [];
  if (present.length > 0) {
    throw new RestoreRefused(
      `The data directory ${target.dataDir} already holds data (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}). ` +
        'A restore never overwrites: set DATA_DIR to a new, empty directory (or move this one away) and run the restore again.',
    );
  }
  const release = lockDataDir(target.dataDir);
  try {
    let manifest: BackupManifest | undefined;
    let database: Buffer | undefined;
    const root = path.join(target.dataDir, 'objects');
    for await (const entry of readTar(file)) {
      if (entry.name === MANIFEST) manifest = JSON.parse(entry.data.toString('utf8')) as BackupManifest;
      else if (entry.name === DATABASE_ENTRY) database = entry.data;
      else if (entry.name.startsWith(PHOTOS_PREFIX)) {
        const key = entry.name.slice(PHOTOS_PREFIX.length);
        assertSafeKey(key);
        const dest = path.join(root, ...key.split('/'));
        await fs.promises.mkdir(path.dirname(dest), { recursive: true });
        await fs.promises.writeFile(dest, entry.data, { flag: 'wx' });
      }
    }
    if (!manifest) throw new Error(`${file} is not a Shalav backup (it has no ${MANIFEST}).`);
    if (manifest.database === 'embedded') {
      if (!database) throw new Error(`${file} is incomplete: it has no ${DATABASE_ENTRY}.`);
      const restored = await openPglite(path.join(target.dataDir, 'db'), new Blob([new Uint8Array(database)]));
      await restored.close();
    }
    return manifest;
  } finally {
    release();
  }
}
