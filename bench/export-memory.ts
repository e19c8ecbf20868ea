/**
 * Whether an export's memory stays flat as its rows grow (issue 24: "an export of 100,000 rows ≤ 10 s
 * with flat memory"). A project of 1,000 units and one of 5,000 (20 once-stages each, 30 days of
 * history: 21,000 and 105,000 rows of work tracking) on a PostgreSQL database of their own; the
 * server in a process of its own (server/main.ts), once as built and once with its old generation
 * capped (`--max-old-space-size`); each export asked three times in a row. For each: the time, the
 * bytes, and how far the server's resident memory rose above where it was when asked (the kernel's
 * peak, `VmHWM`, reset through /proc/<pid>/clear_refs before each export). The 1,000-unit project is
 * the baseline, in the same run. Memory held by the export would grow with the rows, and from one
 * export to the next; garbage not yet collected grows only until the collector runs, and a capped
 * heap collects it sooner.
 *
 *   node --import tsx bench/export-memory.ts
 *   BENCH_EXPORT_UNITS=1000,5000 BENCH_EXPORT_CAP_MB=64 BENCH_EXPORT_REPEAT=3
 *
 * Needs PostgreSQL (DATABASE_URL or 127.0.0.1:5432); the databases it creates are dropped at the end.
 * Traffic goes to 127.0.0.1 only; the server is killed by its own PID.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client.ts';
import { tasks, units, users } from '../server/db/schema/index.ts';
import { startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { fillHistory } from './fill.ts';
import { memoryMb, openBenchDatabases, resetPeakMemory, seedManager, signIn } from './lib.ts';

const SIZES = (process.env.BENCH_EXPORT_UNITS ?? '1000,5000').split(',').map(Number);
const CAP_MB = Number(process.env.BENCH_EXPORT_CAP_MB ?? 64);
const REPEAT = Number(process.env.BENCH_EXPORT_REPEAT ?? 3);
const STAGES = 20;
const DAYS = 30;

interface Row {
  units: number;
  heap: string;
  format: string;
  run: number;
  seconds: number;
  bytes: number;
  lines: number;
  rssAtStart: number;
  risen: number;
}
const rows: Row[] = [];

/** A migrated PostgreSQL database of its own, or undefined when PostgreSQL is not reachable. */
async function openPostgresDatabase() {
  let found: Awaited<ReturnType<typeof openBenchDatabases>>[number] | undefined;
  for (const d of await openBenchDatabases()) {
    if (d.name === 'PostgreSQL') found = d;
    else await d.drop();
  }
  return found;
}

let server: ChildServer | undefined;
for (const size of SIZES) {
  const opened = await openPostgresDatabase();
  if (!opened) {
    console.log('export-memory: PostgreSQL not reachable, nothing measured');
    break;
  }
  try {
    const db = opened.database.db;
    const username = await seedManager(db);
    const [{ projectId }] = await db
      .select({ projectId: users.projectId })
      .from(users)
      .where(sql`${users.username} = ${username}`);
    for (let from = 0; from < size; from += 500) {
      const made = await db
        .insert(units)
        .values(Array.from({ length: Math.min(500, size - from) }, (_, j) => ({ projectId, number: `${from + j + 101}`, floor: 1 })))
        .returning({ id: units.id });
      await db.insert(tasks).values(
        made.flatMap((u) =>
          Array.from({ length: STAGES }, (_, k) => ({
            projectId,
            unitId: u.id,
            name: `Stage ${k + 1}`,
            sortOrder: k,
            recurrence: 'once',
          })),
        ),
      );
    }
    const t0 = performance.now();
    const filled = await fillHistory(db, projectId, DAYS);
    await db.execute(sql`analyze`);
    console.log(
      `${size} units: ${filled.completions} completions, ${filled.workSessions} work sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${String(rowsOf<{ d: string }>(await db.execute(sql`select current_database() as d`))[0]!.d)}`;

    for (const heap of ['as built', `old space ${CAP_MB} MB`]) {
      server = await startChildServer({
        DATABASE_URL: url.toString(),
        ...(heap === 'as built' ? {} : { NODE_OPTIONS: `--max-old-space-size=${CAP_MB}` }),
      });
      const pid = server.child.pid!;
      const base = `http://127.0.0.1:${server.port}`;
      const cookie = await signIn(base, username);
      for (const format of ['csv', 'xlsx']) {
        for (let run = 1; run <= REPEAT; run++) {
          resetPeakMemory(pid);
          const atStart = memoryMb(pid)!;
          const started = performance.now();
          const response = await fetch(`${base}/api/scheduled-tasks/export?format=${format}`, { headers: { cookie } });
          if (!response.ok) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
          let bytes = 0;
          let lines = 0;
          const reader = response.body!.getReader();
          for (let next = await reader.read(); !next.done; next = await reader.read()) {
            bytes += next.value.length;
            if (format === 'csv') for (const b of next.value) if (b === 0x0a) lines++;
          }
          const seconds = (performance.now() - started) / 1000;
          const after = memoryMb(pid)!;
          const row = {
            units: size,
            heap,
            format,
            run,
            seconds,
            bytes,
            lines: lines - 1,
            rssAtStart: atStart.now,
            risen: after.peak - atStart.now,
          };
          rows.push(row);
          console.log(
            `${String(size).padStart(5)}  ${heap.padEnd(17)} ${format.padEnd(4)} #${run}  ${seconds.toFixed(1).padStart(5)} s  ${String(bytes).padStart(9)} B  ${format === 'csv' ? String(row.lines).padStart(7) : '       '} rows  RSS ${row.rssAtStart.toFixed(0).padStart(4)} MB  +${row.risen.toFixed(0).padStart(3)} MB`,
          );
        }
      }
      await server.dispose();
      server = undefined;
    }
  } finally {
    await server?.dispose();
    await opened.drop();
  }
}

console.log(`\nexport memory (server's peak RSS above its RSS when asked; ${REPEAT} exports in a row each)`);
console.log(`${'units'.padStart(5)}  ${'heap'.padEnd(17)} ${'format'.padEnd(6)} ${'s'.padStart(11)} ${'+MB each'.padStart(16)}`);
for (const size of SIZES)
  for (const heap of [...new Set(rows.map((r) => r.heap))])
    for (const format of ['csv', 'xlsx']) {
      const these = rows.filter((r) => r.units === size && r.heap === heap && r.format === format);
      if (these.length === 0) continue;
      console.log(
        `${String(size).padStart(5)}  ${heap.padEnd(17)} ${format.padEnd(6)} ${these
          .map((r) => r.seconds.toFixed(1))
          .join(' / ')
          .padStart(11)} ${these
          .map((r) => r.risen.toFixed(0))
          .join(' / ')
          .padStart(16)}`,
      );
    }
