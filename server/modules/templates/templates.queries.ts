import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskTemplates } from '../../db/schema/index.ts';

export type TaskTemplateRow = typeof taskTemplates.$inferSelect;
type NewTemplate = Omit<typeof taskTemplates.$inferInsert, 'id' | 'projectId' | 'createdAt' | 'updatedAt'>;

const scoped = (projectId: string, id: string) => and(eq(taskTemplates.projectId, projectId), eq(taskTemplates.id, id));

export async function listTemplates(db: Db, p: { projectId: string; facilityType?: string }) {
  return db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.projectId, p.projectId), p.facilityType ? eq(taskTemplates.facilityType, p.facilityType) : undefined))
    .orderBy(asc(taskTemplates.sortOrder), asc(taskTemplates.name), asc(taskTemplates.id));
}

export async function insertTemplates(db: Db, p: { projectId: string; rows: NewTemplate[] }) {
  if (p.rows.length === 0) return [];
  return db
    .insert(taskTemplates)
    .values(p.rows.map((r) => ({ ...r, projectId: p.projectId })))
    .returning();
}

export async function updateTemplate(db: Db, p: { projectId: string; id: string; set: Partial<NewTemplate> & { updatedAt: Date } }) {
  const [row] = await db.update(taskTemplates).set(p.set).where(scoped(p.projectId, p.id)).returning();
  return row;
}

export async function deleteTemplate(db: Db, p: { projectId: string; id: string }) {
  const rows = await db.delete(taskTemplates).where(scoped(p.projectId, p.id)).returning({ id: taskTemplates.id });
  return rows.length > 0;
}

/** Names among `names` that the project already has as templates of the facility type. */
export async function listTemplateNames(db: Db, p: { projectId: string; facilityType: string; names: string[] }) {
  if (p.names.length === 0) return [];
  const rows = await db
    .select({ name: taskTemplates.name })
    .from(taskTemplates)
    .where(
      and(eq(taskTemplates.projectId, p.projectId), eq(taskTemplates.facilityType, p.facilityType), inArray(taskTemplates.name, p.names)),
    );
  return rows.map((r) => r.name);
}
