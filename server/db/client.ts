import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite instance (embedded mode only). */
  pglite?: PGlite;
  /** pg pool (server mode only). */
  pool?: pg.Pool;
  close(): Promise<void>;
  /** Statements sent so far (tests check that list endpoints run a fixed number). */
  stats: { queries: number };
}

function countingLogger(stats: { queries: number }) {
  return { logQuery: () => void stats.queries++ };
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir });
  const stats = { queries: 0 };
  const db = drizzlePglite(client, { schema, logger: countingLogger(stats) }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, stats, close: () => client.close() };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.warn(`PostgreSQL pool: ${err.message}`));
  const stats = { queries: 0 };
  const db = drizzlePg(pool, { schema, logger: countingLogger(stats) }) as unknown as Db;
  return { db, kind: 'postgres', pool, stats, close: () => pool.end() };
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
