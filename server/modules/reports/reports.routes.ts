import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { measurementInput, measurementSchema, reportListQuery, shortageInput, shortageSchema } from '#contract/reports.ts';
import { reportExportQuery } from '#contract/export-words.ts';
import { projectExportKey, sendExport } from '../../lib/export-file.ts';
import { userOf } from '../../plugins/access.ts';
import { sendShared } from '../../plugins/project-cache.ts';
import {
  createMeasurement,
  createShortage,
  deleteMeasurement,
  deleteShortage,
  exportReports,
  listMeasurements,
  listShortages,
  updateMeasurement,
  updateShortage,
} from './reports.service.ts';

const idParams = z.object({ id: z.string() });
const deleted = z.object({ message: z.string() });

/**
 * The manager's shortages and measurements tables (workers report through /api/*-public in the
 * worker module). The project is always the session's: a project id in the body is ignored (docs/product.md "Unguessable worker links").
 */
export async function reportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shortageList = z.array(shortageSchema);
  const measurementList = z.array(measurementSchema);
  const shortageChanged = { liveEvent: 'shortage.changed' } as const;
  const measurementChanged = { liveEvent: 'measurement.changed' } as const;

  app.get(
    '/shortages',
    { config: { access: 'manager' }, schema: { querystring: reportListQuery, response: { 200: shortageList } } },
    async (request, reply) => {
      const auth = userOf(request);
      return sendShared(app, request, reply, auth, shortageList, () => listShortages(app, auth, request.query));
    },
  );

  // The table as .xlsx or CSV, same filters (docs/product.md "Exports").
  app.get(
    '/shortages/export',
    { config: { access: 'manager', heavy: 'export' }, schema: { querystring: reportExportQuery } },
    async (request, reply) => {
      const auth = userOf(request);
      return sendExport(app, reply, projectExportKey(auth.projectId), () => exportReports(app, auth, 'shortage', request.query));
    },
  );

  app.post(
    '/shortages',
    {
      config: { access: 'manager', ...shortageChanged, idempotent: true },
      schema: { body: shortageInput, response: { 201: shortageSchema } },
    },
    async (request, reply) => {
      const shortage = await createShortage(app, userOf(request), request.body);
      return reply.status(201).send(shortage);
    },
  );

  app.put(
    '/shortages/:id',
    {
      config: { access: 'manager', ...shortageChanged },
      schema: { params: idParams, body: shortageInput, response: { 200: shortageSchema } },
    },
    async (request) => updateShortage(app, userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/shortages/:id',
    { config: { access: 'manager', idempotent: true, ...shortageChanged }, schema: { params: idParams, response: { 200: deleted } } },
    async (request) => {
      await deleteShortage(app, userOf(request), request.params.id);
      return { message: 'Shortage deleted' };
    },
  );

  app.get(
    '/measurements',
    { config: { access: 'manager' }, schema: { querystring: reportListQuery, response: { 200: measurementList } } },
    async (request, reply) => {
      const auth = userOf(request);
      return sendShared(app, request, reply, auth, measurementList, () => listMeasurements(app, auth, request.query));
    },
  );

  app.get(
    '/measurements/export',
    { config: { access: 'manager', heavy: 'export' }, schema: { querystring: reportExportQuery } },
    async (request, reply) => {
      const auth = userOf(request);
      return sendExport(app, reply, projectExportKey(auth.projectId), () => exportReports(app, auth, 'measurement', request.query));
    },
  );

  app.post(
    '/measurements',
    {
      config: { access: 'manager', ...measurementChanged, idempotent: true },
      schema: { body: measurementInput, response: { 201: measurementSchema } },
    },
    async (request, reply) => {
      const measurement = await createMeasurement(app, userOf(request), request.body);
      return reply.status(201).send(measurement);
    },
  );

  app.put(
    '/measurements/:id',
    {
      config: { access: 'manager', ...measurementChanged },
      schema: { params: idParams, body: measurementInput, response: { 200: measurementSchema } },
    },
    async (request) => updateMeasurement(app, userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/measurements/:id',
    { config: { access: 'manager', idempotent: true, ...measurementChanged }, schema: { params: idParams, response: { 200: deleted } } },
    async (request) => {
      await deleteMeasurement(app, userOf(request), request.params.id);
      return { message: 'Measurement deleted' };
    },
  );
}
