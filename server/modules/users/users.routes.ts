import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '#contract/auth.ts';
import { createMemberInput, memberIdParams, memberListSchema, memberSchema, updateMemberInput } from '#contract/users.ts';
import { userOf } from '../../plugins/access.ts';
import { createMember, deleteMember, listProjectMembers, updateMember } from './users.service.ts';

/** The project's team, managed by its admins (docs/product.md "User management is real"). */
export async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/users', { config: { access: 'admin' }, schema: { response: { 200: memberListSchema } } }, async (request) =>
    listProjectMembers(app, userOf(request)),
  );

  app.post(
    '/users',
    { config: { access: 'admin', idempotent: true }, schema: { body: createMemberInput, response: { 201: memberSchema } } },
    async (request, reply) => reply.status(201).send(await createMember(app, userOf(request), request.body)),
  );

  app.put(
    '/users/:id',
    { config: { access: 'admin' }, schema: { params: memberIdParams, body: updateMemberInput, response: { 200: memberSchema } } },
    async (request) => updateMember(app, userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    { config: { access: 'admin', idempotent: true }, schema: { params: memberIdParams, response: { 200: messageSchema } } },
    async (request) => {
      await deleteMember(app, userOf(request), request.params.id);
      return { message: 'User deleted' };
    },
  );
}
