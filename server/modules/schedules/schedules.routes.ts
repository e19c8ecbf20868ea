import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createScheduleInput,
  createScheduleResult,
  scheduledTasksPage,
  scheduledTasksQuery,
  unitTaskSchema,
  unitTasksQuery,
} from '../../../contract/schedules.ts';
import { requireUser } from '../../plugins/session.ts';
import { createSchedule, listScheduledTasks, listUnitTasks } from './schedules.service.ts';

export async function scheduleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/task-schedules',
    // 5,000 unit ids and a hundred translated tasks fit comfortably in 2 MB.
    { bodyLimit: 2_097_152, config: { liveEvent: 'tasks.changed' }, schema: { body: createScheduleInput, response: { 201: createScheduleResult } } },
    async (request, reply) => reply.status(201).send(await createSchedule(app, await requireUser(app, request), request.body)),
  );

  app.get('/task-schedules', { schema: { querystring: unitTasksQuery, response: { 200: z.array(unitTaskSchema) } } }, async (request) =>
    listUnitTasks(app, await requireUser(app, request), request.query.roomId),
  );

  app.get('/scheduled-tasks', { schema: { querystring: scheduledTasksQuery, response: { 200: scheduledTasksPage } } }, async (request) =>
    listScheduledTasks(app, await requireUser(app, request), request.query),
  );
}
