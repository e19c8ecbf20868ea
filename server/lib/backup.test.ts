import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/client.ts';
import { snapshotPglite } from './backup.ts';

const opened: (Database | PGlite)[] = [];
const dirs: string[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

describe('snapshotPglite', () => {
  it('waits for an open transaction and holds what was committed before it, nothing half-done', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-snapshot-'));
    dirs.push(dir);
    const database = await openPglite(path.join(dir, 'db'));
    opened.push(database);
    const pglite = database.pglite!;
    await pglite.exec('create table t (n int); insert into t values (1)');

    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inserted!: () => void;
    const begun = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.exec('insert into t values (2)');
      inserted();
      await held;
      await tx.exec('insert into t values (3)');
    });
    await begun;
    let taken = false;
    const snapshot = snapshotPglite(pglite).then((bytes) => ((taken = true), bytes));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(taken).toBe(false);
    finish();
    await transaction;
    const bytes = await snapshot;
    await pglite.exec('insert into t values (4)');

    const copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(bytes)]) });
    opened.push(copy);
    // The whole transaction (2 and 3), which had to finish first; not 4, which came after.
    expect((await copy.query<{ n: number }>('select n from t order by n')).rows.map((r) => r.n)).toEqual([1, 2, 3]);
  });
});
