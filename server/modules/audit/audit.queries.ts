/**
 * The one writer of the audit log (docs/product.md "Platform admin screens": a project's audit log): every module records who did what
 * through `writeAudit`, inside the transaction of the change it records, with one `Actor` type.
 */
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** Who did something, as the audit log names them. */
export interface Actor {
  type: 'system' | 'platform-admin' | 'user';
  id?: string;
  name?: string;
}

/** An audit entry without its actor, which `writeAudit` fills in. */
export type AuditFields = Omit<typeof auditLog.$inferInsert, 'actorType' | 'actorId' | 'actorName'>;

/** The signed-in member as the audit log names them. */
export const userActor = (id: string, username?: string): Actor => ({ type: 'user', id, name: username });

/** Records one entry, or several in one statement, by one actor. */
export async function writeAudit(db: Db, actor: Actor, entries: AuditFields | AuditFields[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db
    .insert(auditLog)
    .values(list.map((entry) => ({ actorType: actor.type, actorId: actor.id ?? null, actorName: actor.name ?? null, ...entry })));
}
