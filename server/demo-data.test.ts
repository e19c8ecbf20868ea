import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '#contract/rooms.ts';
import type { TaskTemplate } from '#contract/templates.ts';
import { createTestApp, login, type TestContext } from './test/helpers.ts';
import { DEMO_CLEANER, DEMO_MANAGER, DEMO_PLATFORM_ADMIN, DEMO_SITE_MANAGER, isDatabaseEmpty, seedDemoData } from './demo-data.ts';

let ctx: TestContext;
let cookie: string;
const NOW = new Date('2026-05-10T09:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  expect(await isDatabaseEmpty(ctx.app.db)).toBe(true);
  await seedDemoData(ctx.app.db, NOW);
  cookie = (await login(ctx.app, DEMO_MANAGER)).cookie;
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('demo data', () => {
  it('marks the database as no longer empty', async () => {
    expect(await isDatabaseEmpty(ctx.app.db)).toBe(false);
  });

  it('lets the demo manager sign in as the owner of a construction project', async () => {
    expect(cookie).not.toBe('');
    const me = (await get('/api/auth/user')).json();
    expect(me).toMatchObject({ username: 'demo', role: 'admin', isOwner: true, facilityType: 'construction', projectStatus: 'active' });
    expect((await get('/api/user/profile')).json().card).toMatchObject({ last4: '4242' });
  });

  it('lets the demo site manager and worker sign in with their roles', async () => {
    const manager = await login(ctx.app, DEMO_SITE_MANAGER);
    expect(manager.res.json()).toMatchObject({ role: 'manager', isOwner: false });
    const cleaner = await login(ctx.app, DEMO_CLEANER);
    expect(cleaner.res.json()).toMatchObject({ role: 'cleaner', isOwner: false });
  });

  it('lets the demo platform admin sign in', async () => {
    const res = await login(ctx.app, DEMO_PLATFORM_ADMIN, { url: '/api/admin/login' });
    expect(res.res.statusCode).toBe(200);
    expect(res.res.json()).toEqual({ message: 'Admin login successful', username: 'platform' });
  });

  it('has 50 apartments A101–A125 and B201–B225 with floors derived from the label', async () => {
    const rooms = (await get('/api/rooms?withTaskCounts=true')).json() as Room[];
    const expected = [...Array.from({ length: 25 }, (_, i) => `A${101 + i}`), ...Array.from({ length: 25 }, (_, i) => `B${201 + i}`)];
    expect(rooms.map((r) => r.number)).toEqual(expected);
    expect(rooms.every((r) => r.type === 'apartment' && r.floor === (r.number.startsWith('A') ? 1 : 2))).toBe(true);
    expect(rooms.every((r) => r.totalTasksToday === 7)).toBe(true);
    // Some done today: the first four complete, others part-way, the rest not started.
    expect(rooms.slice(0, 4).every((r) => r.status === 'clean')).toBe(true);
    expect(rooms[4]).toMatchObject({ status: 'in_progress' });
    expect(rooms.at(-1)).toMatchObject({ status: 'needs_cleaning', completedTasksToday: 0 });
    const stats = (await get('/api/stats/rooms')).json();
    expect(stats).toMatchObject({ totalRooms: 50, clean: 4, inProgress: 8, needsCleaning: 38, inactive: 0 });
  });

  it('gives each apartment the seven stages: minutes 30,20,25,15,10,20,15, photo on the 1st, 2nd, 4th and 6th', async () => {
    const rooms = (await get('/api/rooms')).json() as Room[];
    for (const room of [rooms[0], rooms[30]]) {
      const details = (await get(`/api/dashboard/room-details/${room.id}`)).json();
      expect(details.date).toBe('2026-05-10');
      expect(details.tasks.map((t: { estimatedMinutes: number }) => t.estimatedMinutes)).toEqual([30, 20, 25, 15, 10, 20, 15]);
      expect(details.tasks.map((t: { requiresPhoto: boolean }) => t.requiresPhoto)).toEqual([true, true, false, true, false, true, false]);
      expect(details.tasks[0].name).toBe('בדיקת איטום ברטובים ומרפסות');
    }
  });

  it('lists as its templates the seven stages its apartments carry, in the same order', async () => {
    const templates = (await get('/api/task-templates?facilityType=construction')).json() as TaskTemplate[];
    const details = (await get(`/api/dashboard/room-details/${((await get('/api/rooms')).json() as Room[])[0].id}`)).json();
    expect(templates).toHaveLength(7);
    const shape = (t: { name: string; estimatedMinutes: number; requiresPhoto: boolean }) => [t.name, t.estimatedMinutes, t.requiresPhoto];
    expect([...templates].sort((a, b) => a.sortOrder - b.sortOrder).map(shape)).toEqual(details.tasks.map(shape));
    expect(templates.every((t) => t.facilityType === 'construction' && t.roomType === null && t.translations?.en?.name)).toBe(true);
  });
});
