import type { FastifyInstance, InjectOptions } from 'fastify';
import { users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../auth/auth.service.ts';
import type { Room } from '#contract/rooms.ts';
import { cookieOf, registerAndLogin } from '../../test/helpers.ts';

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

/**
 * A new project with the given units and the named stages scheduled on each (the quality-loop
 * tests' common start): its owner, the units by number, and the task ids by unit number and name.
 */
export async function seedStages(
  app: FastifyInstance,
  rooms: { number: string; floor?: number; facilityType?: string }[],
  names: string[],
  recurrence: 'once' | 'daily' = 'once',
) {
  const owner = await registerAndLogin(app);
  const bulk = await owner.as({ method: 'POST', url: '/api/rooms/bulk', payload: { rooms } });
  if (bulk.statusCode !== 200) throw new Error(`rooms: ${bulk.statusCode} ${bulk.body}`);
  const units = Object.fromEntries(((await owner.as({ method: 'GET', url: '/api/rooms' })).json() as Room[]).map((r) => [r.number, r]));
  const res = await owner.as({
    method: 'POST',
    url: '/api/task-schedules',
    payload: { roomIds: Object.values(units).map((u) => u.id), taskTemplates: names.map((name) => ({ name, recurrence })) },
  });
  if (res.statusCode !== 201) throw new Error(`schedule: ${res.statusCode} ${res.body}`);
  const tasks: Record<string, Record<string, string>> = {};
  for (const [number, unit] of Object.entries(units)) {
    const list = (await owner.as({ method: 'GET', url: `/api/task-schedules?roomId=${unit.id}` })).json() as { id: string; name: string }[];
    tasks[number] = Object.fromEntries(list.map((t) => [t.name, t.id]));
  }
  return { owner, units, tasks };
}

let deviceSeq = 0;
/** A fresh phone id in the shape X-Shalav-Device takes. */
export const newDeviceId = (prefix = 'phone') => `${prefix}-${process.pid}-${String(++deviceSeq).padStart(6, '0')}-abcd`;
