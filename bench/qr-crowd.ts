/**
 * The QR page at a site's start of day: 200 workers open it at once on a 1,000-unit project, each
 * from their own phone behind the site's one address. Each phone asks what the page asks: the
 * project by its QR id, then suggestions as the worker types a unit (three keystrokes, 200–500 ms
 * apart, as a thumb types; the page waits 150 ms after the last one), then the chosen unit. Printed: p50/p99/max per request and time-outs (5 s) — goal p99 ≤ 500 ms, none
 * timed out — beside one phone alone, measured in the same run.
 */
import os from 'node:os';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { fmt, openBenchDatabases, seedMap } from './lib.ts';

const UNITS = 1000;
const PHONES = Number(process.env.BENCH_PHONES ?? 200);
const GOAL_P99_MS = 500;
const TIMEOUT_MS = 5000;

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
console.log(`\nQR page at the start of day: ${PHONES} phones at once on ${UNITS} units — goal p99 ≤ ${GOAL_P99_MS} ms, no time-out`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.log('database    | phones | requests |  p50 ms |  p99 ms |  max ms | time-outs | errors');

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

for (const { name, database, drop } of await openBenchDatabases()) {
  const { qrId } = await seedMap(database.db, UNITS);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const phone = async (i: number, latencies: number[], failures: { timeouts: number; errors: number }) => {
    const headers = { 'x-shalav-device': `qr-crowd-phone-${String(i).padStart(6, '0')}` };
    const get = async (path: string) => {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
        const body = await res.json();
        latencies.push(performance.now() - t0);
        if (!res.ok) failures.errors += 1;
        return body as { id: string; number: string }[];
      } catch {
        failures.timeouts += 1;
        return [];
      }
    };
    await get(`/api/facility/by-qr/${encodeURIComponent(qrId)}`);
    const floor = String.fromCharCode(65 + (i % 4));
    let found: { id: string }[] = [];
    for (const typed of [floor, `${floor}${1 + (i % 9)}`, `${floor}${1 + (i % 9)}0`]) {
      await new Promise((resolve) => setTimeout(resolve, 150 + 200 + Math.random() * 300));
      found = await get(`/api/rooms-public?qrId=${encodeURIComponent(qrId)}&q=${encodeURIComponent(typed)}`);
    }
    if (found[0]) await get(`/api/rooms-public/${found[0].id}`);
  };
  const run = async (phones: number) => {
    const latencies: number[] = [];
    const failures = { timeouts: 0, errors: 0 };
    await Promise.all(Array.from({ length: phones }, (_, i) => phone(i + phones * 1000, latencies, failures)));
    return { latencies, ...failures };
  };
  await run(5); // warm-up
  for (const phones of [1, PHONES]) {
    const r = await run(phones);
    console.log(
      `${name.padEnd(11)} | ${String(phones).padStart(6)} | ${String(r.latencies.length).padStart(8)} | ${fmt(pct(r.latencies, 50))} | ${fmt(pct(r.latencies, 99))} | ${fmt(pct(r.latencies, 100))} | ${String(r.timeouts).padStart(9)} | ${r.errors}`,
    );
  }
  await app.close();
  await drop();
}
