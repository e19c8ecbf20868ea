import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite, type Database } from './client.ts';

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  while (opened.length) await opened.pop()!.close();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});
async function open(opts?: { durable?: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-durable-'));
  dirs.push(dir);
  const database = await openPglite(dir, undefined, opts);
  opened.push(database);
  await database.pglite!.exec('create table t (x int)');
  return { dir, database };
}
/** One durable database for the tests that only read how it flushes: each start of one is a whole initdb. */
let durable: ReturnType<typeof open> | undefined;
const openDurable = () => (durable ??= open());
/** Host files fsync(2)ed while `run` goes on (resolved from the descriptor at the time of the call). */
async function fsyncedFiles(run: () => Promise<unknown>): Promise<string[]> {
  const files: string[] = [];
  const real = fs.fsyncSync;
  vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
    files.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
    return real(fd);
  });
  await run();
  vi.restoreAllMocks();
  return files;
}

describe('embedded database durability', () => {
  it('runs postgres with fsync on and flushes the WAL to disk before a commit is acknowledged', async () => {
    const { dir, database } = await openDurable();
    const db = database.pglite!;
    expect((await db.query<{ fsync: string }>('show fsync')).rows[0].fsync).toBe('on');
    const files = await fsyncedFiles(() => db.query('insert into t values (1)'));
    expect(files.some((f) => f.startsWith(path.join(fs.realpathSync(dir), 'pg_wal')))).toBe(true);
  });

  it('every acknowledged commit is flushed, not only some', async () => {
    const { database } = await openDurable();
    const files = await fsyncedFiles(async () => {
      for (let i = 0; i < 5; i++) await database.pglite!.query('insert into t values ($1)', [i]);
    });
    expect(files.filter((f) => f.includes('pg_wal')).length).toBeGreaterThanOrEqual(5);
  });

  it('can be turned off (the benchmark compares both)', async () => {
    const { database } = await open({ durable: false });
    expect((await database.pglite!.query<{ fsync: string }>('show fsync')).rows[0].fsync).toBe('off');
    expect(await fsyncedFiles(() => database.pglite!.query('insert into t values (1)'))).toEqual([]);
  });
});
