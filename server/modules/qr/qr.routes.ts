import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilitySchema, qrCodeQuery, qrCodeSchema } from '../../../contract/facility.ts';
import { requireUser } from '../../plugins/session.ts';
import { getFacility, getQrCode } from './qr.service.ts';

export async function qrRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/user/facility', { schema: { response: { 200: facilitySchema } } }, async (request) =>
    getFacility(app, await requireUser(app, request)),
  );

  app.get('/qr-code', { schema: { querystring: qrCodeQuery, response: { 200: qrCodeSchema } } }, async (request) =>
    getQrCode(app, await requireUser(app, request), request.query),
  );
}
