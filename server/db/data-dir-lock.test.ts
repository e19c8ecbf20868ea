import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const releases: (() => void)[] = [];
const dirs: string[] = [];
afterEach(() => {
  while (releases.length) releases.pop()!();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-lock-'));
  dirs.push(d);
  return d;
};

describe('data directory lock', () => {
  it('refuses a second lock on the same directory with a clear message', () => {
    const dir = path.join(tempDir(), 'data');
    releases.push(lockDataDir(dir));
    expect(() => lockDataDir(dir)).toThrow(
      `The data directory ${dir} is in use by another Shalav process. Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).`,
    );
  });

  it('allows the lock again once released, and locks different directories independently', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    release();
    releases.push(lockDataDir(dir));
    releases.push(lockDataDir(tempDir()));
  });
});
