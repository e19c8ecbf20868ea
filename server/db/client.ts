import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index.ts';
import { countStatement } from '../lib/request-statements.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  /**
   * Reports and exports read here (docs/decisions/034-no-tenant-stalls.md): on PostgreSQL a small
   * pool of its own whose statements time out, so a heavy read never takes the main pool's
   * connections from worker routes; on the embedded database the same as `db`.
   */
  reportsDb: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite instance (embedded mode only). */
  pglite?: PGlite;
  /** pg pool (server mode only). */
  pool?: pg.Pool;
  /** The reports pool (server mode only). */
  reportsPool?: pg.Pool;
  close(): Promise<void>;
  /**
   * Statements sent so far for the requests' own work (tests check that list endpoints run a fixed
   * number); the shared rate-limit and stream bookkeeping is not counted (decision 030).
   */
  stats: { queries: number };
}

const BOOKKEEPING = /\b(rate_limit_counters|live_stream_leases)\b/;
function countingLogger(stats: { queries: number }) {
  return {
    logQuery: (query: string) => {
      if (BOOKKEEPING.test(query)) return;
      stats.queries++;
      countStatement();
    },
  };
}

/** Start parameters PGlite 0.5 uses by default (its static `defaultStartParams`), as a fallback. */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

/**
 * PGlite's defaults lose acknowledged commits on an OS crash or power cut (docs/decisions/010-crash-safety.md):
 * postgres runs with `-F` (fsync off), Emscripten's fdatasync is a no-op and its Node filesystem has
 * no fsync at all, so WAL pages stay in the OS page cache. Here: postgres with fsync on, the WAL
 * flushed with fsync() (the one sync call Emscripten forwards), and that call reaching the disk.
 */
export function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? PGLITE_START_PARAMS;
  return [...defaults.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on'];
}

interface EmscriptenStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number }; tryFSOperation?: <T>(f: () => T) => T };
}

/** PGlite's Node filesystem whose fsync() really calls fsync(2) on the host file. */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = (result.emscriptenOpts.preRun ?? []) as ((mod: EmscriptenModule) => void)[];
    result.emscriptenOpts.preRun = [
      (mod: EmscriptenModule) => {
        mod.NODEFS.stream_ops.fsync = (stream) => {
          // An I/O error becomes an errno for postgres, which then fails the commit instead of acknowledging it.
          const sync = () => (stream.nfd === undefined ? undefined : fs.fsyncSync(stream.nfd));
          if (mod.NODEFS.tryFSOperation) mod.NODEFS.tryFSOperation(sync);
          else sync();
          return 0;
        };
      },
      ...preRun,
    ] as never;
    return result;
  }
}

/**
 * An embedded database in `dataDir` (or in memory). `durable` (the default for a directory) makes
 * every acknowledged commit survive an OS crash, at the cost of an fsync per commit.
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob, opts: { durable?: boolean } = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const durable = Boolean(dataDir) && opts.durable !== false;
  const client = durable
    ? await PGlite.create({ fs: new DurableNodeFS(dataDir!), loadDataDir, startParams: durableStartParams() })
    : await PGlite.create({ dataDir, loadDataDir });
  const stats = { queries: 0 };
  const db = drizzlePglite(client, { schema, logger: countingLogger(stats) }) as unknown as Db;
  return { db, reportsDb: db, kind: 'pglite', pglite: client, stats, close: () => client.close() };
}

export interface PostgresOptions {
  /** Connections of the reports pool (decision 034): few, so the main pool keeps the rest. */
  reportsMax?: number;
  /** `statement_timeout` of every statement on the reports pool, in milliseconds. */
  reportTimeoutMs?: number;
}

export const REPORTS_POOL_MAX = 3;
export const REPORT_TIMEOUT_MS = 30_000;
const REPORTS_WORK_MEM = '32MB';

function postgresPool(url: string, max: number, options?: string): pg.Pool {
  // Without a connect timeout, an unreachable server (packets dropped, not refused) would hold each
  // request until the OS gives up, minutes later; with it the request gets a prompt 503.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, ...(options ? { options } : {}) });
  // A client dropped by the server (a restart, a failover) must not crash the process. The pool's
  // own 'error' event covers only idle clients; a client checked out for a transaction or held for
  // the billing lock emits 'error' on itself, and an EventEmitter 'error' without a listener throws
  // out of the process. Its query fails (503 to its own request) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  });
  pool.on('error', (err) => console.warn(`PostgreSQL pool: ${err.message}`));
  return pool;
}

/**
 * Set on every connection: no JIT compilation. Our statements run in milliseconds to a few hundred;
 * compiling one took 50–60 ms of that on a year of data (docs/cost-of-growth.md).
 */
const SESSION_OPTIONS = '-c jit=off';

export async function openPostgres(url: string, max = 10, opts: PostgresOptions = {}): Promise<Database> {
  const pool = postgresPool(url, max, SESSION_OPTIONS);
  // Reports and exports (docs/decisions/034-no-tenant-stalls.md): their own pool, each statement
  // cut off after reportTimeoutMs (a server-side setting given at connect, so no extra statement).
  // Their sorts of a month of a big project's completions (~60,000 rows) fit in REPORTS_WORK_MEM
  // instead of spilling to disk (docs/decisions/037-reads-that-stay-fast.md); the pool is small, so
  // the memory is bounded.
  const reportsPool = postgresPool(
    url,
    opts.reportsMax ?? REPORTS_POOL_MAX,
    `${SESSION_OPTIONS} -c work_mem=${REPORTS_WORK_MEM} -c statement_timeout=${Math.max(1, Math.round(opts.reportTimeoutMs ?? REPORT_TIMEOUT_MS))}`,
  );
  const stats = { queries: 0 };
  const db = drizzlePg(pool, { schema, logger: countingLogger(stats) }) as unknown as Db;
  const reportsDb = drizzlePg(reportsPool, { schema, logger: countingLogger(stats) }) as unknown as Db;
  return {
    db,
    reportsDb,
    kind: 'postgres',
    pool,
    reportsPool,
    stats,
    close: async () => {
      await Promise.all([pool.end(), reportsPool.end()]);
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePg(database.db as any, { migrationsFolder });
  }
}

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Whether the database answers `select 1` within `timeoutMs` (for /api/health). */
export async function databaseHealth(db: Db, timeoutMs = 2_000): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database health check timed out')), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
