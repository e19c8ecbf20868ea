import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  TEMPLATE_FACILITY_TYPES,
  createTaskTemplateInput,
  initDefaultsInput,
  taskTemplateSchema,
  updateTaskTemplateInput,
} from '../../../contract/templates.ts';
import { DEFAULT_CLEANING_TASKS, DEFAULT_INSPECTION_TASKS, toTaskRows } from '../../../contract/default-tasks.ts';
import { taskTemplates } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireUser } from '../../plugins/session.ts';

const idParams = z.object({ id: z.string() });
const pick = (t: typeof taskTemplates.$inferSelect) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  translations: t.translations ?? null,
  facilityType: t.facilityType,
  roomType: t.roomType,
  isRequired: t.isRequired,
  requiresPhoto: t.requiresPhoto,
  estimatedMinutes: t.estimatedMinutes,
  sortOrder: t.sortOrder,
});

export async function templateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const scoped = (projectId: string, id: string) => and(eq(taskTemplates.projectId, projectId), eq(taskTemplates.id, id));

  app.get(
    '/task-templates',
    { schema: { querystring: z.object({ facilityType: z.enum(TEMPLATE_FACILITY_TYPES).optional() }), response: { 200: z.array(taskTemplateSchema) } } },
    async (request) => {
      const auth = await requireUser(app, request);
      const rows = await app.db
        .select()
        .from(taskTemplates)
        .where(
          and(
            eq(taskTemplates.projectId, auth.projectId),
            request.query.facilityType ? eq(taskTemplates.facilityType, request.query.facilityType) : undefined,
          ),
        )
        .orderBy(asc(taskTemplates.sortOrder), asc(taskTemplates.name));
      return rows.map(pick);
    },
  );

  app.post('/task-templates', { schema: { body: createTaskTemplateInput, response: { 201: taskTemplateSchema } } }, async (request, reply) => {
    const auth = await requireUser(app, request);
    const [row] = await app.db.insert(taskTemplates).values({ ...request.body, projectId: auth.projectId }).returning();
    return reply.status(201).send(pick(row));
  });

  app.put('/task-templates/:id', { schema: { params: idParams, body: updateTaskTemplateInput, response: { 200: taskTemplateSchema } } }, async (request) => {
    const auth = await requireUser(app, request);
    if (!isUuid(request.params.id)) throw notFound('Task template not found');
    const body = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
    const [row] = await app.db
      .update(taskTemplates)
      .set({ ...body, updatedAt: app.now() })
      .where(scoped(auth.projectId, request.params.id))
      .returning();
    if (!row) throw notFound('Task template not found');
    return pick(row);
  });

  app.delete('/task-templates/:id', { schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    const auth = await requireUser(app, request);
    if (!isUuid(request.params.id)) throw notFound('Task template not found');
    const deleted = await app.db.delete(taskTemplates).where(scoped(auth.projectId, request.params.id)).returning({ id: taskTemplates.id });
    if (deleted.length === 0) throw notFound('Task template not found');
    return { message: 'Task template deleted' };
  });

  app.post(
    '/task-templates/init-defaults',
    { schema: { body: initDefaultsInput.optional(), response: { 200: z.object({ created: z.number().int(), message: z.string() }) } } },
    async (request) => {
      const auth = await requireUser(app, request);
      const facilityType = request.body?.facilityType ?? 'construction';
      const defaults = toTaskRows(facilityType === 'construction' ? DEFAULT_INSPECTION_TASKS : DEFAULT_CLEANING_TASKS);
      // Adding the defaults twice must not duplicate them.
      const existing = await app.db
        .select({ name: taskTemplates.name })
        .from(taskTemplates)
        .where(
          and(
            eq(taskTemplates.projectId, auth.projectId),
            eq(taskTemplates.facilityType, facilityType),
            inArray(taskTemplates.name, defaults.map((d) => d.name)),
          ),
        );
      const have = new Set(existing.map((e) => e.name));
      const fresh = defaults.filter((d) => !have.has(d.name));
      if (fresh.length > 0) {
        await app.db.insert(taskTemplates).values(fresh.map((d) => ({ ...d, projectId: auth.projectId, facilityType })));
      }
      return { created: fresh.length, message: fresh.length ? `Added ${fresh.length} default tasks` : 'The default tasks already exist' };
    },
  );
}
