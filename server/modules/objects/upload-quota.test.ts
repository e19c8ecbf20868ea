import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '#contract/objects.ts';
import { DEVICE_HEADER } from '#contract/worker-rules.ts';
import { clientAddress, createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { MAX_TICKETS_PER_DEVICE, TICKET_MS } from './objects.service.ts';

// A quota that fits a crew (docs/decisions/027-storage-and-quota.md).

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300_000, 7)]);
const QUOTA = 500 * 1_048_576;

let ctx: TestContext;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-quota-'));
  ctx = await createTestApp({ config: { dataDir, uploadQuotaBytesPerDay: QUOTA } });
  owner = await registerAndLogin(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let phones = 0;
/** A worker's phone: its own device id. */
const phone = () => ({ [DEVICE_HEADER]: `phone-${String(++phones).padStart(12, '0')}` });
const newUnit = async () =>
  (await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: `Q${++phones}` } })).json().id as string;
const ask = (roomId: string, size?: number, device = phone()) =>
  ctx.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId, size }, headers: { ...device, ...clientAddress() } });
/** Asks for addresses declaring `size` (on new units, under the per-unit cap) until one is refused. */
async function askUntilRefused(size: number) {
  let unit = '';
  for (let i = 0; ; i++) {
    if (i % 10 === 0) unit = await newUnit();
    const res = await ask(unit, size);
    if (res.statusCode !== 200) return res;
  }
}

describe('daily photo quota for a crew', () => {
  it('gives 60 phones an upload address at once: an address reserves the photo it declares, not the largest photo', async () => {
    const units = [await newUnit(), await newUnit(), await newUnit()];
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(units[i % 3], JPEG.length)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(200));
  });

  it('caps the addresses one phone asks for within an address lifetime, not the crew', async () => {
    const unit = await newUnit();
    const mine = phone();
    for (let i = 0; i < MAX_TICKETS_PER_DEVICE; i++) expect((await ask(unit, JPEG.length, mine)).statusCode).toBe(200);
    const refused = await ask(unit, JPEG.length, mine);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('device_uploads_busy');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(unit, JPEG.length)).statusCode).toBe(200);
  });

  it('lets addresses that never send a byte stop counting within minutes', async () => {
    const unit = await newUnit();
    // Addresses declaring the largest photo fill what is left of the day's quota…
    const last = await askUntilRefused(MAX_PHOTO_BYTES);
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('photo_quota_exceeded');
    expect(last.headers['retry-after']).toBe(String(TICKET_MS / 1000));
    // …and none is used: after their lifetime the project uploads again.
    const saved = ctx.clock.now;
    try {
      ctx.clock.now = new Date(saved.getTime() + TICKET_MS + 1000);
      expect((await ask(unit, JPEG.length)).statusCode).toBe(200);
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('checks the true size on arrival: more bytes than reserved must still fit the quota', async () => {
    const tight = await createTestApp({ config: { dataDir, uploadQuotaBytesPerDay: 3000 } });
    try {
      const manager = await registerAndLogin(tight.app);
      const unit = (await manager.as({ method: 'POST', url: '/api/rooms', payload: { number: 'T1' } })).json().id;
      const askTight = (size: number) =>
        tight.app.inject({ method: 'POST', url: '/api/objects/upload', payload: { roomId: unit, size }, headers: clientAddress() });
      const small = (await askTight(1000)).json();
      expect((await askTight(1900)).statusCode).toBe(200);
      const send = (bytes: Buffer) =>
        tight.app.inject({ method: 'PUT', url: small.uploadURL, payload: bytes, headers: { 'content-type': 'image/jpeg' } });
      const refused = await send(JPEG);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('photo_quota_exceeded');
      // The address was given back: a photo within its reservation still goes through.
      const done = await send(JPEG.subarray(0, 1000));
      expect(done.statusCode).toBe(200);
      expect(done.json().size).toBe(1000);
    } finally {
      await tight.close();
    }
  });
});
