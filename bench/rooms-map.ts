/**
 * GET /api/rooms?withTaskCounts=true with 2,000 units (7 stages each, some done today), on PGlite
 * and PostgreSQL, beside a bare Fastify route that runs the same SQL statement on the same
 * database. The ratio (app ÷ bare) is the figure that matters: it is the cost of sessions,
 * validation, status derivation, sorting and serialization over the query itself.
 */
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { projects, taskCompletions, tasks, units, users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/modules/auth/auth.service.ts';
import { listUnitsWithCounts } from '../server/modules/rooms/rooms.queries.ts';
import { defaultTaskRows } from '../contract/default-tasks.ts';
import { deriveFloor } from '../contract/rooms.ts';
import { localDate } from '../server/lib/time.ts';
import { fmt, load, openBenchDatabases } from './lib.ts';
import type { Db } from '../server/db/client.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function seed(db: Db) {
  const today = localDate('Asia/Jerusalem');
  const [project] = await db.insert(projects).values({ name: 'Bench', qrId: `bench-${Date.now()}`, billingAnchor: today }).returning();
  await db.insert(users).values({ projectId: project.id, username: `bench${Date.now()}`, passwordHash: await hashPassword('bench1234'), role: 'admin' });
  const [username] = await db.select({ u: users.username }).from(users).limit(1);
  const labels = Array.from({ length: UNITS }, (_, i) => `${String.fromCharCode(65 + (i % 4))}${100 * (1 + Math.floor(i / 100)) + (i % 100)}`);
  const unitRows = [];
  for (let i = 0; i < labels.length; i += 500) {
    unitRows.push(
      ...(await db
        .insert(units)
        .values(labels.slice(i, i + 500).map((number) => ({ projectId: project.id, number, floor: deriveFloor(number) })))
        .returning({ id: units.id })),
    );
  }
  const stages = defaultTaskRows();
  for (let i = 0; i < unitRows.length; i += 200) {
    const rows = await db
      .insert(tasks)
      .values(unitRows.slice(i, i + 200).flatMap((u) => stages.map((s) => ({ ...s, projectId: project.id, unitId: u.id }))))
      .returning({ id: tasks.id, unitId: tasks.unitId, sortOrder: tasks.sortOrder });
    const done = rows.filter((_r, j) => j % 3 === 0);
    await db.insert(taskCompletions).values(done.map((r) => ({ projectId: project.id, taskId: r.id, unitId: r.unitId, workDate: today, period: 'once', workerName: 'Bench Worker' })));
  }
  return { projectId: project.id, username: username.u, today };
}

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
console.log(`GET /api/rooms?withTaskCounts=true — ${UNITS} units × 7 stages, ${SECONDS} s per run, 8 concurrent clients`);
console.log('database    | route            |    req/s |  p50 ms |  p99 ms');
for (const { name, database, drop } of await openBenchDatabases()) {
  const { projectId, username, today } = await seed(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${appUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'bench1234' }) });
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
