import type { FastifyInstance } from 'fastify';
import { ROLES } from '#contract/constants.ts';
import type { CreateMemberInput, Member, MemberList, UpdateMemberInput } from '#contract/users.ts';
import { oneOf } from '../../db/raw-rows.ts';
import { AppError, UNIQUE_VIOLATION, badRequest, conflict, notFound, sqlState } from '../../lib/errors.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { hashPassword } from '../auth/auth.service.ts';
import { isUsernameTaken } from '../auth/auth.queries.ts';
import { deleteMemberRow, findMember, insertMember, listMembers, updateMemberRow, type MemberRow } from './users.queries.ts';
import { userActor, type Actor } from '../audit/audit.queries.ts';

// The rules of docs/product.md "User management is real" and "Permissions".

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: oneOf(ROLES, row.role),
    isOwner: row.isOwner,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listProjectMembers(app: FastifyInstance, auth: UserAuth): Promise<MemberList> {
  const members = (await listMembers(app.db, auth.projectId)).map(toMember);
  const count = (role: Member['role']) => members.filter((m) => m.role === role).length;
  return {
    users: members,
    counts: { total: members.length, admin: count('admin'), manager: count('manager'), cleaner: count('cleaner') },
  };
}

const userNotFound = () => notFound('user_not_found', 'User not found');
const usernameTaken = () => conflict('username_taken', 'Username already exists');
const lastAdmin = () => conflict('last_admin', 'The project must keep at least one active admin');

/** Passwords given twice must match (the spec's "passwords do not match"). */
function checkPasswords(password: string | undefined, confirm: string | undefined) {
  if (password && password !== confirm) throw badRequest('passwords_mismatch', 'Passwords do not match');
}

/** The signed-in admin as the audit log names them. */
async function actorOf(app: FastifyInstance, auth: UserAuth): Promise<Actor> {
  const me = await findMember(app.db, { projectId: auth.projectId, id: auth.userId });
  return userActor(auth.userId, me?.username ?? auth.userId);
}

/** The database's case-free unique index is the last word on usernames (two creates at once). */
async function mapTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof AppError) && sqlState(err) === UNIQUE_VIOLATION) throw usernameTaken();
    throw err;
  }
}

const valuesOf = (input: CreateMemberInput | UpdateMemberInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  username: input.username,
  email: input.email,
  phone: input.phone,
  role: input.role,
  isActive: input.isActive,
});

export async function createMember(app: FastifyInstance, auth: UserAuth, input: CreateMemberInput): Promise<Member> {
  checkPasswords(input.password, input.confirmPassword);
  if (await isUsernameTaken(app.db, input.username)) throw usernameTaken();
  // Hashing happens outside any transaction: PGlite has one connection.
  const passwordHash = await hashPassword(input.password);
  const actor = await actorOf(app, auth);
  const row = await mapTaken(() =>
    insertMember(app.db, { projectId: auth.projectId, actor, values: { ...valuesOf(input), passwordHash }, now: app.now() }),
  );
  return toMember(row);
}

export async function updateMember(app: FastifyInstance, auth: UserAuth, id: string, input: UpdateMemberInput): Promise<Member> {
  checkPasswords(input.password, input.confirmPassword);
  const current = await findMember(app.db, { projectId: auth.projectId, id });
  if (!current) throw userNotFound();
  if (id === auth.userId && !input.isActive) throw conflict('cannot_delete_self', 'You cannot deactivate yourself');
  // One's own password changes only with the current one (docs/product.md "Your own account").
  if (id === auth.userId && input.password) throw conflict('own_password_reset', 'Change your own password in your account profile');
  if (current.isOwner && (!input.isActive || input.role !== 'admin')) {
    throw conflict('owner_protected', 'The project owner cannot be deactivated or given another role');
  }
  // Only the owner changes how the owner signs in: another admin cannot take the account over.
  const changesSignIn = Boolean(input.password) || input.username !== current.username || input.email !== current.email;
  if (current.isOwner && id !== auth.userId && changesSignIn) {
    throw conflict('owner_protected', "Only the project owner can change the owner's username, email or password");
  }
  if (input.username.toLowerCase() !== current.username.toLowerCase() && (await isUsernameTaken(app.db, input.username))) {
    throw usernameTaken();
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const actor = await actorOf(app, auth);
  // Deactivating or a new password ends every session of the member at once.
  const endSessions = (current.isActive && !input.isActive) || passwordHash !== undefined;
  const row = await mapTaken(() =>
    updateMemberRow(app.db, {
      projectId: auth.projectId,
      id,
      actor,
      values: { ...valuesOf(input), ...(passwordHash ? { passwordHash } : {}) },
      endSessions,
      now: app.now(),
      guard: (activeAdmins) => {
        if (activeAdmins === 0) throw lastAdmin();
      },
    }),
  );
  if (!row) throw userNotFound();
  return toMember(row);
}

export async function deleteMember(app: FastifyInstance, auth: UserAuth, id: string): Promise<void> {
  if (id === auth.userId) throw conflict('cannot_delete_self', 'You cannot delete yourself');
  const current = await findMember(app.db, { projectId: auth.projectId, id });
  if (!current) throw userNotFound();
  if (current.isOwner) throw conflict('owner_protected', 'The project owner cannot be deleted');
  const actor = await actorOf(app, auth);
  const deleted = await deleteMemberRow(app.db, {
    projectId: auth.projectId,
    id,
    actor,
    now: app.now(),
    guard: (activeAdmins) => {
      if (activeAdmins === 0) throw lastAdmin();
    },
  });
  if (!deleted) throw userNotFound();
}
