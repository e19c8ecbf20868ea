import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './test/child-server.ts';
import { canStartCluster, startThrowawayCluster, type ThrowawayCluster } from './test/pg-cluster.ts';
import { budget } from '../test-budget.ts';

/**
 * A database failover as the server sees it (docs/decisions/010-crash-safety.md): PostgreSQL dies
 * under transactional traffic — clients checked out for work-session and completion transactions,
 * the billing lock's client, the live-update listener — and comes back. The process must stay up,
 * answer the requests caught in the outage with 503, and be healthy again within seconds.
 */
describe.skipIf(!canStartCluster)('PostgreSQL restarts under load', () => {
  let cluster: ThrowawayCluster;
  let server: ChildServer;
  let work: { unitId: string; taskIds: string[] }[];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    // Billing every 0.6 s: a run (holding the billing lock's client) is often under way at the crash.
    server = await startChildServer({ DATABASE_URL: cluster.url, DEMO_DATA: '1', BILLING_INTERVAL_MINUTES: '0.01', LOG_LEVEL: 'error' });
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ unit_id: string; id: string }>(
      `select t.unit_id, t.id from tasks t
        where t.requires_photo = false and not exists (select 1 from task_completions c where c.task_id = t.id)
        order by t.unit_id, t.sort_order`,
    );
    await client.end();
    const byUnit = new Map<string, string[]>();
    for (const r of rows) byUnit.set(r.unit_id, [...(byUnit.get(r.unit_id) ?? []), r.id]);
    work = [...byUnit].map(([unitId, taskIds]) => ({ unitId, taskIds }));
  }, budget(240_000));

  afterAll(async () => {
    await server?.dispose();
    cluster?.dispose();
  });

  it(
    'three immediate restarts: the server stays up, answers 503 meanwhile (never 500) and is healthy within seconds',
    async () => {
      const base = `http://127.0.0.1:${server.port}`;
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      const conflicts = new Set<string>();
      let stop = false;
      const send = async (url: string, init: RequestInit) => {
        try {
          const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(15_000) });
          const body = await res.text();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 409) conflicts.add((JSON.parse(body) as { code: string }).code);
          if (res.status >= 500 && res.status !== 503) failures.push(`${init.method} ${url}: ${res.status}`);
          if (res.status === 503 && !res.headers.get('retry-after')) failures.push(`${init.method} ${url}: 503 without Retry-After`);
        } catch (err) {
          failures.push(`${init.method} ${url}: ${(err as Error).message}`);
        }
      };
      // Eight workers, each on its own units: a work session (a transaction), then the unit's stages.
      const crew = Array.from({ length: 8 }, async (_, w) => {
        const headers = { 'content-type': 'application/json', 'x-shalav-device': `failover-${w}-${randomBytes(4).toString('hex')}` };
        for (let i = w; !stop; i = (i + 8) % work.length) {
          const { unitId, taskIds } = work[i];
          await send('/api/work-sessions', {
            method: 'POST',
            headers,
            body: JSON.stringify({ roomId: unitId, workerName: `Worker ${w}` }),
          });
          for (const taskId of taskIds) {
            if (stop) return;
            const key = `failover-${randomBytes(8).toString('hex')}`;
            await send(`/api/scheduled-tasks-complete/${taskId}`, {
              method: 'PUT',
              headers: { ...headers, 'idempotency-key': key },
              body: JSON.stringify({ workerName: `Worker ${w}` }),
            });
          }
          await sleep(50);
        }
      });

      const recoveries: number[] = [];
      for (let round = 0; round < 3; round++) {
        await sleep(1_500);
        cluster.restart('immediate');
        const back = Date.now();
        for (;;) {
          const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
          if (health?.status === 200) break;
          expect(server.child.exitCode, `the server died:\n${server.output()}`).toBeNull();
          expect(Date.now() - back, 'healthy again within 15 s of the database').toBeLessThan(15_000);
          await sleep(100);
        }
        recoveries.push(Date.now() - back);
      }
      await sleep(1_000);
      stop = true;
      await Promise.all(crew);

      expect(server.child.exitCode, `the server died:\n${server.output()}`).toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
      expect(failures).toEqual([]);
      // A stage done already (the crew goes round its units again), never a write that clashed with itself.
      expect([...conflicts].filter((c) => c !== 'task_already_completed')).toEqual([]);
      // The traffic really ran across the restarts: writes succeeded before and after them.
      expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(20);
      console.log(`failover: statuses ${JSON.stringify(Object.fromEntries(statuses))}, healthy after ${recoveries.join(', ')} ms`);
    },
    budget(240_000),
  );
});
