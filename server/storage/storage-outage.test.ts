import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { storedObjects } from '../db/schema/index.ts';
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE_MESSAGE } from '../plugins/errors.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../test/helpers.ts';
import { STORAGE_HEALTH_TIMEOUT_MS } from './storage-health.ts';
import { LocalStorage, S3Storage, type ObjectStorage } from './storage.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
});

/** A port on 127.0.0.1 where nothing listens: every connection is refused at once. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An S3 endpoint that takes connections and never answers. */
async function silentEndpoint() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as net.AddressInfo).port;
}

/** An S3 endpoint that answers every request 500. */
async function failingEndpoint() {
  const server = http.createServer((_req, res) => res.writeHead(500).end('InternalError'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as net.AddressInfo).port;
}

const s3At = (port: number) =>
  new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'photos',
    region: 'us-east-1',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
    pathStyle: true,
  });

async function appWith(storage: ObjectStorage) {
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const ctx: TestContext = await createTestApp({ storage, logger: { level: 'warn', stream } });
  cleanups.push(() => ctx.close());
  const owner = await registerAndLogin(ctx.app);
  const unitId: string = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).json().id;
  return { ctx, owner, unitId, logLines };
}

function expectStorageUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
  expect(res.json()).toEqual({ code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
}

async function expectUploadRefused({ ctx, unitId, logLines }: Awaited<ReturnType<typeof appWith>>) {
  const ticket = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: unitId } });
  expect(ticket.statusCode).toBe(200);
  const put = () =>
    ctx.app.inject({ method: 'PUT', url: ticket.json().uploadURL, payload: JPEG, headers: { 'content-type': 'image/jpeg' } });
  expectStorageUnavailable(await put());
  // The address was given back: the retry meets the store again, not "already being uploaded".
  expectStorageUnavailable(await put());
  const logged = logLines.map((line) => JSON.parse(line) as { msg: string });
  expect(logged.some((l) => l.msg === 'storage unavailable')).toBe(true);
  expect(logged.some((l) => l.msg === 'database unavailable' || l.msg === 'request failed')).toBe(false);
}

async function expectHealthStorageDown(ctx: TestContext, storageKind: string) {
  const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  // The process and its database serve everything but photos: a load balancer keeps routing here.
  expect(health.statusCode).toBe(200);
  expect(health.json()).toEqual({ status: 'degraded', database: 'ok', databaseKind: ctx.database.kind, storage: 'down', storageKind });
}

describe('photo storage outage', () => {
  it('an S3 endpoint that refuses connections: uploads answer 503 storage_unavailable, health says storage down, database ok', async () => {
    const app = await appWith(s3At(await closedPort()));
    await expectUploadRefused(app);
    await expectHealthStorageDown(app.ctx, 's3');
  });

  it('an S3 endpoint answering 500: photo views and uploads answer 503 storage_unavailable with Retry-After', async () => {
    const app = await appWith(s3At(await failingEndpoint()));
    await expectUploadRefused(app);
    const key = `units/${app.unitId}/already-stored`;
    await app.ctx.database.db.insert(storedObjects).values({
      projectId: app.owner.user.projectId,
      unitId: app.unitId,
      key,
      contentType: 'image/jpeg',
      size: 10,
      uploadedAt: new Date(),
    });
    expectStorageUnavailable(await app.owner.as({ method: 'GET', url: `/objects/${key}` }));
    await expectHealthStorageDown(app.ctx, 's3');
  });

  it('a local photo directory that cannot be written: 503 storage_unavailable, health says storage down', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-storage-down-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // A file where the directory should be: every write and check fails (as a missing mount would).
    const root = path.join(dir, 'objects');
    fs.writeFileSync(root, 'not a directory');
    const app = await appWith(new LocalStorage(root));
    await expectUploadRefused(app);
    await expectHealthStorageDown(app.ctx, 'local');
  });

  it('a store that never answers: health says storage down within its 2 s bound, then repeats that answer without asking', async () => {
    const app = await appWith(s3At(await silentEndpoint()));
    const started = Date.now();
    await expectHealthStorageDown(app.ctx, 's3');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(STORAGE_HEALTH_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(STORAGE_HEALTH_TIMEOUT_MS + 1500);
    const again = Date.now();
    await expectHealthStorageDown(app.ctx, 's3');
    expect(Date.now() - again).toBeLessThan(500);
  });
});
