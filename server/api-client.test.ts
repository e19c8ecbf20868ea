import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiErrorBody } from '#contract/errors.ts';
import type { paths } from '#contract/openapi.d.ts';
import type { Room } from '#contract/rooms.ts';
import { API_CLIENT_FILE, clientTypesOf } from '../scripts/api-client.ts';
import { clientAddress, createTestApp, registerAndLogin, type TestContext } from './test/helpers.ts';
import { budget } from '../test-budget.ts';

/**
 * The API contract (docs/decisions/032-api-contract.md): the generated client types are what the
 * routes produce, and a typed client (openapi-fetch) walks a worker's and a manager's journey.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/**
 * `fetch` answered by the in-process server (app.inject), with a cookie jar for the session and one
 * client address per client (the sign-in limits count per address).
 */
function injectFetch(app: FastifyInstance, cookie?: string) {
  const jar = new Map<string, string>(cookie ? [cookie.split(';')[0]!.split('=') as [string, string]] : []);
  const address = clientAddress();
  return async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    const headers: Record<string, string> = { ...Object.fromEntries(input.headers), ...address };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const body = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
    const res = await app.inject({ method: input.method as 'GET', url: url.pathname + url.search, headers, payload: body });
    for (const cookie of res.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : [String(value)]) answer.append(name, v);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: answer });
  };
}

const clientFor = (app: FastifyInstance, cookie?: string) =>
  createClient<paths>({ baseUrl: 'http://shalav.test', fetch: injectFetch(app, cookie) });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);

let deviceSeq = 0;
const newDevice = () => `api-client-${process.pid}-${String(++deviceSeq).padStart(6, '0')}`;

describe('the generated client types', () => {
  it(
    'are what the routes produce now (run npm run api:client after changing a route)',
    async () => {
      const committed = fs.readFileSync(API_CLIENT_FILE, 'utf8');
      expect(await clientTypesOf(structuredClone(ctx.app.swagger()) as never)).toBe(committed);
    },
    budget(120_000),
  ); // openapi-typescript and prettier over the whole document take ~25 s on a loaded machine
});

describe('a worker journey through the typed client', () => {
  it('lists a unit’s tasks, completes a stage with its phone id and an Idempotency-Key, and undoes it', async () => {
    const owner = await registerAndLogin(ctx.app);
    expect((await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'W1' } })).statusCode).toBe(201);
    const [unit] = (await owner.as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
    const scheduled = await owner.as({
      method: 'POST',
      url: '/api/task-schedules',
      payload: { roomIds: [unit!.id], taskTemplates: [{ name: 'Tiling', recurrence: 'once' }] },
    });
    expect(scheduled.statusCode).toBe(201);

    const api = clientFor(ctx.app);
    const device = newDevice();
    const list = await api.GET('/api/scheduled-tasks-public/{roomId}', {
      params: { path: { roomId: unit!.id }, header: { 'X-Shalav-Device': device } },
    });
    expect(list.response.status).toBe(200);
    const task = list.data!.find((t) => t.name === 'Tiling')!;
    expect(task.isCompleted).toBe(false);

    const key = `complete-${device}`;
    const send = () =>
      api.PUT('/api/scheduled-tasks-complete/{taskId}', {
        params: { path: { taskId: task.id }, header: { 'X-Shalav-Device': device, 'Idempotency-Key': key } },
        body: { workerName: 'Yossi Cohen' },
      });
    const done = await send();
    expect(done.response.status, JSON.stringify(done.error)).toBe(200);
    // The retry of a lost answer (same key) is answered, not refused.
    expect((await send()).response.status).toBe(200);
    const after = await api.GET('/api/scheduled-tasks-public/{roomId}', { params: { path: { roomId: unit!.id } } });
    expect(after.data!.find((t) => t.id === task.id)).toMatchObject({ isCompleted: true, workerName: 'Yossi Cohen' });

    const undone = await api.DELETE('/api/scheduled-tasks-complete/{taskId}', {
      params: { path: { taskId: task.id }, header: { 'X-Shalav-Device': device } },
    });
    expect(undone.response.status, JSON.stringify(undone.error)).toBe(200);
    expect(undone.data!.taskId).toBe(task.id);
    const reopened = await api.GET('/api/scheduled-tasks-public/{roomId}', { params: { path: { roomId: unit!.id } } });
    expect(reopened.data!.find((t) => t.id === task.id)!.isCompleted).toBe(false);

    // A second undo of the open stage is refused, typed as the API's one error body.
    const again = await api.DELETE('/api/scheduled-tasks-complete/{taskId}', {
      params: { path: { taskId: task.id }, header: { 'X-Shalav-Device': newDevice() } },
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.code).toBe('task_not_completed');
  });

  it('uploads a photo (raw bytes) that a member then reads at its /objects path', async () => {
    const owner = await registerAndLogin(ctx.app);
    expect((await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'P1' } })).statusCode).toBe(201);
    const [unit] = (await owner.as({ method: 'GET', url: '/api/rooms' })).json() as Room[];
    const api = clientFor(ctx.app);
    const device = { 'X-Shalav-Device': newDevice() };
    const ticket = await api.POST('/api/objects/upload', { params: { header: device }, body: { roomId: unit!.id, size: PNG.length } });
    expect(ticket.response.status, JSON.stringify(ticket.error)).toBe(200);
    const token = ticket.data!.uploadURL.split('/').pop()!;
    const stored = await api.PUT('/api/objects/upload/{token}', {
      params: { path: { token }, header: device },
      body: 'bytes',
      bodySerializer: () => new Uint8Array(PNG),
      headers: { 'content-type': 'image/png' },
    });
    expect(stored.response.status, JSON.stringify(stored.error)).toBe(200);
    expect(stored.data).toEqual({ objectPath: ticket.data!.objectPath, contentType: 'image/png', size: PNG.length });

    // The path's key holds slashes: sent as they are, not encoded.
    const key = ticket.data!.objectPath.replace(/^\/objects\//, '');
    const member = clientFor(ctx.app, owner.cookie);
    const photo = await member.GET('/objects/{*}', {
      params: { path: { '*': key } },
      pathSerializer: (path) => path.replace('{*}', key),
      parseAs: 'arrayBuffer',
    });
    expect(photo.response.status).toBe(200);
    expect(Buffer.from(photo.data as unknown as ArrayBuffer)).toEqual(PNG);
    const anonymous = await api.GET('/objects/{*}', { params: { path: { '*': key } }, pathSerializer: (path) => path.replace('{*}', key) });
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.code).toBe('unauthorized');
  });
});

describe('a manager journey through the typed client', () => {
  it('signs in, lists units, creates a template with the defaults left out, and gets typed refusals', async () => {
    const owner = await registerAndLogin(ctx.app);
    expect((await owner.as({ method: 'POST', url: '/api/rooms', payload: { number: 'M1' } })).statusCode).toBe(201);
    const api = clientFor(ctx.app);

    // Without a session: 401, typed.
    const anonymous = await api.GET('/api/rooms');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error).toEqual({ code: 'unauthorized', message: 'Unauthorized' });

    const signedIn = await api.POST('/api/login', { body: { username: owner.body.username, password: owner.body.password } });
    expect(signedIn.response.status, JSON.stringify(signedIn.error)).toBe(200);
    expect(signedIn.data!.username).toBe(owner.body.username);

    const units = await api.GET('/api/rooms');
    expect(units.data!.map((u) => u.number)).toEqual(['M1']);

    // estimatedMinutes and sortOrder have server defaults: the typed body may leave them out.
    const created = await api.POST('/api/task-templates', {
      params: { header: { 'Idempotency-Key': `template-${process.pid}-1` } },
      body: { name: 'Grouting', facilityType: 'construction' },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    expect(created.data).toMatchObject({ name: 'Grouting', estimatedMinutes: 5, sortOrder: 0, isRequired: true });

    const unknown = await api.PUT('/api/task-templates/{id}', { params: { path: { id: crypto.randomUUID() } }, body: { name: 'Sealing' } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.code).toBe('template_not_found');

    // A bad body: 400 validation_failed, with one issue per field.
    const bad = await api.POST('/api/task-templates', { body: { name: '', facilityType: 'construction', estimatedMinutes: 500 } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ code: 'validation_failed' });
    expect(bad.error?.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(['name', 'estimatedMinutes']));

    // Every error branch is the contract's one error body.
    expectTypeOf(bad.error!).toExtend<ApiErrorBody>();
    expectTypeOf(unknown.error!).toExtend<ApiErrorBody>();
    expectTypeOf(anonymous.error!).toExtend<ApiErrorBody>();
  });
});
