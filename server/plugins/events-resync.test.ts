import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract/events.ts';
import { openTestDatabase } from '../test/helpers.ts';
import { createEventBus, type EventBus } from './events.ts';

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
});
