/**
 * The review queue (docs/product.md "Quality loop", docs/decisions/029-quality-loop.md): a project
 * with about 2,100 stages waiting for review among 20,000 reviewed ones, on PGlite and PostgreSQL.
 * `GET /api/reviews` (first page, a filtered page and the page behind a cursor deep in the list) is
 * timed over sequential requests and under 8 concurrent clients, beside a bare Fastify route that
 * runs the same keyset query by hand on the same index. Goal: ≤ 200 ms p95 on PostgreSQL for one
 * client; with 8 clients on 2 cores the bare query's own figure is the yardstick (printed, not judged).
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { rowsOf } from '../server/db/client.ts';
import { taskCompletions, tasks } from '../server/db/schema/index.ts';
import { addDays } from '../server/lib/calendar.ts';
import { fmt, openBenchDatabases, seedMap, signIn, timeGets } from './lib.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 900);
const REVIEWED = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const CLIENTS = 8;
const GOAL_MS = 200;

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };

console.log(`Review queue — ${UNITS} units × 7 stages, a third waiting for review, ${REVIEWED} reviewed daily completions`);
console.log('database    | request                                  | clients |  p50 ms |  p95 ms |  max ms | goal');
for (const { name, database, drop } of await openBenchDatabases()) {
  const db = database.db;
  const { projectId, username, today } = await seedMap(db, UNITS);
  // The waiting stages were completed over the last 30 days by 20 workers, not all at one instant.
  await db.execute(sql`
    update task_completions set
      completed_at = now() - ((abs(hashtext(id::text)) % 43200) || ' minutes')::interval,
      worker_name = 'Worker ' || (abs(hashtext(id::text)) % 20)
    where project_id = ${projectId}`);
  // A daily sweep on 200 units for 100 days, every completion already accepted: history the queue must skip.
  const sweepUnits = rowsOf(
    await db.execute(sql`select distinct unit_id from tasks where project_id = ${projectId} limit ${REVIEWED / 100}`),
  ) as { unit_id: string }[];
  const sweeps = await db
    .insert(tasks)
    .values(
      sweepUnits.map((u) => ({ projectId, unitId: u.unit_id, name: 'Sweep', recurrence: 'daily', sortOrder: 99, estimatedMinutes: 5 })),
    )
    .returning({ id: tasks.id, unitId: tasks.unitId });
  const history = sweeps.flatMap((s) =>
    Array.from({ length: 100 }, (_, d) => {
      const day = addDays(today, -d - 1);
      return {
        projectId,
        taskId: s.id,
        unitId: s.unitId,
        workDate: day,
        period: day,
        workerName: 'Sweeper',
        reviewStatus: 'accepted',
        completedAt: new Date(`${day}T09:00:00Z`),
      };
    }),
  );
  for (let i = 0; i < history.length; i += 2000) await db.insert(taskCompletions).values(history.slice(i, i + 2000));
  await db.execute(sql`analyze`);
  const waiting = rowsOf(
    await db.execute(sql`
      select count(*)::int as n from task_completions
      where project_id = ${projectId} and review_status = 'pending' and reopened_at is null`),
  )[0].n;

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const cookie = await signIn(appUrl, username);
  // A cursor about 1,000 rows into the list, as the app hands it out after twenty pages of 50.
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res: Response = await fetch(`${appUrl}/api/reviews?status=pending&limit=50${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { cookie },
    });
    cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
  }
  if (!cursor) throw new Error('the list ended before page 20');

  // The bare route: the same first page by hand on the same partial index, with the unit and task.
  const bare = Fastify({ logger: false });
  bare.get('/page', async () =>
    rowsOf(
      await db.execute(sql`
        select c.id, c.completed_at, c.worker_name, c.notes, t.name, u.number, u.floor
        from task_completions c join tasks t on t.id = c.task_id join units u on u.id = c.unit_id
        where c.project_id = ${projectId} and c.review_status = 'pending'
          and c.reopened_as is distinct from 'undone'
        order by c.completed_at desc, c.id desc limit 50`),
    ),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  console.log(`${name.padEnd(11)} | (${String(waiting)} waiting, ${history.length} reviewed)`);
  const cases: [string, string, Record<string, string>][] = [
    ['bare keyset query, first page', `${bareUrl}/page`, {}],
    ['/api/reviews first page', `${appUrl}/api/reviews?status=pending`, { cookie }],
    ['/api/reviews floor 3, one worker', `${appUrl}/api/reviews?status=pending&floor=3&worker=worker%207`, { cookie }],
    ['/api/reviews page 21 (cursor)', `${appUrl}/api/reviews?status=pending&limit=50&cursor=${cursor}`, { cookie }],
    ['/api/reviews accepted', `${appUrl}/api/reviews?status=accepted`, { cookie }],
  ];
  for (const [label, url, headers] of cases) {
    await timeGets(url, headers, 3); // warm-up
    for (const clients of [1, CLIENTS]) {
      const t = await timeGets(url, headers, REQUESTS, clients);
      const judged = name === 'PostgreSQL' && !label.startsWith('bare') && clients === 1;
      const ok = !judged ? '' : t.p95 <= GOAL_MS ? 'ok' : `over ${GOAL_MS} ms`;
      console.log(
        `${name.padEnd(11)} | ${label.padEnd(40)} | ${String(clients).padStart(7)} | ${fmt(t.p50)} | ${fmt(t.p95)} | ${fmt(t.max)} | ${ok}`,
      );
    }
  }
  await bare.close();
  await app.close();
  await drop();
}
