import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { cardInput, loginInput, messageSchema, profileSchema, registerInput, userSchema } from '../../../contract/auth.ts';
import { platformAdmins } from '../../db/schema/index.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { localDate } from '../../lib/time.ts';
import { createSession, destroySession, requireUser, setSessionCookie } from '../../plugins/session.ts';
import {
  cancelAccount,
  findUserWithProject,
  register,
  toProfile,
  toUser,
  updateCard,
  verifyPassword,
} from './auth.service.ts';

const LOGIN_WINDOW = '15 minutes';
const tooMany = () => ({ statusCode: 429, message: 'Too many login attempts. Please wait a few minutes and try again.' });
const usernameKey = (request: FastifyRequest) =>
  `login-user:${String((request.body as { username?: unknown } | undefined)?.username ?? '').trim().toLowerCase()}`;

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Per client (IP) and per username, so neither one address nor a botnet can grind one account.
  const perClient = { max: 30, timeWindow: LOGIN_WINDOW, errorResponseBuilder: tooMany };
  // Not `app.rateLimit(...)` as a hook: the plugin runs only the first limiter of a request, so the
  // per-client one would silently switch the per-username one off. Check it explicitly instead.
  const usernameLimit = app.createRateLimit({ max: 10, timeWindow: LOGIN_WINDOW, keyGenerator: usernameKey });
  const perUsername = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await usernameLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw new AppError(429, tooMany().message);
    }
  };

  app.post(
    '/register',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { body: registerInput, response: { 201: z.object({ message: z.string(), user: userSchema }) } },
    },
    async (request, reply) => {
      const { user, project } = await register(app, request.body);
      request.log.info({ projectId: project.id }, 'project registered');
      return reply.status(201).send({ message: `Project ${project.name} registered`, user: toUser(user, project) });
    },
  );

  app.post(
    '/login',
    { config: { rateLimit: perClient }, preHandler: perUsername, schema: { body: loginInput, response: { 200: userSchema } } },
    async (request, reply) => {
      const row = await findUserWithProject(app.db, { username: request.body.username });
      const ok = await verifyPassword(row?.user.passwordHash, request.body.password);
      if (!row || !ok || !row.user.isActive) throw unauthorized('Invalid username or password');
      // A new session id at every login (no fixation); the old cookie's session is ended.
      await destroySession(app.db, request, reply);
      const token = await createSession(app.db, { userId: row.user.id }, app.now());
      setSessionCookie(app, reply, token);
      return toUser(row.user, row.project);
    },
  );

  app.post(
    '/admin/login',
    { config: { rateLimit: perClient }, preHandler: perUsername, schema: { body: loginInput, response: { 200: z.object({ message: z.string(), username: z.string() }) } } },
    async (request, reply) => {
      const [admin] = await app.db.select().from(platformAdmins).where(eq(platformAdmins.username, request.body.username)).limit(1);
      const ok = await verifyPassword(admin?.passwordHash, request.body.password);
      if (!admin || !ok) throw unauthorized('Invalid credentials');
      await destroySession(app.db, request, reply);
      const token = await createSession(app.db, { platformAdminId: admin.id }, app.now());
      setSessionCookie(app, reply, token);
      return { message: 'Admin login successful', username: admin.username };
    },
  );

  app.post('/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await destroySession(app.db, request, reply);
    return { message: 'Logged out' };
  });

  app.get('/auth/user', { schema: { response: { 200: userSchema } } }, async (request) => {
    const auth = await requireUser(app, request, ['admin', 'manager', 'cleaner']);
    const row = await findUserWithProject(app.db, { id: auth.userId });
    if (!row) throw unauthorized();
    return toUser(row.user, row.project);
  });

  app.get('/user/profile', { schema: { response: { 200: profileSchema } } }, async (request) => {
    const auth = await requireUser(app, request, ['admin', 'manager', 'cleaner']);
    const row = await findUserWithProject(app.db, { id: auth.userId });
    if (!row) throw unauthorized();
    return toProfile(row.user, row.project, localDate(row.project.timezone, app.now()));
  });

  app.put(
    '/user/credit-card',
    { config: { rateLimit: { max: 10, timeWindow: '1 hour' } }, schema: { body: cardInput, response: { 200: profileSchema } } },
    async (request) => {
      const auth = await requireUser(app, request, ['admin']);
      await updateCard(app, auth.projectId, request.body);
      const row = (await findUserWithProject(app.db, { id: auth.userId }))!;
      return toProfile(row.user, row.project, localDate(row.project.timezone, app.now()));
    },
  );

  app.put('/user/cancel-account', { schema: { response: { 200: z.object({ message: z.string(), paidUntil: z.string() }) } } }, async (request) => {
    const auth = await requireUser(app, request, ['admin']);
    const paidUntil = await cancelAccount(app, auth.projectId, auth.userId);
    return { message: 'Account cancelled', paidUntil };
  });
}
