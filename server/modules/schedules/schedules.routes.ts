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
} from '#contract/schedules.ts';
import { scheduledTasksExportQuery } from '#contract/export-words.ts';
import {
  acceptReviewsInput,
  acceptReviewsResult,
  reviewCountSchema,
  reviewTaskInput,
  reviewsPage,
  reviewsQuery,
  taskReviewSchema,
} from '#contract/reviews.ts';
import { projectExportKey, sendExport } from '../../lib/export-file.ts';
import { userOf } from '../../plugins/access.ts';
import { createSchedule, exportScheduledTasks, listScheduledTasks, listUnitTasks } from './schedules.service.ts';
import { acceptReviews, countReviews, listReviews, reviewTask } from './reviews.service.ts';

export async function scheduleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/task-schedules',
    // 5,000 unit ids and a hundred translated tasks fit comfortably in 2 MB.
    {
      bodyLimit: 2_097_152,
      config: { access: 'manager', liveEvent: 'tasks.changed', idempotent: true },
      schema: { body: createScheduleInput, response: { 201: createScheduleResult } },
    },
    async (request, reply) => reply.status(201).send(await createSchedule(app, userOf(request), request.body)),
  );

  app.get(
    '/task-schedules',
    { config: { access: 'manager' }, schema: { querystring: unitTasksQuery, response: { 200: z.array(unitTaskSchema) } } },
    async (request) => listUnitTasks(app, userOf(request), request.query.roomId),
  );

  app.get(
    '/scheduled-tasks',
    { config: { access: 'member' }, schema: { querystring: scheduledTasksQuery, response: { 200: scheduledTasksPage } } },
    async (request) => listScheduledTasks(app, userOf(request), request.query),
  );

  // Every task under work tracking's filters, as .xlsx or CSV (docs/product.md "Exports").
  app.get(
    '/scheduled-tasks/export',
    { config: { access: 'member', heavy: 'export' }, schema: { querystring: scheduledTasksExportQuery } },
    async (request, reply) => {
      const auth = userOf(request);
      return sendExport(app, reply, projectExportKey(auth.projectId), () => exportScheduledTasks(app, auth, request.query));
    },
  );

  // The quality loop (docs/decisions/029-quality-loop.md): accept a completed stage, or send it back.
  app.put(
    '/scheduled-tasks/:taskId/review',
    {
      config: { access: 'manager' },
      schema: { params: z.object({ taskId: z.string() }), body: reviewTaskInput, response: { 200: taskReviewSchema } },
    },
    async (request) => {
      const auth = userOf(request);
      const { review, unitId, replay } = await reviewTask(app, auth, request.params.taskId, request.body);
      // A rejection reopens the stage: every screen showing it asks again, as after a completion.
      if (!replay) app.events.publish({ projectId: auth.projectId, type: 'task.completed', unitId, taskId: review.taskId });
      return review;
    },
  );

  app.get(
    '/reviews',
    { config: { access: 'manager' }, schema: { querystring: reviewsQuery, response: { 200: reviewsPage } } },
    async (request) => listReviews(app, userOf(request), request.query),
  );

  // The number waiting, for the menu's badge: one count on task_completions_review_idx.
  app.get('/reviews/count', { config: { access: 'manager' }, schema: { response: { 200: reviewCountSchema } } }, async (request) =>
    countReviews(app, userOf(request)),
  );

  // Accept a selection of completed stages in one request; the answer says what happened to each.
  app.post(
    '/reviews/accept',
    {
      config: { access: 'manager', idempotent: true },
      schema: { body: acceptReviewsInput, response: { 200: acceptReviewsResult } },
    },
    async (request) => {
      const auth = userOf(request);
      const { answer, changed } = await acceptReviews(app, auth, request.body);
      for (const c of changed)
        app.events.publish({ projectId: auth.projectId, type: 'task.completed', unitId: c.unitId, taskId: c.taskId });
      return answer;
    },
  );
}
