import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '#contract/objects.ts';
import { storedObjects } from '../../db/schema/index.ts';
import { LocalStorage } from '../../storage/storage.ts';
import { clientAddress, createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { sweepTemporaryUploads } from './objects.sweep.ts';
import { TICKET_MS } from './objects.service.ts';

// Uploads under load (docs/decisions/011-uploads-under-load.md): every test talks to a real socket
// on 127.0.0.1 where the order of bytes matters, and bounds its own time.

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 9)]);
const UPLOAD_TIMEOUT_MS = 600;

let ctx: TestContext;
let dataDir: string;
let port: number;
let owner: Awaited<ReturnType<typeof registerAndLogin>>;
let unitId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-uploads-'));
  ctx = await createTestApp({ config: { dataDir, uploadTimeoutMs: UPLOAD_TIMEOUT_MS } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
  owner = await registerAndLogin(ctx.app);
  unitId = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'L1' } })).json().id;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ticket = async () => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: unitId }, headers: clientAddress() });
  expect(res.statusCode).toBe(200);
  return res.json() as { uploadURL: string; objectPath: string };
};
const put = (uploadURL: string, bytes: Buffer) =>
  ctx.app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': 'image/jpeg', ...clientAddress() } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until the server holds the address for an upload under way (its first PUT's head arrived). */
async function claimed(objectPath: string) {
  const key = objectPath.replace('/objects/', '');
  for (let i = 0; i < 200; i++) {
    const [row] = await ctx.database.db
      .select({ hash: storedObjects.uploadTokenHash })
      .from(storedObjects)
      .where(eq(storedObjects.key, key));
    if (row?.hash?.startsWith('claimed:')) return;
    await sleep(10);
  }
  throw new Error('the upload address was never claimed');
}

/** A raw HTTP/1.1 client: sends the head now and the body when told; collects what comes back. */
function rawPut(url: string, contentLength: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.write(`PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: ${contentLength}\r\n\r\n`);
  /** Resolves with the raw answer as soon as a whole head has arrived (or the socket closed). */
  const answer = async (withinMs = 3000) => {
    const until = Date.now() + withinMs;
    while (!received.includes('\r\n\r\n') && !socket.destroyed && Date.now() < until) await sleep(10);
    return received;
  };
  return { socket, closed, answer, status: async () => Number((await answer()).split(' ')[1]), received: () => received };
}

describe('one upload address, two uploads at once', () => {
  it('the second PUT gets 409 at once while the first is still sending; the first then stores exactly its bytes', async () => {
    const { uploadURL, objectPath } = await ticket();
    const slow = rawPut(uploadURL, JPEG.length);
    try {
      slow.socket.write(JPEG.subarray(0, 100)); // under way, not finished
      await claimed(objectPath);

      const second = await put(uploadURL, Buffer.concat([JPEG, Buffer.from('other bytes')]));
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toMatch(/already being uploaded/);

      slow.socket.write(JPEG.subarray(100));
      expect(await slow.status()).toBe(200);
    } finally {
      slow.socket.destroy();
    }

    const got = await owner.as({ method: 'GET', url: objectPath });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(JPEG)).toBe(true);
    expect(got.headers['content-length']).toBe(String(JPEG.length));
    // Spent: a later PUT is refused as before.
    expect((await put(uploadURL, JPEG)).statusCode).toBe(404);
  });

  it('refuses an unknown address before its body is read (no 10 MB buffered for nothing)', async () => {
    const client = rawPut(`/api/objects/upload/${'x'.repeat(43)}`, MAX_PHOTO_BYTES);
    try {
      // Not one byte of the announced body is sent: the answer still comes.
      expect(await client.status()).toBe(404);
    } finally {
      client.socket.destroy();
    }
  });

  it('frees the address when the client goes away mid-upload, so the retry works', async () => {
    const { uploadURL, objectPath } = await ticket();
    const broken = rawPut(uploadURL, JPEG.length);
    try {
      broken.socket.write(JPEG.subarray(0, 500));
      await claimed(objectPath);
      expect((await put(uploadURL, JPEG)).statusCode).toBe(409);
    } finally {
      broken.socket.destroy();
    }
    await broken.closed;
    let retry = await put(uploadURL, JPEG);
    // The claim is given back once the server has seen the broken upload end: up to 10 s on a busy machine.
    for (let i = 0; i < 500 && retry.statusCode === 409; i++) {
      await sleep(20);
      retry = await put(uploadURL, JPEG);
    }
    expect(retry.statusCode).toBe(200);
    expect((await owner.as({ method: 'GET', url: objectPath })).rawPayload.equals(JPEG)).toBe(true);
  });

  it('frees the address after a refused body (415) before answering', async () => {
    const { uploadURL } = await ticket();
    expect((await put(uploadURL, Buffer.from('not a photo at all'))).statusCode).toBe(415);
    expect((await put(uploadURL, JPEG)).statusCode).toBe(200);
  });
});

describe('slow bodies', () => {
  it('cuts off a trickled body at the upload deadline and frees the address', async () => {
    const { uploadURL } = await ticket();
    const trickle = rawPut(uploadURL, JPEG.length);
    const started = Date.now();
    let sent = 0;
    const drip = setInterval(() => {
      if (trickle.socket.destroyed || sent >= JPEG.length) return;
      trickle.socket.write(JPEG.subarray(sent, sent + 10));
      sent += 10;
    }, 50);
    try {
      const closedAt = await Promise.race([trickle.closed, sleep(5000).then(() => 0)]);
      expect(closedAt).toBeGreaterThan(0);
      expect(closedAt - started).toBeGreaterThanOrEqual(UPLOAD_TIMEOUT_MS - 50);
      expect(closedAt - started).toBeLessThan(UPLOAD_TIMEOUT_MS + 1500);
      expect(sent).toBeLessThan(JPEG.length);
    } finally {
      clearInterval(drip);
      trickle.socket.destroy();
    }
    // The address works again for a phone that can send the photo.
    expect((await put(uploadURL, JPEG)).statusCode).toBe(200);
  });

  it('the server limits a whole request and its headers', () => {
    expect(ctx.app.server.requestTimeout).toBe(UPLOAD_TIMEOUT_MS + 30_000);
    expect(ctx.app.server.headersTimeout).toBeLessThanOrEqual(30_000);
  });
});

describe('stored bytes', () => {
  it('serves the stored file length, never a size from the row that disagrees', async () => {
    const { uploadURL, objectPath } = await ticket();
    expect((await put(uploadURL, JPEG)).statusCode).toBe(200);
    const key = objectPath.replace('/objects/', '');
    await ctx.database.db
      .update(storedObjects)
      .set({ size: JPEG.length + 500 })
      .where(eq(storedObjects.key, key));
    // Two requests on one keep-alive connection: the second answer must start where the first ended.
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (d) => (received = Buffer.concat([received, d])));
    const cookie = String(owner.cookie);
    const get = `GET ${objectPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`;
    socket.write(get + get);
    const until = Date.now() + 3000;
    while (received.toString('latin1').split('HTTP/1.1 200').length < 3 && Date.now() < until) await sleep(10);
    socket.destroy();
    const text = received.toString('latin1');
    expect(text.match(/content-length: (\d+)/gi)).toEqual([`content-length: ${JPEG.length}`, `content-length: ${JPEG.length}`]);
    expect(text.split('HTTP/1.1 200').length).toBe(3);
  });

  it('two writers of one key never share a temporary file, and a failed write leaves none', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-store-'));
    try {
      const storage = new LocalStorage(root);
      const a = Buffer.alloc(200_000, 1);
      const b = Buffer.alloc(300_000, 2);
      await Promise.all([storage.put('units/u/k', a), storage.put('units/u/k', b)]);
      const stored = fs.readFileSync(path.join(root, 'units/u/k'));
      expect(stored.equals(a) || stored.equals(b)).toBe(true);
      const got = await storage.get('units/u/k');
      expect(got?.size).toBe(stored.length);
      got?.stream.destroy();

      fs.mkdirSync(path.join(root, 'units/u/dir'), { recursive: true });
      fs.writeFileSync(path.join(root, 'units/u/dir/inside'), 'x'); // the rename onto a full directory fails
      await expect(storage.put('units/u/dir', a)).rejects.toThrow();
      expect(fs.readdirSync(path.join(root, 'units/u')).sort()).toEqual(['dir', 'k']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the start-up sweep removes old temporary files only', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-sweep-'));
    try {
      const dir = path.join(root, 'units', 'u1');
      fs.mkdirSync(dir, { recursive: true });
      const old = path.join(dir, 'photoKey.AbCdEfGhIjKl.upload-tmp');
      const young = path.join(dir, 'other.ZyXwVuTsRqPo.upload-tmp');
      const photo = path.join(dir, 'photoKey');
      for (const f of [old, young, photo]) fs.writeFileSync(f, 'bytes');
      // Ages on the process clock, not the file system's: the two may differ (a faked clock, a network drive).
      const now = new Date();
      const hourAgo = new Date(now.getTime() - 60 * 60_000);
      fs.utimesSync(old, hourAgo, hourAgo);
      fs.utimesSync(young, now, now);
      fs.utimesSync(photo, hourAgo, hourAgo);

      expect(await sweepTemporaryUploads(new LocalStorage(root))).toEqual({ removedTemporaryFiles: 1 });
      expect(fs.readdirSync(dir).sort()).toEqual(['other.ZyXwVuTsRqPo.upload-tmp', 'photoKey']);
      expect(await sweepTemporaryUploads(new LocalStorage(path.join(root, 'missing')))).toEqual({ removedTemporaryFiles: 0 });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('daily photo quota and Retry-After', () => {
  let q: TestContext;
  let manager: Awaited<ReturnType<typeof registerAndLogin>>;
  let room: string;
  // Room for two open upload addresses declaring the largest photo and one small photo more.
  const QUOTA = 2 * MAX_PHOTO_BYTES + JPEG.length;

  beforeAll(async () => {
    q = await createTestApp({ config: { dataDir, uploadQuotaBytesPerDay: QUOTA } });
    manager = await registerAndLogin(q.app);
    room = (await manager.as({ method: 'POST', url: '/api/rooms', payload: { number: 'Q1' } })).json().id;
  });
  afterAll(async () => q?.close());

  const ask = (size?: number, roomId = room) =>
    q.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId, size }, headers: clientAddress() });
  const upload = (uploadURL: string) =>
    q.app.inject({ method: 'PUT', url: uploadURL, payload: JPEG, headers: { 'content-type': 'image/jpeg', ...clientAddress() } });

  it("counts what open addresses reserve and today's photos of the project, and refuses past the limit with a clear 429", async () => {
    const first = await ask(MAX_PHOTO_BYTES);
    const second = await ask(MAX_PHOTO_BYTES);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const full = await ask();
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toMatch(/photo limit of 20(\.\d)? MB per day/);
    expect(full.headers['retry-after']).toBe(String(TICKET_MS / 1000)); // the open addresses expire by then

    // Both photos stored: their bytes count, so one address fits again, but not two.
    expect((await upload(first.json().uploadURL)).statusCode).toBe(200);
    expect((await upload(second.json().uploadURL)).statusCode).toBe(200);
    expect((await ask(MAX_PHOTO_BYTES)).statusCode).toBe(200);
    expect((await ask(MAX_PHOTO_BYTES)).statusCode).toBe(429);

    // Another project has its own quota.
    const neighbour = await registerAndLogin(q.app);
    const theirRoom = (await neighbour.as({ method: 'POST', url: '/api/rooms', payload: { number: 'N1' } })).json().id;
    expect((await ask(MAX_PHOTO_BYTES, theirRoom)).statusCode).toBe(200);
  });

  it("waits until the project's next local day when its stored photos alone fill the quota", async () => {
    const saved = q.clock.now;
    try {
      // The open addresses have expired: only the two stored photos count now.
      q.clock.now = new Date(saved.getTime() + 11 * 60_000);
      const key = (await ask()).json().objectPath.replace('/objects/', '');
      // Make today's stored bytes leave no room for another largest photo — this photo alone, so
      // the test holds when the 11 minutes cross the project's midnight and the others are yesterday's.
      await q.database.db.update(storedObjects).set({ uploadedAt: q.clock.now, size: QUOTA }).where(eq(storedObjects.key, key));
      const full = await ask();
      expect(full.statusCode).toBe(429);
      const retryAfter = Number(full.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(60);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      // Tomorrow (the project's day), yesterday's photos no longer count.
      q.clock.now = new Date(q.clock.now.getTime() + 86_400_000);
      expect((await ask()).statusCode).toBe(200);
    } finally {
      q.clock.now = saved;
    }
  });

  it('a rate-limited upload answer says when to come back (Retry-After)', async () => {
    const from = { 'x-forwarded-for': '198.51.100.77' };
    let last;
    for (let i = 0; i < 31; i++) {
      last = await q.app.inject({
        method: 'PUT',
        url: `/api/objects/upload/${'y'.repeat(43)}`,
        payload: JPEG,
        headers: { 'content-type': 'image/jpeg', ...from },
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toMatch(/Too many uploads/);
  });
});
