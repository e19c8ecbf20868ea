import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facility, QrCode } from '#contract/facility.ts';
import type { Room } from '#contract/rooms.ts';
import { projects } from '../../db/schema/index.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { signInMember } from '../schedules/test-support.ts';

const PUBLIC_URL = 'https://shalav.example.com';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(async () => ctx?.close());

// pngjs comes with the qrcode package; loaded by name so the test needs no extra type package.
type Png = { width: number; height: number; data: Buffer };
const pngModule = 'pngjs';
const { PNG } = (await import(pngModule)) as { PNG: { sync: { read(buffer: Buffer): Png } } };

/** Decodes the PNG data URL with a real QR reader. */
function decodeQr(dataURL: string) {
  expect(dataURL.startsWith('data:image/png;base64,')).toBe(true);
  const png = PNG.sync.read(Buffer.from(dataURL.slice('data:image/png;base64,'.length), 'base64'));
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { text: found?.data, width: png.width };
}

describe('GET /api/user/facility', () => {
  it('describes the signed-in project with its QR id and the public URL', async () => {
    const { as, body, user } = await registerAndLogin(ctx.app, { facilityType: 'hotel' });
    const res = await as({ method: 'GET', url: '/api/user/facility' });
    expect(res.statusCode).toBe(200);
    const facility = res.json() as Facility;
    const [project] = await ctx.database.db.select().from(projects).where(eq(projects.id, user.projectId));
    expect(facility).toEqual({
      id: user.projectId,
      name: body.facilityName,
      facilityType: 'hotel',
      uniqueQrId: project.qrId,
      isActive: true,
      createdAt: project.createdAt.toISOString(),
      updatedAt: project.updatedAt.toISOString(),
      publicUrl: PUBLIC_URL,
    });
  });

  it('reports an inactive project as not active', async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    await ctx.database.db.update(projects).set({ status: 'inactive' }).where(eq(projects.id, user.projectId));
    expect((await as({ method: 'GET', url: '/api/user/facility' })).json().isActive).toBe(false);
  });
});

describe('GET /api/qr-code', () => {
  it("encodes PUBLIC_URL/qr-scan?qrId=<the project's QR id> in a scannable PNG", async () => {
    const { as, user } = await registerAndLogin(ctx.app);
    const [project] = await ctx.database.db.select().from(projects).where(eq(projects.id, user.projectId));
    const res = await as({ method: 'GET', url: '/api/qr-code' });
    expect(res.statusCode).toBe(200);
    const qr = res.json() as QrCode;
    expect(qr.data).toBe(`${PUBLIC_URL}/qr-scan?qrId=${encodeURIComponent(project.qrId)}`);
    const decoded = decodeQr(qr.dataURL);
    expect(decoded.text).toBe(qr.data);
    expect(decoded.width).toBe(300);
  });

  it('draws the image at the requested size and refuses absurd sizes', async () => {
    const { as } = await registerAndLogin(ctx.app);
    const qr = (await as({ method: 'GET', url: '/api/qr-code?size=120' })).json() as QrCode;
    expect(decodeQr(qr.dataURL).width).toBe(120);
    expect((await as({ method: 'GET', url: '/api/qr-code?size=5000' })).statusCode).toBe(400);
  });

  it("encodes one unit's task page with roomId, for the unit's own label", async () => {
    const { as } = await registerAndLogin(ctx.app);
    await as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms: [{ number: 'A101' }] } });
    const [room] = (await as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
    const qr = (await as({ method: 'GET', url: `/api/qr-code?roomId=${room.id}` })).json() as QrCode;
    expect(qr.data).toBe(`${PUBLIC_URL}/work-tasks/${room.id}`);
    expect(decodeQr(qr.dataURL).text).toBe(qr.data);
    expect((await as({ method: 'GET', url: `/api/qr-code?roomId=${randomUUID()}` })).statusCode).toBe(404);
  });

  it("gives each project its own code, and never another project's unit", async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const qa = (await a.as({ method: 'GET', url: '/api/qr-code' })).json() as QrCode;
    const qb = (await b.as({ method: 'GET', url: '/api/qr-code' })).json() as QrCode;
    expect(qa.data).not.toBe(qb.data);
    await a.as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms: [{ number: '1' }] } });
    const [aRoom] = (await a.as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
    expect((await b.as({ method: 'GET', url: `/api/qr-code?roomId=${aRoom.id}` })).statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 for a cleaner', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/qr-code' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/facility' })).statusCode).toBe(401);
    const owner = await registerAndLogin(ctx.app);
    const cleaner = await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner');
    expect((await cleaner({ method: 'GET', url: '/api/qr-code' })).statusCode).toBe(403);
  });
});
