import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '#contract/events.ts';
import type { Room } from '#contract/rooms.ts';
import { eq } from 'drizzle-orm';
import { projects, tasks } from '../../db/schema/index.ts';
import type { EventBus } from '../../plugins/events.ts';
import { createTestApp, registerAndLogin, type TestContext } from '../../test/helpers.ts';
import { PROJECT_CACHE_TTL_MS, ProjectCache } from '../../plugins/project-cache.ts';

/** The unit map is computed once per change and shared (server/plugins/project-cache.ts, docs/decisions/016-live-updates-without-storms.md). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());
afterEach(() => vi.useRealTimers());

type Owner = Awaited<ReturnType<typeof registerAndLogin>>;
const mapOf = async (o: Owner) => (await o.as({ method: 'GET', url: '/api/rooms' })).json() as Room[];

describe('the unit map on a busy site', () => {
  it('encodes the map once for many screens, and anew after a change (sendShared)', async () => {
    const o = await registerAndLogin(ctx.app);
    await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'E1' } });
    expect((await mapOf(o)).map((r) => r.number)).toEqual(['E1']);
    const stringify = vi.spyOn(JSON, 'stringify');
    const encodings = () => stringify.mock.calls.filter(([v]) => Array.isArray(v) && (v as Room[])[0]?.number?.startsWith('E')).length;
    try {
      const screens = await Promise.all(Array.from({ length: 8 }, () => o.as({ method: 'GET', url: '/api/rooms' })));
      expect(screens.map((s) => s.headers['content-type'])).toEqual(Array(8).fill('application/json; charset=utf-8'));
      expect(new Set(screens.map((s) => s.body)).size).toBe(1);
      expect(encodings()).toBe(0); // encoded by the first read above
      await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'E2' } });
      const after = await Promise.all(Array.from({ length: 8 }, () => mapOf(o)));
      expect(after.map((m) => m.map((r) => r.number))).toEqual(Array(8).fill(['E1', 'E2']));
      expect(encodings()).toBe(1);
    } finally {
      stringify.mockRestore();
    }
  });

  it('computes the map once for many screens, and shows a worker completion and a manager change at once', async () => {
    const o = await registerAndLogin(ctx.app);
    const unit = (await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A1' } })).json() as Room;
    const [task] = await ctx.database.db
      .insert(tasks)
      .values({ projectId: o.user.projectId, unitId: unit.id, name: 'Plaster' })
      .returning();
    await ctx.app.inject({ method: 'PUT', url: `/api/scheduled-tasks-complete/${task.id}`, payload: { workerName: 'Yossi' } }); // an event: nothing cached yet

    expect((await mapOf(o))[0]).toMatchObject({ number: 'A1', completedTasksToday: 1, totalTasksToday: 1 });
    const before = ctx.database.stats.queries;
    const screens = await Promise.all(Array.from({ length: 10 }, () => mapOf(o)));
    expect(screens.every((s) => s[0].completedTasksToday === 1)).toBe(true);
    // Ten screens cost their session checks only (at most two statements each), not ten maps.
    expect(ctx.database.stats.queries - before).toBeLessThanOrEqual(20);

    const second = (await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'A2' } })).json() as Room;
    expect((await mapOf(o)).map((r) => r.number)).toEqual(['A1', 'A2']);
    const [next] = await ctx.database.db
      .insert(tasks)
      .values({ projectId: o.user.projectId, unitId: second.id, name: 'Paint' })
      .returning();
    ctx.app.events.publish({ projectId: o.user.projectId, type: 'tasks.changed' });
    expect((await mapOf(o))[1]).toMatchObject({ totalTasksToday: 1, completedTasksToday: 0 });
    const done = await ctx.app.inject({ method: 'PUT', url: `/api/scheduled-tasks-complete/${next.id}`, payload: { workerName: 'Dana' } });
    expect(done.statusCode).toBe(200);
    expect((await mapOf(o))[1]).toMatchObject({ completedTasksToday: 1, status: 'clean', lastCleanedBy: 'Dana' });
    // The stats come from the same map.
    expect((await o.as({ method: 'GET', url: '/api/stats/rooms' })).json()).toMatchObject({ totalRooms: 2, clean: 2 });
  });

  it("shares the QR page's suggestions and shows a unit added meanwhile at once", async () => {
    const o = await registerAndLogin(ctx.app);
    const [project] = await ctx.database.db.select().from(projects).where(eq(projects.id, o.user.projectId));
    const suggest = async (q: string) =>
      ((await ctx.app.inject({ method: 'GET', url: `/api/rooms-public?qrId=${project.qrId}&q=${q}` })).json() as { number: string }[]).map(
        (r) => r.number,
      );
    await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'Z1' } });
    expect(await suggest('Z')).toEqual(['Z1']);
    const before = ctx.database.stats.queries;
    for (let i = 0; i < 10; i++) expect(await suggest('Z')).toEqual(['Z1']);
    expect(ctx.database.stats.queries - before).toBeLessThanOrEqual(10); // the project by QR id, not the search
    await o.as({ method: 'POST', url: '/api/rooms', payload: { number: 'Z2' } });
    expect(await suggest('Z')).toEqual(['Z1', 'Z2']);
    // The QR page's full list is the manager's map, computed once for both.
    expect((await mapOf(o)).map((r) => r.number)).toEqual(['Z1', 'Z2']);
    const beforeList = ctx.database.stats.queries;
    const list = await ctx.app.inject({ method: 'GET', url: `/api/rooms-public?qrId=${project.qrId}` });
    expect((list.json() as { number: string }[]).map((r) => r.number)).toEqual(['Z1', 'Z2']);
    expect(ctx.database.stats.queries - beforeList).toBe(1); // the project by QR id only
  });

  it("never shows one project's map to another", async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    await a.as({ method: 'POST', url: '/api/rooms', payload: { number: 'X1' } });
    expect((await mapOf(a)).map((r) => r.number)).toEqual(['X1']);
    expect(await mapOf(b)).toEqual([]);
  });
});

describe('ProjectCache', () => {
  function fakeBus() {
    let all: ((projectId: string | undefined, event: LiveEvent) => void) | undefined;
    const bus = { subscribeAll: (l: typeof all) => ((all = l), () => (all = undefined)) } as unknown as EventBus;
    return { bus, emit: (projectId: string | undefined) => all?.(projectId, { type: projectId ? 'task.completed' : 'resync', at: '' }) };
  }
  const room = (number: string) => ({ number }) as Room;

  it('shares one computation between requests that arrive while it runs, and computes again after an event', async () => {
    const { bus, emit } = fakeBus();
    const cache = new ProjectCache(bus);
    const compute = vi.fn(async () => [room('1')]);
    await Promise.all([cache.get('p', 'map', '2026-11-23', compute), cache.get('p', 'map', '2026-11-23', compute)]);
    expect(compute).toHaveBeenCalledTimes(1);
    emit('other');
    await cache.get('p', 'map', '2026-11-23', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    emit('p');
    await cache.get('p', 'map', '2026-11-23', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('drops every project on a resync, computes a new day afresh, and keeps nothing longer than its TTL', async () => {
    vi.useFakeTimers();
    const { bus, emit } = fakeBus();
    const cache = new ProjectCache(bus);
    const compute = vi.fn(async () => [room('1')]);
    await cache.get('p', 'map', '2026-11-23', compute);
    await cache.get('q', 'map', '2026-11-23', compute);
    emit(undefined);
    await cache.get('p', 'map', '2026-11-23', compute);
    await cache.get('q', 'map', '2026-11-23', compute);
    expect(compute).toHaveBeenCalledTimes(4);
    await cache.get('p', 'map', '2026-11-24', compute);
    expect(compute).toHaveBeenCalledTimes(5);
    vi.advanceTimersByTime(PROJECT_CACHE_TTL_MS + 1);
    await cache.get('p', 'map', '2026-11-24', compute);
    expect(compute).toHaveBeenCalledTimes(6);
  });

  it('computes nothing for a client that has gone, and still serves the others', async () => {
    const { bus } = fakeBus();
    const cache = new ProjectCache(bus);
    const compute = vi.fn(async () => [room('1')]);
    await expect(cache.get('p', 'map', 'd', compute, () => true)).rejects.toMatchObject({ statusCode: 499 });
    expect(compute).not.toHaveBeenCalled();
    expect(await cache.get('p', 'map', 'd', compute, () => false)).toEqual([room('1')]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed computation', async () => {
    const { bus } = fakeBus();
    const cache = new ProjectCache(bus);
    await expect(cache.get('p', 'map', 'd', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('p', 'map', 'd', async () => [room('2')])).toEqual([room('2')]);
  });
});
