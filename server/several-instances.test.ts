import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { openPostgres, type Database } from './db/client.ts';
import { MAX_STREAMS_PER_SESSION } from './modules/events/events.routes.ts';
import { clientAddress, createTestApp, registerAndLogin, testConfig, type TestContext } from './test/helpers.ts';

/**
 * Two instances on one PostgreSQL database count as one (docs/decisions/030-several-instances.md):
 * a phone that alternates between them meets the same rate limit, and a sign-in the same cap on
 * open live streams. Before, each instance counted on its own: 30 + 30 against a limit of 30.
 */
describe.skipIf(!process.env.DATABASE_URL)('several instances on one PostgreSQL', () => {
  let ctx: TestContext;
  let second: Database;
  let other: FastifyInstance;
  const urls: string[] = [];
  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  };
  beforeAll(async () => {
    ctx = await createTestApp();
    const connectionString = (ctx.database.pool!.options as { connectionString: string }).connectionString;
    second = await openPostgres(connectionString, 2);
    other = await buildApp({ config: testConfig(), database: second, logger: false });
    urls.push(await listen(ctx.app), await listen(other));
  });
  afterAll(async () => {
    await other?.close();
    await second?.close();
    await ctx?.close();
  });

  it('counts one address’s requests on both instances against one limit', async () => {
    // Password resets: 20 tries per address in 15 minutes (server/modules/account/account.routes.ts).
    const headers = clientAddress();
    const payload = { token: 'not-a-link-that-exists-0000', newPassword: 'a-new-pass-1', confirmPassword: 'a-new-pass-1' };
    const answers: number[] = [];
    for (let i = 0; i < 22; i++) {
      const app = i % 2 === 0 ? ctx.app : other;
      answers.push((await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, headers })).statusCode);
    }
    expect(answers.slice(0, 20).filter((s) => s === 429)).toEqual([]);
    expect(answers.slice(20)).toEqual([429, 429]);
    // Another address has a window of its own.
    const fresh = await other.inject({ method: 'POST', url: '/api/auth/reset-password', payload, headers: clientAddress() });
    expect(fresh.statusCode).not.toBe(429);
  });

  it('caps one sign-in’s live streams on both instances together, and frees a slot when a stream closes', async () => {
    const owner = await registerAndLogin(ctx.app);
    const open: AbortController[] = [];
    const openOn = async (url: string) => {
      const controller = new AbortController();
      const res = await fetch(`${url}/api/events`, { headers: { cookie: owner.cookie }, signal: controller.signal });
      if (res.status === 200) open.push(controller);
      else await res.arrayBuffer();
      return res.status;
    };
    try {
      const statuses = [];
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) statuses.push(await openOn(urls[i % 2]!));
      expect(statuses).toEqual(Array(MAX_STREAMS_PER_SESSION).fill(200));
      expect(await openOn(urls[0]!)).toBe(429);
      expect(await openOn(urls[1]!)).toBe(429);
      // A closed stream frees its slot for either instance (the server sees the close a moment later).
      open.shift()!.abort();
      let reopened = 429;
      for (let tries = 0; tries < 100 && reopened !== 200; tries++) {
        reopened = await openOn(urls[1]!);
        if (reopened !== 200) await new Promise((r) => setTimeout(r, 30));
      }
      expect(reopened).toBe(200);
    } finally {
      for (const c of open) c.abort();
    }
  });
});

/**
 * A photo uploaded through one instance is served by the other although each has its own DATA_DIR:
 * without S3, photos on PostgreSQL are kept in the database (docs/decisions/033-photos-in-postgresql.md).
 */
describe.skipIf(!process.env.DATABASE_URL)('photos on several instances', () => {
  it('serves through the second instance a photo uploaded through the first', async () => {
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-instance-')));
    const first = await createTestApp({ config: { dataDir: dirs[0] } });
    const connectionString = (first.database.pool!.options as { connectionString: string }).connectionString;
    const secondDb = await openPostgres(connectionString, 2);
    const second = await buildApp({ config: testConfig({ dataDir: dirs[1] }), database: secondDb, logger: false });
    try {
      const owner = await registerAndLogin(first.app);
      const unitId = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).json().id;
      const ticket = await first.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: unitId } });
      const { uploadURL, objectPath } = ticket.json();
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 9)]);
      const put = await first.app.inject({ method: 'PUT', url: uploadURL, payload: jpeg, headers: { 'content-type': 'image/jpeg' } });
      expect(put.statusCode).toBe(200);
      const served = await second.inject({ method: 'GET', url: objectPath, headers: { cookie: owner.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(jpeg)).toBe(true);
      // Neither instance wrote the photo to its own directory.
      for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'objects'))).toBe(false);
    } finally {
      await second.close();
      await secondDb.close();
      await first.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
