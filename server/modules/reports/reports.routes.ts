import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { measurementInput, measurementSchema, reportListQuery, shortageInput, shortageSchema } from '../../../contract/reports.ts';
import { requireUser } from '../../plugins/session.ts';
import {
  createMeasurement,
  createShortage,
  deleteMeasurement,
  deleteShortage,
  listMeasurements,
  listShortages,
  updateMeasurement,
  updateShortage,
} from './reports.service.ts';

const idParams = z.object({ id: z.string() });
const deleted = z.object({ message: z.string() });

/**
 * The manager's shortages and measurements tables (workers report through /api/*-public in the
 * worker module). The project is always the session's: the spec's fixed project id is ignored.
 */
export async function reportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shortageChanged = { liveEvent: 'shortage.changed' } as const;
  const measurementChanged = { liveEvent: 'measurement.changed' } as const;

  app.get('/shortages', { schema: { querystring: reportListQuery, response: { 200: z.array(shortageSchema) } } }, async (request) =>
    listShortages(app, await requireUser(app, request), request.query),
  );

  app.post('/shortages', { config: { ...shortageChanged, idempotent: true }, schema: { body: shortageInput, response: { 201: shortageSchema } } }, async (request, reply) => {
    const shortage = await createShortage(app, await requireUser(app, request), request.body);
    return reply.status(201).send(shortage);
  });

  app.put('/shortages/:id', { config: shortageChanged, schema: { params: idParams, body: shortageInput, response: { 200: shortageSchema } } }, async (request) =>
    updateShortage(app, await requireUser(app, request), request.params.id, request.body),
  );

  app.delete('/shortages/:id', { config: shortageChanged, schema: { params: idParams, response: { 200: deleted } } }, async (request) => {
    await deleteShortage(app, await requireUser(app, request), request.params.id);
    return { message: 'Shortage deleted' };
  });

  app.get('/measurements', { schema: { querystring: reportListQuery, response: { 200: z.array(measurementSchema) } } }, async (request) =>
    listMeasurements(app, await requireUser(app, request), request.query),
  );

  app.post('/measurements', { config: { ...measurementChanged, idempotent: true }, schema: { body: measurementInput, response: { 201: measurementSchema } } }, async (request, reply) => {
    const measurement = await createMeasurement(app, await requireUser(app, request), request.body);
    return reply.status(201).send(measurement);
  });

  app.put(
    '/measurements/:id',
    { config: measurementChanged, schema: { params: idParams, body: measurementInput, response: { 200: measurementSchema } } },
    async (request) => updateMeasurement(app, await requireUser(app, request), request.params.id, request.body),
  );

  app.delete('/measurements/:id', { config: measurementChanged, schema: { params: idParams, response: { 200: deleted } } }, async (request) => {
    await deleteMeasurement(app, await requireUser(app, request), request.params.id);
    return { message: 'Measurement deleted' };
  });
}
