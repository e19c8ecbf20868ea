import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeTaskInput,
  completeTaskResult,
  createWorkSessionInput,
  measurementPublicInput,
  measurementResultSchema,
  publicFacilitySchema,
  publicRoomDetailsSchema,
  publicRoomSchema,
  publicTaskSchema,
  publicTasksQuery,
  reportResultSchema,
  roomsPublicQuery,
  shortagePublicInput,
  workSessionResult,
  workerNamesQuery,
} from '#contract/worker.ts';
import { undoCompletionResult } from '#contract/reviews.ts';
import { deviceIdOf, workerLimit, type WorkerLimitOptions } from '../../lib/client-key.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { isUuid, sha256 } from '../../lib/ids.ts';
import { sendAsBuilt } from '../../lib/send-as-built.ts';
import { idempotencyKeyOf } from '../../plugins/idempotency.ts';
import { completeTask } from './completions.ts';
import { undoCompletion } from './undo.ts';
import { getFacilityByQr, getWorkerNames } from './facility.ts';
import { createPublicMeasurement, createPublicShortage } from './reports.ts';
import { listPublicTasks } from './tasks.ts';
import { getPublicRoom, listPublicRooms } from './units.ts';
import { startWorkSession } from './work-sessions.ts';

const tooMany = () => tooManyRequests('rate_limited', 'Too many requests. Please wait a minute and try again.');

/** Requests per minute on one unit or task, from every device together (docs/decisions/012-worker-rate-limits.md). */
export const WORKER_TARGET_LIMITS = { listsPerUnit: 1200, workSessionsPerUnit: 600, completionsPerTask: 30, reportsPerUnit: 120 } as const;

/** If-None-Match names this ETag (or is `*`); weak and strong forms compare alike. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/**
 * The worker pages' API: no login. A QR id or a unit/task id (random, unguessable) is the
 * capability; the project always comes from it, never from the request body.
 */
export async function workerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  /**
   * Every route here: access `worker` (no sign-in; docs/decisions/017-access-on-the-route.md), limited
   * per device and minute, under a ceiling of 20 devices' worth per address; per address without a
   * device id (docs/decisions/012-worker-rate-limits.md). Reads by QR id are limited too, so ids
   * cannot be guessed by brute force.
   */
  const workerAccess = (perDevice: number, perTarget?: WorkerLimitOptions['perTarget'], keyInRecord?: true) => {
    const limit = workerLimit(app, { perDevice, errorResponseBuilder: tooMany, perTarget });
    return { ...limit, config: { ...limit.config, access: 'worker' as const, keyInRecord } };
  };
  /**
   * Per unit or task, whatever the devices: generous for a crew (150 phones refreshing a unit's list
   * every 10 s is 900 a minute; a task is completed once, retries included a handful of times).
   */
  const perUnit = (max: number, of: (request: FastifyRequest) => string | undefined) => ({
    max,
    // Only real ids: an unknown one is refused with a 404 anyway, and must not spend a real unit's limit.
    of: (request: FastifyRequest) => {
      const id = of(request);
      return id !== undefined && isUuid(id) ? id : undefined;
    },
  });
  const unitInPath = (request: FastifyRequest) => (request.params as { roomId?: string }).roomId;
  const unitInBody = (request: FastifyRequest) => {
    const body = request.body as { apartmentId?: string; roomId?: string } | undefined;
    return body?.apartmentId ?? body?.roomId;
  };
  const taskInPath = (request: FastifyRequest) => (request.params as { taskId?: string }).taskId;

  app.get(
    '/facility/by-qr/:qrId',
    { ...workerAccess(60), schema: { params: z.object({ qrId: z.string().min(1).max(200) }), response: { 200: publicFacilitySchema } } },
    async (request) => getFacilityByQr(app, request.params.qrId),
  );

  app.get(
    '/rooms-public',
    // Asked as the worker types a unit (debounced): more than the other QR-page reads.
    { ...workerAccess(120), schema: { querystring: roomsPublicQuery, response: { 200: z.array(publicRoomSchema), 304: z.null() } } },
    async (request, reply) => {
      const list = await listPublicRooms(app, request.query.qrId, request.query.q);
      // Phones revalidate the full list instead of downloading it again (docs/decisions/012-worker-rate-limits.md).
      const etag = `"${sha256(JSON.stringify(list)).slice(0, 32)}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return list;
    },
  );

  app.get(
    '/rooms-public/:roomId',
    { ...workerAccess(120), schema: { params: z.object({ roomId: z.string() }), response: { 200: publicRoomDetailsSchema } } },
    async (request) => getPublicRoom(app, request.params.roomId),
  );

  app.get(
    '/worker-names',
    { ...workerAccess(60), schema: { querystring: workerNamesQuery, response: { 200: z.array(z.string()) } } },
    async (request) => getWorkerNames(app, request.query.qrId),
  );

  app.post(
    '/work-sessions',
    {
      ...workerAccess(30, perUnit(WORKER_TARGET_LIMITS.workSessionsPerUnit, unitInBody)),
      schema: { body: createWorkSessionInput, response: { 201: workSessionResult, 200: workSessionResult } },
    },
    async (request, reply) => {
      const { result, projectId, unitId } = await startWorkSession(app, request.body);
      app.events.publish({ projectId, type: 'work-session.started', unitId });
      return reply.status(result.continuing ? 200 : 201).send(result);
    },
  );

  app.get(
    '/scheduled-tasks-public/:roomId',
    {
      ...workerAccess(240, perUnit(WORKER_TARGET_LIMITS.listsPerUnit, unitInPath)),
      // The busiest route (every phone polls it); listPublicTasks builds its answer key by key from publicTaskSchema.
      serializerCompiler: sendAsBuilt,
      schema: { params: z.object({ roomId: z.string() }), querystring: publicTasksQuery, response: { 200: z.array(publicTaskSchema) } },
    },
    async (request) => listPublicTasks(app, request.params.roomId, request.query.date),
  );

  app.put(
    '/scheduled-tasks-complete/:taskId',
    {
      ...workerAccess(120, perUnit(WORKER_TARGET_LIMITS.completionsPerTask, taskInPath), true),
      schema: { params: z.object({ taskId: z.string() }), body: completeTaskInput, response: { 200: completeTaskResult } },
    },
    async (request) => {
      const { result, projectId, unitId, replay } = await completeTask(
        app,
        request.params.taskId,
        request.body,
        idempotencyKeyOf(request),
        deviceIdOf(request),
      );
      if (!replay) app.events.publish({ projectId, type: 'task.completed', unitId, taskId: request.params.taskId });
      return result;
    },
  );

  // Undo a mistaken tap from the same phone, for UNDO_WINDOW_MINUTES (docs/decisions/029-quality-loop.md).
  app.delete(
    '/scheduled-tasks-complete/:taskId',
    {
      ...workerAccess(120, perUnit(WORKER_TARGET_LIMITS.completionsPerTask, taskInPath)),
      schema: { params: z.object({ taskId: z.string() }), response: { 200: undoCompletionResult } },
    },
    async (request) => {
      const { result, projectId, unitId, replay } = await undoCompletion(app, request.params.taskId, deviceIdOf(request));
      // The same event as a completion: every screen showing the stage asks again.
      if (!replay) app.events.publish({ projectId, type: 'task.completed', unitId, taskId: request.params.taskId });
      return result;
    },
  );

  app.post(
    '/shortages-public',
    {
      ...workerAccess(30, perUnit(WORKER_TARGET_LIMITS.reportsPerUnit, unitInBody), true),
      schema: { body: shortagePublicInput, response: { 201: reportResultSchema } },
    },
    async (request, reply) => {
      const { result, projectId, unitId, replay } = await createPublicShortage(app, request.body, idempotencyKeyOf(request));
      if (!replay) app.events.publish({ projectId, type: 'shortage.changed', unitId });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/measurements-public',
    {
      ...workerAccess(30, perUnit(WORKER_TARGET_LIMITS.reportsPerUnit, unitInBody), true),
      schema: { body: measurementPublicInput, response: { 201: measurementResultSchema } },
    },
    async (request, reply) => {
      const { result, projectId, unitId, replay } = await createPublicMeasurement(app, request.body, idempotencyKeyOf(request));
      if (!replay) app.events.publish({ projectId, type: 'measurement.changed', unitId });
      return reply.status(201).send(result);
    },
  );
}
