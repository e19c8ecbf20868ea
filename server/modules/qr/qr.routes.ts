import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilitySchema, qrCodeQuery, qrCodeSchema } from '#contract/facility.ts';
import { userOf } from '../../plugins/access.ts';
import { getFacility, getQrCode } from './qr.service.ts';

export async function qrRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/user/facility', { config: { access: 'manager' }, schema: { response: { 200: facilitySchema } } }, async (request) =>
    getFacility(app, userOf(request)),
  );

  app.get(
    '/qr-code',
    { config: { access: 'manager' }, schema: { querystring: qrCodeQuery, response: { 200: qrCodeSchema } } },
    async (request) => getQrCode(app, userOf(request), request.query),
  );
}
