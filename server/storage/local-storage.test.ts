import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from './storage.ts';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('local photo storage', () => {
  it('has the photo and its directory entry on disk (fsync) before put resolves', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-local-'));
    dirs.push(root);
    const synced: string[] = [];
    const open = fs.promises.open;
    vi.spyOn(fs.promises, 'open').mockImplementation(async (...args: Parameters<typeof open>) => {
      const handle = await open(...args);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        await sync();
        synced.push(String(args[0]));
      };
      return handle;
    });
    await new LocalStorage(root).put('units/u1/photo', Buffer.from('bytes'));
    const dir = path.join(root, 'units', 'u1');
    expect(fs.readFileSync(path.join(dir, 'photo'), 'utf8')).toBe('bytes');
    // The temporary file's bytes, then the directory holding the renamed photo.
    expect(synced).toHaveLength(2);
    expect(synced[0]).toMatch(/\.upload-tmp$/);
    expect(synced[1]).toBe(dir);
    expect(fs.readdirSync(dir)).toEqual(['photo']);
  });
});
