/**
 * Cost of crash-safe commits on the embedded database (docs/decisions/010-crash-safety.md):
 * N single-row inserts, each its own acknowledged commit, with PGlite's defaults (fsync off) and
 * with the durable setting the server uses, in the same run, printed side by side.
 *
 *   node --import tsx bench/durability.ts [N=500]
 *
 * BENCH_DIR: where the two databases go (default: a directory under the current one, i.e. the disk
 * DATA_DIR usually lives on; /tmp is often in memory and would hide the fsync cost).
 * Bounded: each mode stops after 20 s whatever N is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../server/db/client.ts';

const N = Number(process.argv[2] ?? 500);
const LIMIT_MS = 20_000;
const root = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? process.cwd(), '.bench-durability-'));

interface Result {
  mode: string;
  inserts: number;
  ms: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function run(durable: boolean): Promise<Result> {
  const dir = path.join(root, durable ? 'durable' : 'default');
  const database = await openPglite(dir, undefined, { durable });
  const db = database.pglite!;
  try {
    await db.exec('create table bench (id serial primary key, note text not null, at timestamptz not null default now())');
    const latencies: number[] = [];
    const start = performance.now();
    for (let i = 0; i < N && performance.now() - start < LIMIT_MS; i++) {
      const t0 = performance.now();
      await db.query('insert into bench (note) values ($1)', [`task ${i} done`]);
      latencies.push(performance.now() - t0);
    }
    const ms = performance.now() - start;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return {
      mode: durable ? 'durable (fsync on)' : 'PGlite default (fsync off)',
      inserts: latencies.length,
      ms: Math.round(ms),
      perSecond: Math.round((latencies.length / ms) * 1000),
      p50: Number(at(0.5).toFixed(2)),
      p99: Number(at(0.99).toFixed(2)),
    };
  } finally {
    await database.close();
  }
}

try {
  const results = [await run(false), await run(true)];
  console.log(`${N} single-row inserts, each acknowledged (committed) before the next; databases in ${root}`);
  console.table(results);
  const [fast, safe] = results;
  console.log(
    `durable costs ${(safe.ms / safe.inserts / (fast.ms / fast.inserts)).toFixed(1)}x the time per commit (p50 ${fast.p50} ms → ${safe.p50} ms)`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
