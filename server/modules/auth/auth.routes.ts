import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pricingSchema } from '#contract/billing.ts';
import { cardInput, cardUpdateResultSchema, loginInput, messageSchema, profileSchema, registerInput, userSchema } from '#contract/auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import { userOf } from '../../plugins/access.ts';
import { createSession, destroySession, setSessionCookie, userAgentOf } from '../../plugins/session.ts';
import {
  adminByCredentials,
  cancelAccount,
  currentPricing,
  currentUser,
  memberByCredentials,
  profileOf,
  register,
  toUser,
  updateCard,
} from './auth.service.ts';
import { loginKey, loginRateLimited, recordLoginFailure, recordLoginSuccess, refuseWhileLocked } from './login-limits.ts';

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Against floods only (generous: a site office behind one address signs many people in). Guessing
  // is limited by the failure counters in the database, per address and per username (docs/decisions/013-sign-in-limits.md).
  const perClient = { max: 100, timeWindow: '15 minutes', errorResponseBuilder: loginRateLimited };

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' }, idempotent: true },
      schema: { body: registerInput, response: { 201: z.object({ message: z.string(), user: userSchema }) } },
    },
    async (request, reply) => {
      const { user, project } = await register(app, request.body);
      request.log.info({ projectId: project.id }, 'project registered');
      return reply.status(201).send({ message: `Project ${project.name} registered`, user: toUser(user, project) });
    },
  );

  // The price registration shows: the platform's, with the VAT in force today (docs/product.md "The price belongs to the platform").
  app.get('/pricing', { config: { access: 'public' }, schema: { response: { 200: pricingSchema } } }, async () => currentPricing(app));

  app.post(
    '/login',
    { config: { access: 'public', rateLimit: perClient }, schema: { body: loginInput, response: { 200: userSchema } } },
    async (request, reply) => {
      const key = loginKey('user', request.body.username, request.ip);
      await refuseWhileLocked(app.db, key, app.now(), reply);
      const row = await memberByCredentials(app, request.body.username, request.body.password);
      if (!row) {
        await recordLoginFailure(app.db, key, app.now());
        throw unauthorized('invalid_credentials', 'Invalid username or password');
      }
      await recordLoginSuccess(app.db, key, app.now());
      // A new session id at every login (no fixation); the old cookie's session is ended.
      await destroySession(app.db, request, reply);
      const token = await createSession(app.db, { userId: row.user.id }, app.now(), userAgentOf(request));
      setSessionCookie(app, reply, token);
      return toUser(row.user, row.project);
    },
  );

  app.post(
    '/admin/login',
    {
      config: { access: 'public', rateLimit: perClient },
      schema: { body: loginInput, response: { 200: z.object({ message: z.string(), username: z.string() }) } },
    },
    async (request, reply) => {
      const key = loginKey('admin', request.body.username, request.ip);
      await refuseWhileLocked(app.db, key, app.now(), reply);
      const admin = await adminByCredentials(app, request.body.username, request.body.password);
      if (!admin) {
        await recordLoginFailure(app.db, key, app.now());
        throw unauthorized('invalid_credentials', 'Invalid credentials');
      }
      await recordLoginSuccess(app.db, key, app.now());
      await destroySession(app.db, request, reply);
      const token = await createSession(app.db, { platformAdminId: admin.id }, app.now(), userAgentOf(request));
      setSessionCookie(app, reply, token);
      return { message: 'Admin login successful', username: admin.username };
    },
  );

  app.post('/logout', { config: { access: 'public' }, schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await destroySession(app.db, request, reply);
    return { message: 'Logged out' };
  });

  app.get(
    '/auth/user',
    { config: { access: 'member', duringPasswordChange: true }, schema: { response: { 200: userSchema } } },
    async (request) => toUser(...(await currentUser(app, userOf(request)))),
  );

  app.get('/user/profile', { config: { access: 'member' }, schema: { response: { 200: profileSchema } } }, async (request) =>
    profileOf(app, userOf(request)),
  );

  app.put(
    '/user/credit-card',
    {
      config: { access: 'admin', rateLimit: { max: 10, timeWindow: '1 hour' }, idempotent: true },
      schema: { body: cardInput, response: { 200: cardUpdateResultSchema } },
    },
    async (request) => {
      const auth = userOf(request);
      const payment = await updateCard(app, auth.projectId, request.body, auth.userId);
      return { ...(await profileOf(app, auth)), payment };
    },
  );

  app.put(
    '/user/cancel-account',
    {
      config: { access: 'admin', idempotent: true },
      schema: { response: { 200: z.object({ message: z.string(), paidUntil: z.string() }) } },
    },
    async (request) => {
      const auth = userOf(request);
      const paidUntil = await cancelAccount(app, auth.projectId, auth.userId);
      return { message: 'Account cancelled', paidUntil };
    },
  );
}
