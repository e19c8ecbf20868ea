/**
 * The manager's set-up path at scale: 1,000 units generated (POST /api/rooms/bulk), the seven
 * inspection stages scheduled on every one (POST /api/task-schedules, 7,000 tasks, one request),
 * then the first page of work tracking (GET /api/scheduled-tasks). Each request is timed end to
 * end over HTTP, on PGlite and on PostgreSQL. Goal: at most 2 s per request.
 */
import os from 'node:os';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { defaultTaskRows } from '#contract/default-tasks.ts';
import { fmt, openBenchDatabases, seedManager, signIn } from './lib.ts';

const UNITS = Number(process.env.BENCH_SCHEDULE_UNITS ?? 1000);
const GOAL_MS = 2000;

/** 1,000 labels as a building would number them: floors 1–20, 50 units each (101…2050). */
const labels = Array.from({ length: UNITS }, (_, i) => `${Math.floor(i / 50) + 1}${String((i % 50) + 1).padStart(2, '0')}`);
const stages = defaultTaskRows().map(({ name, description, translations, estimatedMinutes, requiresPhoto }) => ({
  name,
  description,
  translations,
  estimatedMinutes,
  requiresPhoto,
  recurrence: 'once' as const,
}));

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
console.log(
  `Manager set-up: ${UNITS} units generated, ${stages.length} tasks scheduled on each (${UNITS * stages.length} tasks); goal ≤ ${GOAL_MS} ms per request`,
);
// Timings are wall-clock: on a shared machine, read them beside the load average.
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.log('database    | request                                         |       ms | answer');
for (const { name, database, drop } of await openBenchDatabases()) {
  const username = await seedManager(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const cookie = await signIn(base, username);

  const timed = async (label: string, method: string, path: string, body?: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    const flag = ms > GOAL_MS ? '  (over goal)' : '';
    const summary =
      'items' in json ? `${(json.items as unknown[]).length} items of ${String(json.total)}` : JSON.stringify(json).slice(0, 60);
    console.log(`${name.padEnd(11)} | ${label.padEnd(47)} | ${fmt(ms)} | ${summary}${flag}`);
    return json;
  };

  await timed(`POST /api/rooms/bulk (${UNITS} units)`, 'POST', '/api/rooms/bulk', {
    rooms: labels.map((number) => ({ number, type: 'apartment' })),
  });
  const rooms = (await (await fetch(`${base}/api/rooms`, { headers: { cookie } })).json()) as { id: string }[];
  await timed(`POST /api/task-schedules (${rooms.length} × ${stages.length})`, 'POST', '/api/task-schedules', {
    roomIds: rooms.map((r) => r.id),
    taskTemplates: stages,
  });
  await timed('GET /api/scheduled-tasks (first page, cold)', 'GET', '/api/scheduled-tasks');
  await timed('GET /api/scheduled-tasks (first page, warm)', 'GET', '/api/scheduled-tasks');
  await timed('GET /api/scheduled-tasks?search=Ahmed&status=pending', 'GET', '/api/scheduled-tasks?search=Ahmed&status=pending');
  await app.close();
  await drop();
}
