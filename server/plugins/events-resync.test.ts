import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#contract/events.ts';
import { openTestDatabase } from '../test/helpers.ts';
import { createEventBus, PostgresEventBus, type EventBus } from './events.ts';

/** When the LISTEN connection comes back, events published meanwhile are lost: every stream is told to refetch. */
describe.skipIf(!process.env.DATABASE_URL)('live updates after the PostgreSQL listener reconnects', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let bus: EventBus;
  beforeAll(async () => {
    database = await openTestDatabase();
    bus = await createEventBus(database);
  });
  afterAll(async () => {
    await bus?.close();
    await database?.drop();
  });

  it('sends resync to the subscribers of every project, and to the server-side caches', async () => {
    const got: string[] = [];
    const all: (string | undefined)[] = [];
    bus.subscribe('project-a', (e: LiveEvent) => got.push(`a:${e.type}`));
    bus.subscribe('project-b', (e: LiveEvent) => got.push(`b:${e.type}`));
    bus.subscribeAll((projectId, e) => e.type === 'resync' && all.push(projectId));
    // Cut the listener's connection, as a PostgreSQL restart or failover would.
    await database.pool!.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN shalav_events%'`,
    );
    const deadline = Date.now() + 10_000;
    while (got.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(got.sort()).toEqual(['a:resync', 'b:resync']);
    expect(all).toEqual([undefined]);
    // And live events flow again.
    bus.publish({ projectId: 'project-a', type: 'task.completed', taskId: 't1' });
    while (!got.includes('a:task.completed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(got).toContain('a:task.completed');
  });

  it('a publish that fails (every connection busy) reaches this instance at once and resyncs the project on every instance', async () => {
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    // One instance whose only pool connection is taken, so its NOTIFY cannot be sent...
    const busyPool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 200 });
    const held = await busyPool.connect();
    let released = false;
    const release = () => void (released || ((released = true), held.release()));
    const busy = new PostgresEventBus(busyPool, url);
    await busy.start();
    // ...and another instance on the same database, whose streams must not stay stale.
    const other = await createEventBus(database);
    try {
      const here: string[] = [];
      const there: string[] = [];
      busy.subscribe('project-c', (e) => here.push(e.type));
      other.subscribe('project-c', (e) => there.push(e.type));
      other.subscribe('project-d', (e) => there.push(`d:${e.type}`));
      busy.publish({ projectId: 'project-c', type: 'task.completed', taskId: 't2' });
      const deadline = Date.now() + 10_000;
      while (here.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(here).toEqual(['task.completed']);
      expect(there).toEqual([]);
      release();
      while (there.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(there).toEqual(['resync']);
    } finally {
      release();
      await busy.close();
      await other.close();
      await busyPool.end();
    }
  });

  it("drops this instance's caches once per event of its own, and another instance's when the NOTIFY arrives", async () => {
    const other = await createEventBus(database);
    try {
      const caches: string[] = [];
      const otherCaches: string[] = [];
      const streams: string[] = [];
      const otherStreams: string[] = [];
      bus.subscribeAll((projectId, e) => projectId === 'project-e' && caches.push(e.type));
      other.subscribeAll((projectId, e) => projectId === 'project-e' && otherCaches.push(e.type));
      bus.subscribe('project-e', (e) => streams.push(e.type));
      other.subscribe('project-e', (e) => otherStreams.push(e.type));
      bus.publish({ projectId: 'project-e', type: 'unit.changed' });
      // At once, before the NOTIFY: the request that changed the project answers after its caches dropped.
      expect(caches).toEqual(['unit.changed']);
      const deadline = Date.now() + 10_000;
      while ((streams.length === 0 || otherStreams.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(streams).toEqual(['unit.changed']);
      expect(otherStreams).toEqual(['unit.changed']);
      expect(otherCaches).toEqual(['unit.changed']);
      // The NOTIFY coming back to this instance reached its streams, not its caches a second time.
      expect(caches).toEqual(['unit.changed']);
    } finally {
      await other.close();
    }
  });
});
