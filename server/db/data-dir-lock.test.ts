import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const releases: (() => void)[] = [];
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  // Only the children this file started, by their own PID.
  while (children.length) {
    const child = children.pop()!;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  while (releases.length) releases.pop()!();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-lock-'));
  dirs.push(d);
  return d;
};
const inUse = (dir: string) =>
  `The data directory ${dir} is in use by another Shalav process. Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).`;

const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir-lock.ts');

/** A separate Node process that takes the lock and then waits; resolves once it holds it. */
async function childHoldingLock(dir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(lockModule)}; lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`lock holder exited (${code}): ${stderr}`)));
  });
  return child;
}

describe('data directory lock', () => {
  it('refuses a second lock on the same directory with a clear message', () => {
    const dir = path.join(tempDir(), 'data');
    releases.push(lockDataDir(dir));
    expect(() => lockDataDir(dir)).toThrow(inUse(dir));
  });

  it('allows the lock again once released, and locks different directories independently', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    releases.push(lockDataDir(dir));
    releases.push(lockDataDir(tempDir()));
  });

  it('refuses while another live process holds the lock', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    expect(() => lockDataDir(dir)).toThrow(inUse(dir));
    expect(child.exitCode).toBeNull();
  });

  it('takes the lock at once after its holder was killed with SIGKILL', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The dead holder's file is still there: no cleanup ran.
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(child.pid);
    const started = Date.now();
    releases.push(lockDataDir(dir));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    // ...and it is really held again.
    expect(() => lockDataDir(dir)).toThrow(inUse(dir));
  });

  it('takes over a lock whose PID now belongs to another program (reused after a restart)', () => {
    const dir = tempDir();
    // Our own PID, but a start time that is not ours: what a container restart leaves behind.
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, start: '1', nonce: 'old' }));
    releases.push(lockDataDir(dir));
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).nonce).not.toBe('old');
  });

  it('starts on a copy of a live data directory: the copied lock names another directory', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    const copy = path.join(tempDir(), 'copy');
    fs.cpSync(dir, copy, { recursive: true });
    expect(JSON.parse(fs.readFileSync(path.join(copy, LOCK_FILE), 'utf8')).pid).toBe(child.pid);
    releases.push(lockDataDir(copy));
    expect(JSON.parse(fs.readFileSync(path.join(copy, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    // The original stays locked by its running holder.
    expect(() => lockDataDir(dir)).toThrow(inUse(dir));
    expect(child.exitCode).toBeNull();
  });

  it('takes over a lock written on another machine or boot, even when its PID and start time run here', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    const lockPath = path.join(dir, LOCK_FILE);
    const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
    expect(owner.boot).toMatch(/^(boot|host):/);
    fs.writeFileSync(lockPath, JSON.stringify({ ...owner, boot: 'boot:another-machine' }));
    releases.push(lockDataDir(dir));
    expect(JSON.parse(fs.readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
    expect(child.exitCode).toBeNull();
  });

  it('still refuses the lock of a live holder that names no directory or boot (an older version)', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    const lockPath = path.join(dir, LOCK_FILE);
    const { pid, start, nonce } = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
    fs.writeFileSync(lockPath, JSON.stringify({ pid, start, nonce }));
    expect(() => lockDataDir(dir)).toThrow(inUse(dir));
    expect(child.exitCode).toBeNull();
  });

  it('takes over an unreadable lock file (left by an older version)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'garbage');
    releases.push(lockDataDir(dir));
    expect(() => lockDataDir(dir)).toThrow(inUse(dir));
  });
});
