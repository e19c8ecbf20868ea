import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedObjects } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/ids.ts';
import { STORAGE_REQUEST_TIMEOUT_MS } from '../../storage/storage.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { releaseClaimsOfPreviousRun } from './objects.sweep.ts';
import { claimMarker } from './upload-claim.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const UPLOAD_TIMEOUT_MS = 5_000;

let ctx: TestContext;
let dataDir: string;
let unitId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-claims-'));
  ctx = await createTestApp({ config: { dataDir, uploadTimeoutMs: UPLOAD_TIMEOUT_MS } });
  const owner = await registerAndLogin(ctx.app);
  unitId = (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A101' } })).json().id;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh upload address, then the claim a server process killed in the middle of its PUT leaves on it. */
async function addressClaimedByADeadRequest() {
  const { uploadURL } = (await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: unitId } })).json();
  const hash = sha256(uploadURL.split('/').pop());
  await ctx.database.db
    .update(storedObjects)
    .set({ uploadTokenHash: claimMarker(hash, ctx.clock.now) })
    .where(eq(storedObjects.uploadTokenHash, hash));
  return uploadURL as string;
}
const put = (url: string) => ctx.app.inject({ method: 'PUT', url, payload: JPEG, headers: { 'content-type': 'image/jpeg' } });

describe('upload addresses after a crash', () => {
  it('takes over a claim once it has outlived any live upload, and not before', async () => {
    const url = await addressClaimedByADeadRequest();
    expect((await put(url)).json().code).toBe('upload_in_progress');
    // Longer than a body may take plus one store write: no live request can still hold it.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + UPLOAD_TIMEOUT_MS + STORAGE_REQUEST_TIMEOUT_MS + 31_000);
    const res = await put(url);
    expect(res.statusCode).toBe(200);
    expect((await put(url)).json().code).toBe('upload_unknown');
  });

  it('frees every claim at start on the embedded database, none on a shared PostgreSQL', async () => {
    const url = await addressClaimedByADeadRequest();
    expect(await releaseClaimsOfPreviousRun(ctx.database.db, 'postgres')).toEqual({ releasedUploadClaims: 0 });
    expect((await put(url)).statusCode).toBe(409);
    expect(await releaseClaimsOfPreviousRun(ctx.database.db, 'pglite')).toEqual({ releasedUploadClaims: 1 });
    expect((await put(url)).statusCode).toBe(200);
  });
});
