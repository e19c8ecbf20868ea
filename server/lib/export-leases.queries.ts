import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { exportLeases } from '../db/schema/index.ts';

/**
 * Takes the export lease `key` for `holder` unless another holds it and it has not lapsed; one
 * statement, on the database's clock, so two instances cannot both take it
 * (docs/decisions/034-no-tenant-stalls.md).
 */
export async function takeExportLease(db: Db, p: { key: string; holder: string; leaseMs: number }): Promise<boolean> {
  const result = await db.execute(sql`
    insert into export_leases as l (key, holder, expires_at)
    values (${p.key}, ${p.holder}, clock_timestamp() + make_interval(secs => ${p.leaseMs / 1000}))
    on conflict (key) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where l.expires_at <= clock_timestamp()
    returning holder`);
  return rowsOf(result).length > 0;
}

export async function renewExportLease(db: Db, p: { key: string; holder: string; leaseMs: number }): Promise<void> {
  await db
    .update(exportLeases)
    .set({ expiresAt: sql`clock_timestamp() + make_interval(secs => ${p.leaseMs / 1000})` })
    .where(and(eq(exportLeases.key, p.key), eq(exportLeases.holder, p.holder)));
}

export async function releaseExportLease(db: Db, p: { key: string; holder: string }): Promise<void> {
  await db.delete(exportLeases).where(and(eq(exportLeases.key, p.key), eq(exportLeases.holder, p.holder)));
}
