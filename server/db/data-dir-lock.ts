import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * PGlite does not lock its data directory: a second process would open it too and silently
 * lose writes. Hold an exclusive lock for the life of the process, refuse to start otherwise.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, '.shalav');
  if (!fs.existsSync(target)) fs.writeFileSync(target, 'lock target for the embedded database\n');
  try {
    return lockfile.lockSync(target, { stale: 15_000, update: 5_000, realpath: false });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(
        `The data directory ${dataDir} is in use by another Shalav process. ` +
          'Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).',
        { cause: err },
      );
    }
    throw err;
  }
}
