import { and, count, desc, eq, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, projects, users } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/projects.queries.ts';

/** Every project, newest first. */
export async function listAllProjects(db: Db): Promise<ProjectRow[]> {
  return db.select().from(projects).orderBy(desc(projects.createdAt));
}

/** Every project member on the platform with their project's name. */
export async function listAllUsers(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      isOwner: users.isOwner,
      isActive: users.isActive,
      projectId: users.projectId,
      facilityName: projects.name,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(projects, eq(projects.id, users.projectId))
    .orderBy(desc(users.createdAt));
}

/** Every project with its owner (none when the owner row is missing), newest first. */
export async function listProjectsWithOwner(db: Db) {
  return db
    .select({
      project: projects,
      owner: {
        username: users.username,
        email: users.email,
        phone: users.phone,
        city: users.city,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(projects)
    .leftJoin(users, and(eq(users.projectId, projects.id), eq(users.isOwner, true)))
    .orderBy(desc(projects.createdAt));
}
export type ProjectWithOwner = Awaited<ReturnType<typeof listProjectsWithOwner>>[number];

/** The whole dated VAT table. */
/** Per project: how many invoices are unpaid (open or failed) and the billing date of the oldest. */
export async function listUnpaidInvoices(db: Db): Promise<Map<string, { count: number; oldest: string }>> {
  const rows = await db
    .select({ projectId: invoices.projectId, n: count(), oldest: min(invoices.periodStart) })
    .from(invoices)
    .where(inArray(invoices.status, ['open', 'failed']))
    .groupBy(invoices.projectId);
  return new Map(rows.map((r) => [r.projectId, { count: Number(r.n), oldest: r.oldest ?? '' }]));
}
