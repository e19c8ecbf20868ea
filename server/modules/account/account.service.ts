import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AccountSession,
  ForgotPasswordInput,
  PasswordChangeInput,
  ProfileInput,
  ResetPasswordInput,
  TemporaryPassword,
} from '#contract/account.ts';
import { RESET_LINK_MINUTES, newPasswordProblems } from '#contract/account.ts';
import { SESSION_IDLE_MINUTES } from '#contract/constants.ts';
import type { User } from '#contract/auth.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { isUuid, randomToken, sha256 } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mail.ts';
import { detectImageType } from '../../storage/image-type.ts';
import { newSession, setSessionCookie, userAgentOf, type UserAuth } from '../../plugins/session.ts';
import { findUserWithProject } from '../auth/auth.queries.ts';
import { hashPassword, toUser, verifyPassword } from '../auth/auth.service.ts';
import { loginKey, recordLoginFailure, recordLoginSuccess, refuseWhileLocked } from '../auth/login-limits.ts';
import { platformAdminName } from '../billing/billing.queries.ts';
import { userActor, type Actor } from '../audit/audit.queries.ts';
import { findProject } from '../projects/projects.queries.ts';
import { findMember, updateMemberRow } from '../users/users.queries.ts';
import {
  deleteOtherSessions,
  deleteUserSession,
  findProjectOwner,
  findResetToken,
  insertResetTokenCapped,
  listUserSessions,
  replaceProfilePicture,
  setPasswordRow,
} from './account.queries.ts';
import { resetLink, resetMail } from './reset-mail.ts';

// The rules of docs/product.md "Your own account".

/** The signed-in user as the API answers it. */
export async function currentUser(app: FastifyInstance, userId: string): Promise<User> {
  const row = await findUserWithProject(app.db, { id: userId });
  if (!row) throw unauthorized();
  return toUser(row.user, row.project);
}

/** The user's own details, audited as `user.profile_updated`; a new e-mail address voids the reset links sent to the old one. */
export async function updateProfile(app: FastifyInstance, auth: UserAuth, input: ProfileInput): Promise<User> {
  const me = await findMember(app.db, { projectId: auth.projectId, id: auth.userId });
  if (!me) throw unauthorized();
  const row = await updateMemberRow(app.db, {
    projectId: auth.projectId,
    id: auth.userId,
    actor: userActor(auth.userId, me.username),
    values: input,
    endSessions: false,
    action: 'user.profile_updated',
    now: app.now(),
  });
  if (!row) throw unauthorized();
  return currentUser(app, auth.userId);
}

/** Stores a new profile picture (checked by its bytes) under the user, then drops the one it replaces. */
export async function setProfilePicture(app: FastifyInstance, auth: UserAuth, bytes: unknown): Promise<User> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new AppError(415, 'photo_empty', 'Send the picture bytes (JPEG, PNG or WebP)');
  const contentType = detectImageType(bytes);
  if (!contentType || contentType === 'image/heic') {
    throw new AppError(415, 'photo_type_unsupported', 'Only JPEG, PNG or WebP pictures can be used');
  }
  const key = `users/${auth.userId}/${randomToken(16)}`;
  // Bytes first, outside any transaction (PGlite has one connection); a failed write leaves no row.
  await app.storage.put(key, bytes, contentType);
  const result = await replaceProfilePicture(app.db, {
    userId: auth.userId,
    projectId: auth.projectId,
    picture: { key, contentType, size: bytes.length },
    now: app.now(),
  }).catch(async (err: unknown) => {
    await app.storage.delete(key).catch(() => undefined);
    throw err;
  });
  if (!result) throw unauthorized();
  await dropStoredPicture(app, result.replacedKey);
  return currentUser(app, auth.userId);
}

export async function removeProfilePicture(app: FastifyInstance, auth: UserAuth): Promise<User> {
  const result = await replaceProfilePicture(app.db, { userId: auth.userId, projectId: auth.projectId, picture: null, now: app.now() });
  if (!result) throw unauthorized();
  await dropStoredPicture(app, result.replacedKey);
  return currentUser(app, auth.userId);
}

/** Bytes no row points at any more; a failure only leaves an orphan file behind, never a broken picture. */
async function dropStoredPicture(app: FastifyInstance, key: string | null) {
  if (!key) return;
  await app.storage.delete(key).catch((err: unknown) => app.log.warn({ err, key }, 'could not delete a replaced profile picture'));
}

/** The new password twice, and not the username (docs/product.md "Validation rules"). */
function checkNewPassword(input: { newPassword: string; confirmPassword: string }, username: string) {
  const problems = newPasswordProblems({ ...input, username });
  if (problems.confirmPassword === 'mismatch') throw badRequest('passwords_mismatch', 'Passwords do not match');
  if (problems.newPassword === 'isUsername') throw badRequest('password_is_username', 'The password may not be the username');
}

/**
 * Changes the signed-in user's password: the current one must be right (failures count like sign-in
 * failures); every other session ends and the caller gets a new one.
 */
export async function changePassword(
  app: FastifyInstance,
  auth: UserAuth,
  input: PasswordChangeInput,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<User> {
  const row = await findUserWithProject(app.db, { id: auth.userId });
  if (!row) throw unauthorized();
  const key = loginKey('user', row.user.username, request.ip);
  await refuseWhileLocked(app.db, key, app.now(), reply);
  checkNewPassword(input, row.user.username);
  // A temporary password kept as one's own would still be known to the admin who set it.
  if (input.newPassword === input.currentPassword) throw badRequest('password_unchanged', 'Choose a password other than the current one');
  if (!(await verifyPassword(row.user.passwordHash, input.currentPassword))) {
    await recordLoginFailure(app.db, key, app.now());
    throw badRequest('current_password_wrong', 'The current password is not correct');
  }
  await recordLoginSuccess(app.db, key, app.now());
  const passwordHash = await hashPassword(input.newPassword);
  const session = newSession({ userId: auth.userId }, app.now(), userAgentOf(request));
  const updated = await setPasswordRow(app.db, {
    userId: auth.userId,
    projectId: auth.projectId,
    passwordHash,
    temporaryBy: null,
    actor: userActor(auth.userId, row.user.username),
    action: 'user.password_changed',
    session: session.row,
    expectedHash: row.user.passwordHash,
    now: app.now(),
  });
  // Another change (a second tab, an admin's reset) replaced the password since it was checked.
  if (!updated) throw badRequest('current_password_wrong', 'The current password changed meanwhile');
  setSessionCookie(app, reply, session.token);
  request.authCache = null;
  return toUser(updated, row.project);
}

/** The user's sessions that still work (past neither limit of docs/product.md "Sessions and time-outs"). */
const liveSessions = (app: FastifyInstance, userId: string) => {
  const now = app.now();
  return listUserSessions(app.db, { userId, now, idleSince: new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000) });
};

export async function listSessions(app: FastifyInstance, auth: UserAuth): Promise<AccountSession[]> {
  const rows = await liveSessions(app, auth.userId);
  const sessions = rows.map((r) => ({
    id: r.publicId,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.idHash === auth.sessionHash,
  }));
  // This device first, then the most recently used.
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

export async function endSession(app: FastifyInstance, auth: UserAuth, publicId: string): Promise<void> {
  const mine = (await liveSessions(app, auth.userId)).find((s) => s.publicId === publicId);
  if (mine?.idHash === auth.sessionHash) throw conflict('current_session', 'This is the session in use: sign out instead');
  if (!(await deleteUserSession(app.db, { userId: auth.userId, publicId }))) throw notFound('session_not_found', 'Session not found');
}

export const endOtherSessions = (app: FastifyInstance, auth: UserAuth) =>
  deleteOtherSessions(app.db, { userId: auth.userId, keepHash: auth.sessionHash });

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A temporary password: 12 characters drawn by the system's random source (~69 bits). */
export const temporaryPassword = () => Array.from({ length: 12 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]).join('');

/** Gives a user a temporary password: their sessions end, and their next sign-in must choose a new one. */
async function setTemporaryPassword(
  app: FastifyInstance,
  p: { user: { id: string; projectId: string; username: string }; by: 'admin' | 'platformAdmin'; actor: Actor },
): Promise<TemporaryPassword> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const updated = await setPasswordRow(app.db, {
    userId: p.user.id,
    projectId: p.user.projectId,
    passwordHash,
    temporaryBy: p.by,
    actor: p.actor,
    action: p.by === 'admin' ? 'user.temporary_password_set' : 'owner.temporary_password_set',
    now: app.now(),
  });
  if (!updated) throw notFound('user_not_found', 'User not found');
  return { username: updated.username, temporaryPassword: password };
}

/** A project admin resets a member of the same project (never the owner, never themself). */
export async function resetMemberPassword(app: FastifyInstance, auth: UserAuth, memberId: string): Promise<TemporaryPassword> {
  const member = await findMember(app.db, { projectId: auth.projectId, id: memberId });
  if (!member) throw notFound('user_not_found', 'User not found');
  if (member.id === auth.userId) throw conflict('own_password_reset', 'Change your own password in your account profile');
  if (member.isOwner) throw conflict('owner_protected', "Only the platform administrator can reset the project owner's password");
  const me = await findMember(app.db, { projectId: auth.projectId, id: auth.userId });
  return setTemporaryPassword(app, {
    user: member,
    by: 'admin',
    actor: userActor(auth.userId, me?.username ?? auth.userId),
  });
}

/** The platform admin resets a project's owner (the owner is told at their next sign-in). */
export async function resetOwnerPassword(app: FastifyInstance, platformAdminId: string, projectId: string): Promise<TemporaryPassword> {
  const project = isUuid(projectId) ? await findProject(app.db, projectId) : undefined;
  if (!project) throw notFound('project_not_found', 'Project not found');
  const owner = await findProjectOwner(app.db, project.id);
  if (!owner) throw notFound('owner_not_found', 'This project has no owner');
  const name = (await platformAdminName(app.db, platformAdminId)) ?? 'platform admin';
  return setTemporaryPassword(app, { user: owner, by: 'platformAdmin', actor: { type: 'platform-admin', id: platformAdminId, name } });
}

/** At most this many reset e-mails to one user per link lifetime: the form cannot be used to flood a mailbox. */
const MAX_RESET_MAILS = 3;

/**
 * "Forgot password": when the username names an active user with an e-mail address, sends them a
 * single-use link. Everything but the SMTP check happens after the answer, so neither the words nor
 * the time of the answer tell whether the username exists.
 */
export function requestPasswordReset(app: FastifyInstance, input: ForgotPasswordInput): void {
  const mailer = app.mailer;
  if (!mailer) throw conflict('password_reset_unavailable', 'Password reset by e-mail is not configured on this server');
  app.pendingMail.add(
    sendResetLink(app, mailer, input).catch((err: unknown) => app.log.error({ err }, 'could not send a password reset link')),
  );
}

async function sendResetLink(app: FastifyInstance, mailer: Mailer, input: ForgotPasswordInput): Promise<void> {
  const row = await findUserWithProject(app.db, { username: input.username });
  if (!row?.user.isActive || !row.user.email) return;
  const now = app.now();
  const since = new Date(now.getTime() - RESET_LINK_MINUTES * 60_000);
  const token = randomToken(32);
  const recorded = await insertResetTokenCapped(app.db, {
    values: {
      tokenHash: sha256(token),
      userId: row.user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    },
    since,
    max: MAX_RESET_MAILS,
  });
  if (!recorded) {
    app.log.warn({ userId: row.user.id }, 'password reset link not sent: too many asked for');
    return;
  }
  const message = resetMail({
    to: row.user.email,
    name: row.user.firstName ?? row.user.username,
    // The page opens in the e-mail's language, even on a browser that never chose one (docs/product.md "Your own account").
    link: resetLink(app.config.publicUrl, token, input.language),
    minutes: RESET_LINK_MINUTES,
    language: input.language,
  });
  await mailer.send(message);
  app.log.info({ userId: row.user.id }, 'password reset link sent');
}

/** Sets a new password from an e-mailed link, which it spends; every session of the user ends. */
export async function resetPassword(app: FastifyInstance, input: ResetPasswordInput): Promise<void> {
  const tokenHash = sha256(input.token);
  const invalid = () => badRequest('reset_link_invalid', 'This reset link is not valid or was already used');
  const link = await findResetToken(app.db, tokenHash);
  if (!link || link.usedAt) throw invalid();
  if (link.expiresAt.getTime() <= app.now().getTime()) throw badRequest('reset_link_expired', 'This reset link has expired');
  const row = await findUserWithProject(app.db, { id: link.userId });
  if (!row?.user.isActive) throw invalid();
  checkNewPassword(input, row.user.username);
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await setPasswordRow(app.db, {
    userId: row.user.id,
    projectId: row.project.id,
    passwordHash,
    temporaryBy: null,
    actor: userActor(row.user.id, row.user.username),
    action: 'user.password_reset_by_email',
    resetTokenHash: tokenHash,
    now: app.now(),
  });
  // Spent or expired between the check and the write (two tabs, one link).
  if (!updated) throw invalid();
}
