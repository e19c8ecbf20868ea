import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotentRequests } from '../db/schema/index.ts';

const t = idempotentRequests;
export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;
interface RequestKey {
  route: string;
  key: string;
}
const keyIs = (p: RequestKey) => and(eq(t.route, p.route), eq(t.key, p.key));

/** Takes the key for this request; false when another request holds it already. */
export async function claimRequestKey(db: Db, p: RequestKey & { caller: string; fingerprint: string; now: Date }): Promise<boolean> {
  const claimed = await db
    .insert(t)
    .values({ route: p.route, key: p.key, caller: p.caller, fingerprint: p.fingerprint, createdAt: p.now })
    .onConflictDoNothing()
    .returning({ key: t.key });
  return claimed.length > 0;
}

export async function findRequestKey(db: Db, p: RequestKey): Promise<IdempotentRequestRow | undefined> {
  const [row] = await db.select().from(t).where(keyIs(p));
  return row;
}

/** Frees a key whose request never answered (its answer, once stored, stays). */
export async function deleteUnansweredRequestKey(db: Db, p: RequestKey): Promise<void> {
  await db.delete(t).where(and(keyIs(p), isNull(t.status)));
}

export async function storeAnswer(db: Db, p: RequestKey & { status: number; body: string }): Promise<void> {
  await db.update(t).set({ status: p.status, body: p.body }).where(keyIs(p));
}

export async function deleteRequestKey(db: Db, p: RequestKey): Promise<void> {
  await db.delete(t).where(keyIs(p));
}

export async function deleteRequestKeysBefore(db: Db, before: Date): Promise<void> {
  await db.delete(t).where(lt(t.createdAt, before));
}
