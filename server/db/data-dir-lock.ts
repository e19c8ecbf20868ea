import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * PGlite does not lock its data directory: a second process would open it too and silently
 * lose writes. Hold an exclusive lock for the life of the process, refuse to start otherwise.
 *
 * The lock is a file naming its owner (PID, the PID's start time, a random nonce). It dies with
 * its process: a lock whose owner is no longer running (killed with SIGKILL, power cut) is taken
 * over at once, without waiting for a staleness timeout (docs/decisions/010-crash-safety.md).
 * It also names the directory it locks and the machine's boot: a copy of a live DATA_DIR (a backup
 * of the files, a clone on another machine) starts without anyone deleting the file first
 * (docs/decisions/028-backups.md).
 */
interface Owner {
  pid: number;
  /** Start time of the PID (Linux clock ticks since boot), so a reused PID is not taken for the owner. */
  start: string | null;
  nonce: string;
  /** Device and inode of the locked directory: a copy of the directory is another one. */
  dir?: string;
  /** The kernel's boot id (the host name where there is none): a PID means nothing on another boot or machine. */
  boot?: string;
}

// Not '.shalav.lock': that name is the directory the previous lock (proper-lockfile) left behind.
export const LOCK_FILE = '.shalav.pid';

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const dir = directoryIdentity(dataDir);
  const boot = bootIdentity();
  const me: Owner = { pid: process.pid, start: processStartTime(process.pid), nonce: randomBytes(12).toString('hex'), dir, boot };

  // A few rounds only: each round either takes the lock, meets a live owner, or removes a dead one.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(lockPath, me)) return () => release(lockPath, me.nonce);
    const owner = readOwner(lockPath);
    if (owner === 'missing') continue;
    if (owner !== 'unreadable' && ownsThisDirectory(owner, dir, boot) && isAlive(owner)) {
      throw new Error(
        `The data directory ${dataDir} is in use by another Shalav process. ` +
          'Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).',
      );
    }
    removeStale(lockPath, owner === 'unreadable' ? undefined : owner.nonce);
  }
  throw new Error(`Could not lock the data directory ${dataDir}: another process keeps changing its lock file ${lockPath}.`);
}

/**
 * Creates the lock file with its full content in one step: write a private temporary file, then
 * hard-link it into place (link fails if the name exists, like O_EXCL), so no reader ever sees
 * an empty or half-written lock.
 */
function createExclusive(lockPath: string, me: Owner): boolean {
  const tmp = `${lockPath}.${me.nonce}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(me), { flag: 'wx' });
  try {
    fs.linkSync(tmp, lockPath);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function readOwner(lockPath: string): Owner | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  try {
    const v = JSON.parse(text) as Partial<Owner>;
    if (typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0 && typeof v.nonce === 'string') {
      return {
        pid: v.pid,
        start: typeof v.start === 'string' ? v.start : null,
        nonce: v.nonce,
        dir: typeof v.dir === 'string' ? v.dir : undefined,
        boot: typeof v.boot === 'string' ? v.boot : undefined,
      };
    }
  } catch {
    // fall through: a lock file we did not write (e.g. an older format) names no running owner
  }
  return 'unreadable';
}

/**
 * Whether the lock was written for this very directory on this boot of this machine. A lock of an
 * older version names neither: only its PID decides, as before.
 */
function ownsThisDirectory(owner: Owner, dir: string, boot: string): boolean {
  return (owner.dir === undefined || owner.dir === dir) && (owner.boot === undefined || owner.boot === boot);
}

function directoryIdentity(dataDir: string): string {
  const stat = fs.statSync(dataDir);
  return `${stat.dev}:${stat.ino}`;
}

function bootIdentity(): string {
  try {
    return `boot:${fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}`;
  } catch {
    return `host:${os.hostname()}`;
  }
}

function isAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the PID exists but belongs to another user — still a live process.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The PID runs, but after a reboot or a container restart it may be another program (even
  // this very process): only the same start time proves it is the owner.
  const start = processStartTime(owner.pid);
  return owner.start === null || start === null || start === owner.start;
}

/**
 * Moves the dead owner's file aside (rename is atomic, so of two processes taking over at once
 * only one moves it) and checks it really was the dead one; a live lock moved by mistake in a
 * race is put back.
 */
function removeStale(lockPath: string, staleNonce: string | undefined) {
  const aside = `${lockPath}.${randomBytes(6).toString('hex')}.stale`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readOwner(aside);
  const wasStale = moved === 'unreadable' ? staleNonce === undefined : moved !== 'missing' && moved.nonce === staleNonce;
  if (!wasStale) {
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      // someone locked in between; the next round sees their lock
    }
  }
  fs.rmSync(aside, { force: true });
}

function release(lockPath: string, nonce: string) {
  const owner = readOwner(lockPath);
  if (owner !== 'missing' && owner !== 'unreadable' && owner.nonce === nonce) fs.rmSync(lockPath, { force: true });
}

/** Start time of a process in clock ticks since boot (Linux /proc); null where there is no /proc. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
