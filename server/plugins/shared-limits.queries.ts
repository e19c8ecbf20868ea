import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { liveStreamLeases, rateLimitCounters } from '../db/schema/index.ts';

/**
 * Counts one request against `key` in its fixed window of `windowMs` (a new window when the last
 * one ended), on the database's clock so every instance agrees; answers the count so far and the
 * milliseconds left in the window.
 */
export async function countRateLimitHit(db: Db, p: { key: string; windowMs: number }): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(sql`
    insert into rate_limit_counters as c (key, count, expires_at)
    values (${p.key}, 1, clock_timestamp() + make_interval(secs => ${p.windowMs / 1000}))
    on conflict (key) do update set
      count = case when c.expires_at <= clock_timestamp() then 1 else c.count + 1 end,
      expires_at = case when c.expires_at <= clock_timestamp() then excluded.expires_at else c.expires_at end
    returning count, greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000)) as ttl`);
  const [row] = rowsOf<{ count: number | string; ttl: number | string }>(result);
  return { current: Number(row!.count), ttl: Number(row!.ttl) };
}

/** The count so far in `key`'s window without counting (0 when no window is open). */
export async function readRateLimit(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(sql`
    select count, greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000)) as ttl
    from rate_limit_counters where key = ${key} and expires_at > clock_timestamp()`);
  const [row] = rowsOf<{ count: number | string; ttl: number | string }>(result);
  return row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

export async function deleteEndedRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, sql`clock_timestamp()`));
}

/**
 * Takes a lease for a new stream when the sign-in holds fewer than `max` live ones on any
 * instance. The session's leases are locked first (the row lock of the oldest), so two instances
 * cannot both take the last slot.
 */
export async function takeStreamLease(db: Db, p: { id: string; sessionHash: string; max: number; leaseMs: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`live-stream:${p.sessionHash}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(liveStreamLeases)
      .where(and(eq(liveStreamLeases.sessionHash, p.sessionHash), gt(liveStreamLeases.expiresAt, sql`clock_timestamp()`)));
    if (Number(held!.n) >= p.max) return false;
    await tx.insert(liveStreamLeases).values({
      id: p.id,
      sessionHash: p.sessionHash,
      expiresAt: sql`clock_timestamp() + make_interval(secs => ${p.leaseMs / 1000})`,
    });
    return true;
  });
}

export async function renewStreamLease(db: Db, p: { id: string; leaseMs: number }): Promise<void> {
  await db
    .update(liveStreamLeases)
    .set({ expiresAt: sql`clock_timestamp() + make_interval(secs => ${p.leaseMs / 1000})` })
    .where(eq(liveStreamLeases.id, p.id));
}

export async function releaseStreamLease(db: Db, id: string): Promise<void> {
  await db.delete(liveStreamLeases).where(eq(liveStreamLeases.id, id));
}

export async function deleteLapsedStreamLeases(db: Db): Promise<void> {
  await db.delete(liveStreamLeases).where(lt(liveStreamLeases.expiresAt, sql`clock_timestamp()`));
}
