import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRoomInput, isoDate, roomDetailsSchema, roomSchema, roomStatsSchema, updateRoomInput } from '#contract/rooms.ts';
import { userOf } from '../../plugins/access.ts';
import { bulkRoomsInput, bulkRoomsResult } from '#contract/generator.ts';
import { createRoom, createRoomsBulk, deleteRoom, getRoomDetails, listRooms, summarize, updateRoom } from './rooms.service.ts';
import { hasClientGone } from '../../lib/errors.ts';
import { sendShared } from '../../plugins/project-cache.ts';

const idParams = z.object({ id: z.string() });

export async function roomRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const roomList = z.array(roomSchema);
  app.get('/rooms', { config: { access: 'member' }, schema: { response: { 200: roomList } } }, async (request, reply) => {
    const auth = userOf(request);
    return sendShared(app, request, reply, auth, roomList, () => listRooms(app, auth, () => hasClientGone(request)));
  });

  app.get('/stats/rooms', { config: { access: 'member' }, schema: { response: { 200: roomStatsSchema } } }, async (request) =>
    summarize(await listRooms(app, userOf(request), () => hasClientGone(request))),
  );

  app.get(
    '/dashboard/room-details/:roomId',
    {
      config: { access: 'member' },
      schema: {
        params: z.object({ roomId: z.string() }),
        querystring: z.object({ date: isoDate.optional() }),
        response: { 200: roomDetailsSchema },
      },
    },
    async (request) => getRoomDetails(app, userOf(request), request.params.roomId, request.query.date),
  );

  app.post(
    '/rooms',
    {
      config: { access: 'manager', liveEvent: 'unit.changed', idempotent: true },
      schema: { body: createRoomInput, response: { 201: roomSchema } },
    },
    async (request, reply) => {
      const room = await createRoom(app, userOf(request), request.body);
      return reply.status(201).send(room);
    },
  );

  app.post(
    '/rooms/bulk',
    {
      bodyLimit: 2_097_152,
      config: { access: 'manager', liveEvent: 'units.changed', idempotent: true },
      schema: { body: bulkRoomsInput, response: { 200: bulkRoomsResult } },
    },
    async (request) => createRoomsBulk(app, userOf(request), request.body),
  );

  app.put(
    '/rooms/:id',
    {
      config: { access: 'manager', liveEvent: 'unit.changed' },
      schema: { params: idParams, body: updateRoomInput, response: { 200: roomSchema } },
    },
    async (request) => updateRoom(app, userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/rooms/:id',
    {
      config: { access: 'manager', liveEvent: 'unit.changed', idempotent: true },
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await deleteRoom(app, userOf(request), request.params.id);
      return { message: 'Room deleted' };
    },
  );
}
