import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** A project (the tenant) by its id. */
export async function findProject(db: Db, projectId: string): Promise<ProjectRow | undefined> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return project;
}
