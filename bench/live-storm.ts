/**
 * Live updates without storms (docs/decisions/016-live-updates-without-storms.md): workers complete
 * stages on a 2,000-unit × 7-stage project while 10 manager map screens are open, each holding the
 * live stream and refetching the map the way the web app does (the first event at once, then at
 * most once per 2 s). Printed: worker completions per second with no screen and with 10 screens
 * (goal: ratio ≥ 0.8), and the map's cost when a change made it compute again and when it was
 * shared (goal: ≤ 25 ms on PostgreSQL).
 */
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { tasks } from '../server/db/schema/index.ts';
import { REFETCH_GAP_MS } from '../web/src/app/live-updates.ts';
import { fmt, openBenchDatabases, seedMap, signIn } from './lib.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WORKERS = 8;
const SCREENS = 10;

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
console.log(
  `\nLive updates: ${WORKERS} workers completing stages for ${SECONDS} s on ${UNITS} units × 7 stages, with 0 and ${SCREENS} map screens open`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.log('database    | screens | completions/s | map refetches | ratio | map computed ms | map shared ms');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

for (const { name, database, drop } of await openBenchDatabases()) {
  const { projectId, username } = await seedMap(database.db, UNITS);
  const open = await database.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), eq(tasks.requiresPhoto, false)));
  const queue = open.map((t) => t.id).sort(() => Math.random() - 0.5);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  let sent = 0;
  /** Workers, each its own phone, completing one stage after another for `seconds`. */
  const work = async (seconds: number) => {
    let done = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        while (performance.now() < end && queue.length > 0) {
          // A crew larger than the per-phone limit allows one bench client to be: a phone per 50 stages.
          const n = sent++;
          const phone = `${w}-${Math.floor(n / 50)}`;
          const headers = {
            'content-type': 'application/json',
            'x-shalav-device': `bench-phone-${phone.padStart(10, '0')}`,
            'x-forwarded-for': `10.9.${w}.${n % 250}`,
          };
          const id = queue.pop()!;
          const res = await fetch(`${base}/api/scheduled-tasks-complete/${id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ workerName: `Worker ${w}` }),
          });
          await res.arrayBuffer();
          // 409: the seed already completed this stage.
          if (res.ok) done += 1;
          else if (res.status !== 409) throw new Error(`completion: ${res.status}`);
        }
      }),
    );
    return done / seconds;
  };

  /** A manager's map screen: the live stream, and a coalesced refetch of the map on its events. */
  const screen = async (signal: AbortSignal, counter: { refetches: number }) => {
    const cookie = await signIn(base, username);
    const refetch = () =>
      fetch(`${base}/api/rooms`, { headers: { cookie }, signal })
        .then((r) => r.arrayBuffer())
        .then(() => void counter.refetches++)
        .catch(() => undefined);
    let last = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = () => {
      if (timer) return;
      const wait = last + REFETCH_GAP_MS - performance.now();
      const run = () => {
        timer = undefined;
        last = performance.now();
        void refetch();
      };
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    };
    signal.addEventListener('abort', () => clearTimeout(timer));
    await refetch();
    const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal }).catch(() => undefined);
    const reader = res?.body?.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader!.read();
        if (chunk.done) break;
        if (decoder.decode(chunk.value).includes('event: ')) onEvent();
      }
    } catch {
      // aborted at the end of the run
    }
  };

  await work(2); // warm-up
  const alone = await work(SECONDS);
  const stop = new AbortController();
  const counter = { refetches: 0 };
  const screens = Array.from({ length: SCREENS }, () => screen(stop.signal, counter));
  await new Promise((r) => setTimeout(r, 1000));
  const watched = await work(SECONDS);
  stop.abort();
  await Promise.all(screens);

  // The map's cost: computed again after a completion, and shared by the next request.
  const cookie = await signIn(base, username);
  const timed = async () => {
    const t0 = performance.now();
    await (await fetch(`${base}/api/rooms`, { headers: { cookie } })).arrayBuffer();
    return performance.now() - t0;
  };
  const computed: number[] = [];
  const shared: number[] = [];
  for (let i = 0; i < 15 && queue.length > 0; i++) {
    const res = await fetch(`${base}/api/scheduled-tasks-complete/${queue.pop()!}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.0.${i + 1}` },
      body: '{"workerName":"Bench"}',
    });
    if (!res.ok && res.status !== 409) throw new Error(`completion: ${res.status}`);
    computed.push(await timed());
    shared.push(await timed());
  }
  console.log(`${name.padEnd(11)} | ${String(0).padStart(7)} | ${fmt(alone)}      |               |       |                 |`);
  console.log(
    `${name.padEnd(11)} | ${String(SCREENS).padStart(7)} | ${fmt(watched)}      | ${String(counter.refetches).padStart(13)} | ${fmt(watched / alone, 2)} | ${fmt(median(computed))}        | ${fmt(median(shared))}`,
  );
  await app.close();
  await drop();
}
