import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, storedObjects, tasks } from '../../db/schema/index.ts';
import { MAX_OPEN_TICKETS_PER_UNIT, TICKET_MS } from './objects.service.ts';
import { UNUSED_PHOTO_DAYS, purgeStaleUploads } from './objects.sweep.ts';
import { S3Storage } from '../../storage/storage.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);

let ctx: TestContext;
let dataDir: string;
type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
let owner: Owner;
let other: Owner;
let unitId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-objects-'));
  ctx = await createTestApp({ config: { dataDir } });
  owner = await registerAndLogin(ctx.app);
  other = await registerAndLogin(ctx.app);
  unitId = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).json().id;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ticket = async (roomId = unitId) => ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId } });
const put = (uploadURL: string, bytes: Buffer, contentType = 'image/jpeg') =>
  ctx.app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': contentType } });

describe('photo upload', () => {
  it('stores checked bytes through a single-use address, then serves them to the project only', async () => {
    const t = await ticket();
    expect(t.statusCode).toBe(200);
    const { uploadURL, objectPath } = t.json();
    expect(objectPath).toMatch(new RegExp(`^/objects/units/${unitId}/`));
    const done = await put(uploadURL, JPEG, 'application/octet-stream');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ objectPath, contentType: 'image/jpeg', size: JPEG.length });
    expect((await put(uploadURL, JPEG)).statusCode).toBe(404); // spent

    expect((await ctx.app.inject({ method: 'GET', url: objectPath })).statusCode).toBe(401);
    expect((await other.as({ method: 'GET', url: objectPath })).statusCode).toBe(404);
    const mine = await owner.as({ method: 'GET', url: objectPath });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['cache-control']).toContain('private');
    expect(mine.rawPayload.equals(JPEG)).toBe(true);
  });

  it('lets a photo-required stage be completed with the uploaded photo', async () => {
    const [task] = await ctx.database.db
      .insert(tasks)
      .values({ projectId: owner.user.projectId, unitId, name: 'Waterproofing', requiresPhoto: true })
      .returning();
    const { uploadURL, objectPath } = (await ticket()).json();
    expect((await put(uploadURL, PNG, 'image/png')).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/scheduled-tasks-complete/${task.id}`,
      payload: { workerName: 'Yossi', photoUrl: objectPath },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses what is not a photo (415) and more than 10 MB (413), and stores nothing', async () => {
    const { uploadURL, objectPath } = (await ticket()).json();
    const text = await put(uploadURL, Buffer.from('<html>not a photo</html>'), 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/JPEG, PNG, WebP or HEIC/);
    const big = await put(uploadURL, Buffer.concat([JPEG, Buffer.alloc(10_485_760)]));
    expect(big.statusCode).toBe(413);
    expect((await owner.as({ method: 'GET', url: objectPath })).statusCode).toBe(404);
    // The address still works for a real photo afterwards.
    expect((await put(uploadURL, JPEG)).statusCode).toBe(200);
  });

  it('refuses an expired address', async () => {
    const { uploadURL } = (await ticket()).json();
    const saved = ctx.clock.now;
    ctx.clock.now = new Date(saved.getTime() + 11 * 60_000);
    try {
      const res = await put(uploadURL, JPEG);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Request has expired');
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('gives no address for an unknown unit or an inactive project', async () => {
    expect((await ticket(crypto.randomUUID())).statusCode).toBe(404);
    expect((await ticket('not-a-uuid')).statusCode).toBe(404);
    const otherUnit = (await other.as({ method: 'POST', url: '/api/rooms', payload: { number: 'Z1' } })).json().id;
    await ctx.database.db.update(projects).set({ status: 'inactive' }).where(eq(projects.id, other.user.projectId));
    expect((await ticket(otherUnit)).statusCode).toBe(403);
  });
});

describe('abandoned uploads', () => {
  it('caps the upload addresses waiting on one unit', async () => {
    const room = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'CAP1' } })).json().id;
    const from = (i: number) => ({ 'x-forwarded-for': `10.77.0.${i}` }); // many phones, one unit
    for (let i = 0; i < MAX_OPEN_TICKETS_PER_UNIT; i++) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: room }, headers: from(i) })).statusCode,
      ).toBe(200);
    }
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: room }, headers: from(99) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many photos/);
    expect(refused.headers['retry-after']).toBe(String(TICKET_MS / 1000));
  });

  it('the sweep drops dead addresses and unused old photos, and keeps photos a completion uses', async () => {
    const room = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'SW1' } })).json().id;
    const [task] = await ctx.database.db.insert(tasks).values({ projectId: owner.user.projectId, unitId: room, name: 'Stage' }).returning();
    const used = (await ticket(room)).json();
    await put(used.uploadURL, JPEG);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/scheduled-tasks-complete/${task.id}`,
          payload: { workerName: 'Y', photoUrl: used.objectPath },
        })
      ).statusCode,
    ).toBe(200);
    const unused = (await ticket(room)).json();
    await put(unused.uploadURL, PNG);
    const never = (await ticket(room)).json();

    const later = new Date(ctx.clock.now.getTime() + (UNUSED_PHOTO_DAYS + 1) * 86_400_000);
    await purgeStaleUploads(ctx.database.db, ctx.app.storage, later);
    const keys = (await ctx.database.db.select({ key: storedObjects.key }).from(storedObjects).where(eq(storedObjects.unitId, room))).map(
      (r) => r.key,
    );
    expect(keys).toEqual([used.objectPath.replace('/objects/', '')]);
    expect((await owner.as({ method: 'GET', url: used.objectPath })).statusCode).toBe(200);
    expect((await owner.as({ method: 'GET', url: unused.objectPath })).statusCode).toBe(404);
    expect(await ctx.app.storage.get(unused.objectPath.replace('/objects/', ''))).toBeUndefined();
    expect(never.objectPath).toBeTruthy();
  });
});

describe('S3-compatible storage driver', () => {
  it('round-trips a photo through presigned requests to a local S3-compatible server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-s3-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'photos' }] });
    const { port } = await server.run();
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'photos',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      pathStyle: true,
    });
    const s3 = await createTestApp({ storage });
    try {
      const manager = await registerAndLogin(s3.app);
      const room = (await manager.as({ method: 'POST', url: '/api/rooms', payload: { number: 'S1' } })).json().id;
      const { uploadURL, objectPath } = (
        await s3.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: room } })
      ).json();
      expect(
        (await s3.app.inject({ method: 'PUT', url: uploadURL, payload: JPEG, headers: { 'content-type': 'image/jpeg' } })).statusCode,
      ).toBe(200);
      const got = await manager.as({ method: 'GET', url: objectPath });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(JPEG)).toBe(true);
      await storage.delete(objectPath.replace('/objects/', ''));
      expect(await storage.get(objectPath.replace('/objects/', ''))).toBeUndefined();
    } finally {
      await s3.close();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('photo limits on a shared site address', () => {
  it('counts per phone (X-Shalav-Device): 40 phones behind one address each get a photo through; without the header the address is limited', async () => {
    const crew = await registerAndLogin(ctx.app);
    const units = await Promise.all(
      ['P1', 'P2', 'P3'].map(
        async (number) => (await crew.as({ method: 'POST', url: '/api/rooms', payload: { number } })).json().id as string,
      ),
    );
    const site = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 40; i++) {
      const headers = { ...site, 'x-shalav-device': `phone-${String(i).padStart(4, '0')}-abcdefgh` };
      const t = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: units[i % 3] }, headers });
      expect(t.statusCode).toBe(200);
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: t.json().uploadURL,
            payload: JPEG,
            headers: { ...headers, 'content-type': 'image/jpeg' },
          })
        ).statusCode,
      ).toBe(200);
    }
    const anonymous = { 'x-forwarded-for': '203.0.113.78' };
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(
        (await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: units[i % 3] }, headers: anonymous }))
          .statusCode,
      );
    expect(answers.slice(0, 30).every((s) => s === 200 || s === 429)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});
