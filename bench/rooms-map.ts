/**
 * GET /api/rooms?withTaskCounts=true with 2,000 units (7 stages each, some done today), on PGlite
 * and PostgreSQL, beside a bare Fastify route that runs the same SQL statement on the same
 * database. The ratio (app ÷ bare) is the figure that matters: it is the cost of sessions,
 * validation, status derivation, sorting and serialization over the query itself.
 *
 * BENCH_HISTORY_DAYS=120 first gives the project that many days of work (bench/fill.ts): the map's
 * statement then has a history to find each unit's last completion in. The embedded database is
 * measured as the server leaves it right after such a write: not analyzed yet.
 */
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { taskCompletions } from '../server/db/schema/index.ts';
import { listUnitsWithCounts } from '../server/modules/rooms/rooms.queries.ts';
import { fillHistory } from './fill.ts';
import { fmt, load, openBenchDatabases, seedMap } from './lib.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 0);

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
console.log(
  `GET /api/rooms?withTaskCounts=true — ${UNITS} units × 7 stages, ${HISTORY_DAYS} days of history, ${SECONDS} s per run, 8 concurrent clients`,
);
console.log('database    | route            |    req/s |  p50 ms |  p99 ms');
for (const { name, database, drop } of await openBenchDatabases()) {
  const { projectId, username, today } = await seedMap(database.db, UNITS);
  if (HISTORY_DAYS > 0) {
    // The history replaces today's completions of the seed (a stage is done once).
    await database.db.delete(taskCompletions).where(eq(taskCompletions.projectId, projectId));
    const added = await fillHistory(database.db, projectId, HISTORY_DAYS);
    console.log(`${name.padEnd(11)} | history: ${added.completions} completions`);
  }
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench1234' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

  const bare = Fastify({ logger: false });
  bare.get('/rooms', async () => listUnitsWithCounts(database.db, { projectId, date: today }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  await load(`${appUrl}/api/rooms?withTaskCounts=true`, { cookie }, 1); // warm-up
  await load(`${bareUrl}/rooms`, {}, 1);
  const a = await load(`${appUrl}/api/rooms?withTaskCounts=true`, { cookie }, SECONDS);
  const b = await load(`${bareUrl}/rooms`, {}, SECONDS);
  console.log(`${name.padEnd(11)} | Shalav route     | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)}`);
  console.log(`${name.padEnd(11)} | bare Fastify+SQL | ${fmt(b.rps)} | ${fmt(b.p50)} | ${fmt(b.p99)}`);
  console.log(`${name.padEnd(11)} | ratio app/bare   | ${fmt(a.rps / b.rps, 2)} |`);
  await app.close();
  await bare.close();
  await drop();
}
