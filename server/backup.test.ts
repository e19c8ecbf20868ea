import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CHILD_START_TIMEOUT_MS, startChildServer, type ChildServer } from './test/child-server.ts';
import { registration } from './test/helpers.ts';
import { backupSocketPath } from './lib/backup.ts';

// The real processes: server/main.ts on a temp DATA_DIR, and `scripts/backup.ts` / `scripts/restore.ts` beside it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const servers: ChildServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.dispose();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});
// A hang guard per process a test starts (two servers, a backup and a restore): a start on a busy
// machine may take long, and a test fails on its assertions, not on time.
const PROCESSES = { timeout: 4 * CHILD_START_TIMEOUT_MS };
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-backup-'));
  dirs.push(d);
  return d;
};

/** Runs `npm run backup|restore` as the operator would (node --import tsx scripts/<name>.ts FILE). */
function runScript(
  name: 'backup' | 'restore',
  file: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, file],
      { cwd: root, env, timeout: CHILD_START_TIMEOUT_MS },
      (err, stdout, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          output: stdout + stderr + (err?.killed ? `\n(killed after ${CHILD_START_TIMEOUT_MS / 1000} s)` : ''),
        }),
    );
  });
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251))]);

async function signIn(base: string, creds: { username: string; password: string }) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A project with a unit whose first stage is completed with a photo, all through HTTP. */
async function projectWithCompletedStage(base: string) {
  const body = registration();
  const json = { 'content-type': 'application/json' };
  expect((await fetch(`${base}/api/register`, { method: 'POST', headers: json, body: JSON.stringify(body) })).status).toBe(201);
  const cookie = await signIn(base, body);
  const unit = await fetch(`${base}/api/rooms`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ number: 'A101' }) });
  expect(unit.status).toBe(201);
  const unitId = ((await unit.json()) as { id: string }).id;
  const stage = { roomId: unitId, taskTemplates: [{ name: 'Waterproofing', requiresPhoto: true, estimatedMinutes: 30 }] };
  expect(
    (await fetch(`${base}/api/task-schedules`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(stage) })).status,
  ).toBe(201);
  const tasks = (await (await fetch(`${base}/api/scheduled-tasks-public/${unitId}`)).json()) as { id: string }[];
  expect(tasks.length).toBeGreaterThan(0);
  const ticket = await fetch(`${base}/api/objects/upload`, { method: 'POST', headers: json, body: JSON.stringify({ roomId: unitId }) });
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  expect((await fetch(`${base}${uploadURL}`, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: JPEG })).status).toBe(200);
  const done = await fetch(`${base}/api/scheduled-tasks-complete/${tasks[0].id}`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ workerName: 'Yossi', photoUrl: objectPath }),
  });
  expect(done.status).toBe(200);
  return { credentials: { username: body.username, password: body.password }, unitId, taskId: tasks[0].id, objectPath };
}

describe('npm run backup / npm run restore', () => {
  it('backs up a running server and restores the project, its completion and its photo byte for byte', PROCESSES, async () => {
    const server = await startChildServer();
    servers.push(server);
    expect(fs.statSync(backupSocketPath(server.dataDir)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(backupSocketPath(server.dataDir))).mode & 0o777).toBe(0o700);
    const base = `http://127.0.0.1:${server.port}`;
    const made = await projectWithCompletedStage(base);

    const file = path.join(tempDir(), 'shalav.backup');
    const backup = await runScript('backup', file, server.dataDir);
    expect(backup.output).toContain('Backup written to');
    expect(backup.code, backup.output).toBe(0);
    // The server kept running and serving meanwhile.
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const restoredDir = path.join(tempDir(), 'restored');
    const restore = await runScript('restore', file, restoredDir);
    expect(restore.output).toContain('1 photos');
    expect(restore.code, restore.output).toBe(0);

    const restored = await startChildServer({ DATA_DIR: restoredDir });
    servers.push(restored);
    const again = `http://127.0.0.1:${restored.port}`;
    const cookie = await signIn(again, made.credentials);
    const units = (await (await fetch(`${again}/api/rooms`, { headers: { cookie } })).json()) as { id: string }[];
    expect(units.map((u) => u.id)).toEqual([made.unitId]);
    const page = (await (await fetch(`${again}/api/scheduled-tasks?status=completed`, { headers: { cookie } })).json()) as {
      items: { id: string; workerName: string | null; photoUrl: string | null }[];
    };
    expect(page.items.map((t) => [t.id, t.workerName, t.photoUrl])).toEqual([[made.taskId, 'Yossi', made.objectPath]]);
    const photo = await fetch(`${again}${made.objectPath}`, { headers: { cookie } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('backs up a data directory with no server running by opening it itself', PROCESSES, async () => {
    const server = await startChildServer();
    servers.push(server);
    const made = await projectWithCompletedStage(`http://127.0.0.1:${server.port}`);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(fs.existsSync(backupSocketPath(server.dataDir))).toBe(false);

    const file = path.join(tempDir(), 'offline.backup');
    const backup = await runScript('backup', file, server.dataDir);
    expect(backup.code, backup.output).toBe(0);
    // Any tar lists it; nothing half-written is left beside it.
    const listing = await new Promise<string>((resolve, reject) =>
      execFile('tar', ['-tf', file], (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    expect(listing.split('\n').filter(Boolean).sort()).toEqual(['db.tar.gz', made.objectPath.slice(1), 'shalav-backup.json']);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const restoredDir = path.join(tempDir(), 'restored');
    expect((await runScript('restore', file, restoredDir)).code).toBe(0);
    const restored = await startChildServer({ DATA_DIR: restoredDir });
    servers.push(restored);
    const cookie = await signIn(`http://127.0.0.1:${restored.port}`, made.credentials);
    const photo = await fetch(`http://127.0.0.1:${restored.port}${made.objectPath}`, { headers: { cookie } });
    expect(Buffer.from(await photo.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('on PostgreSQL backs up the photos only (pg_dump holds the database) and restores them', PROCESSES, async () => {
    const dataDir = tempDir();
    const photo = path.join(dataDir, 'objects', 'units', 'u1', 'p1');
    fs.mkdirSync(path.dirname(photo), { recursive: true });
    fs.writeFileSync(photo, JPEG);
    // A write still under way is not a photo.
    fs.writeFileSync(`${photo}.abcdefghij.upload-tmp`, 'half');
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/not-opened-by-a-backup' };
    const file = path.join(tempDir(), 'photos.backup');
    const backup = await runScript('backup', file, dataDir, postgres);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('no database (PostgreSQL: back it up with pg_dump), 1 photos');

    const restoredDir = path.join(tempDir(), 'restored');
    const restore = await runScript('restore', file, restoredDir, postgres);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('restore it from its pg_dump file with pg_restore');
    expect(fs.readdirSync(restoredDir, { recursive: true }).sort()).toEqual([
      'objects',
      'objects/units',
      'objects/units/u1',
      'objects/units/u1/p1',
    ]);
    expect(fs.readFileSync(path.join(restoredDir, 'objects', 'units', 'u1', 'p1')).equals(JPEG)).toBe(true);
  });

  it('refuses to restore into a data directory that already holds data, and changes nothing there', PROCESSES, async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'objects', 'units', 'u1'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'objects', 'units', 'u1', 'p1'), JPEG);
    const file = path.join(tempDir(), 'shalav.backup');
    // Photos only (PostgreSQL mode), which needs no server to make.
    expect((await runScript('backup', file, dataDir, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/not-opened' })).code).toBe(0);

    const busy = tempDir();
    fs.writeFileSync(path.join(busy, 'keep.txt'), 'mine');
    const refused = await runScript('restore', file, busy);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The data directory ${busy} already holds data (keep.txt)`);
    expect(fs.readdirSync(busy)).toEqual(['keep.txt']);
  });
});
