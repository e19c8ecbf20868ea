import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEMPLATE_PROJECT_TYPES } from '#contract/project-types.ts';
import {
  createTaskTemplateInput,
  initDefaultsInput,
  initDefaultsResult,
  taskTemplateSchema,
  updateTaskTemplateInput,
} from '#contract/templates.ts';
import { userOf } from '../../plugins/access.ts';
import {
  createTaskTemplate,
  deleteTaskTemplate,
  initDefaultTemplates,
  listTaskTemplates,
  updateTaskTemplate,
} from './templates.service.ts';

const idParams = z.object({ id: z.string() });

export async function templateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/task-templates',
    {
      config: { access: 'manager' },
      schema: {
        querystring: z.object({ facilityType: z.enum(TEMPLATE_PROJECT_TYPES).optional() }),
        response: { 200: z.array(taskTemplateSchema) },
      },
    },
    async (request) => listTaskTemplates(app, userOf(request), request.query.facilityType),
  );

  app.post(
    '/task-templates',
    { config: { access: 'manager', idempotent: true }, schema: { body: createTaskTemplateInput, response: { 201: taskTemplateSchema } } },
    async (request, reply) => {
      const template = await createTaskTemplate(app, userOf(request), request.body);
      return reply.status(201).send(template);
    },
  );

  app.put(
    '/task-templates/:id',
    { config: { access: 'manager' }, schema: { params: idParams, body: updateTaskTemplateInput, response: { 200: taskTemplateSchema } } },
    async (request) => updateTaskTemplate(app, userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/task-templates/:id',
    { config: { access: 'manager', idempotent: true }, schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await deleteTaskTemplate(app, userOf(request), request.params.id);
      return { message: 'Task template deleted' };
    },
  );

  app.post(
    '/task-templates/init-defaults',
    {
      config: { access: 'manager', idempotent: true },
      schema: { body: initDefaultsInput.nullish(), response: { 200: initDefaultsResult } },
    },
    async (request) => initDefaultTemplates(app, userOf(request), request.body?.facilityType),
  );
}
