import type { FastifyInstance, InjectOptions } from 'fastify';
import { users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../auth/auth.service.ts';
import { cookieOf } from '../../test/helpers.ts';

let seq = 0;
/** A member of the project with the given role, signed in; returns an inject bound to their session. */
export async function signInMember(app: FastifyInstance, db: Db, projectId: string, role: 'admin' | 'manager' | 'cleaner') {
  seq += 1;
  const username = `${role}${process.pid}x${seq}`;
  await db.insert(users).values({ projectId, username, passwordHash: await hashPassword('secret123'), role });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'secret123' } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const cookie = cookieOf(login);
  return (opts: InjectOptions) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });
}
