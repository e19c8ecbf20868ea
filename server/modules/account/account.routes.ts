import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PROFILE_PICTURE_BYTES,
  accountSessionListSchema,
  authOptionsSchema,
  dailyDigestInput,
  dailyDigestSchema,
  endedSessionsSchema,
  forgotPasswordInput,
  passwordChangeInput,
  profileInput,
  resetPasswordInput,
  sessionIdParams,
  temporaryPasswordSchema,
} from '#contract/account.ts';
import { messageSchema, userSchema } from '#contract/auth.ts';
import { memberIdParams } from '#contract/users.ts';
import { platformAdminOf, userOf } from '../../plugins/access.ts';
import { loginRateLimited } from '../auth/login-limits.ts';
import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  removeProfilePicture,
  requestPasswordReset,
  resetOwnerPassword,
  resetMemberPassword,
  resetPassword,
  setProfilePicture,
  updateProfile,
} from './account.service.ts';
import { getDigestSettings, updateDigestSettings } from './daily-digest.service.ts';

/** The picture's bytes as they come, whatever image type the client names; checked by their content. */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/**
 * One's own account and the ways back in after a forgotten password (docs/product.md "Your own
 * account", docs/decisions/021-own-account.md).
 */
export async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(PICTURE_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PROFILE_PICTURE_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.get('/auth/options', { config: { access: 'public' }, schema: { response: { 200: authOptionsSchema } } }, async () => ({
    passwordResetByEmail: app.mailer !== undefined,
  }));

  app.put(
    '/user/profile',
    { config: { access: 'member' }, schema: { body: profileInput, response: { 200: userSchema } } },
    async (request) => updateProfile(app, userOf(request), request.body),
  );

  app.put(
    '/user/profile-picture',
    {
      bodyLimit: MAX_PROFILE_PICTURE_BYTES,
      config: { access: 'member', rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: { response: { 200: userSchema } },
    },
    async (request) => setProfilePicture(app, userOf(request), request.body),
  );

  app.delete('/user/profile-picture', { config: { access: 'member' }, schema: { response: { 200: userSchema } } }, async (request) =>
    removeProfilePicture(app, userOf(request)),
  );

  // The daily e-mail is a project admin's or manager's (docs/decisions/031-daily-digest.md).
  app.get('/user/daily-digest', { config: { access: 'manager' }, schema: { response: { 200: dailyDigestSchema } } }, async (request) =>
    getDigestSettings(app, userOf(request)),
  );

  app.put(
    '/user/daily-digest',
    { config: { access: 'manager' }, schema: { body: dailyDigestInput, response: { 200: dailyDigestSchema } } },
    async (request) => updateDigestSettings(app, userOf(request), request.body),
  );

  app.put(
    '/user/password',
    {
      // Guessing the current password is limited like sign-in (docs/decisions/013-sign-in-limits.md).
      config: {
        access: 'member',
        duringPasswordChange: true,
        rateLimit: { max: 100, timeWindow: '15 minutes', errorResponseBuilder: loginRateLimited },
      },
      schema: { body: passwordChangeInput, response: { 200: userSchema } },
    },
    async (request, reply) => changePassword(app, userOf(request), request.body, request, reply),
  );

  app.get('/user/sessions', { config: { access: 'member' }, schema: { response: { 200: accountSessionListSchema } } }, async (request) => ({
    sessions: await listSessions(app, userOf(request)),
  }));

  app.delete(
    '/user/sessions/:id',
    { config: { access: 'member', idempotent: true }, schema: { params: sessionIdParams, response: { 200: endedSessionsSchema } } },
    async (request) => {
      await endSession(app, userOf(request), request.params.id);
      return { ended: 1 };
    },
  );

  app.delete('/user/sessions', { config: { access: 'member' }, schema: { response: { 200: endedSessionsSchema } } }, async (request) => ({
    ended: await endOtherSessions(app, userOf(request)),
  }));

  app.post(
    '/users/:id/temporary-password',
    { config: { access: 'admin', idempotent: 'secret' }, schema: { params: memberIdParams, response: { 200: temporaryPasswordSchema } } },
    async (request) => resetMemberPassword(app, userOf(request), request.params.id),
  );

  app.post(
    '/admin/projects/:id/owner-temporary-password',
    {
      config: { access: 'platformAdmin', idempotent: 'secret' },
      schema: { params: z.object({ id: z.string() }), response: { 200: temporaryPasswordSchema } },
    },
    async (request) => resetOwnerPassword(app, platformAdminOf(request).platformAdminId, request.params.id),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { body: forgotPasswordInput, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      requestPasswordReset(app, request.body);
      return reply.status(202).send({ message: 'If this user has an e-mail address, a reset link is on its way' });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      // A double-click would spend the single-use link on the first request and call it invalid on the second.
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' }, idempotent: true },
      schema: { body: resetPasswordInput, response: { 200: messageSchema } },
    },
    async (request) => {
      await resetPassword(app, request.body);
      return { message: 'Password changed' };
    },
  );
}
