import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestDatabase, registerAndLogin, testConfig } from '../test/helpers.ts';

let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  app = await buildApp({ config: testConfig(), database, logger: false });
  // Routes that choose their own caching, as a file download would.
  app.get('/api/test-cached', { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'private, max-age=60').send({ ok: true }),
  );
  app.get('/outside-api', async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('Cache-Control on API answers', () => {
  it('is no-store on a signed-in answer, a public answer, errors and an unknown API path', async () => {
    const { as } = await registerAndLogin(app);
    const answers = [
      await as({ method: 'GET', url: '/api/auth/user' }),
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'GET', url: '/api/auth/user' }),
      await app.inject({ method: 'POST', url: '/api/login', payload: { username: '', password: '' } }),
      await app.inject({ method: 'GET', url: '/api/no-such-route?x=1' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 400, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own cache-control, and leaves answers outside /api alone", async () => {
    const own = await app.inject({ method: 'GET', url: '/api/test-cached' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=60');
    const outside = await app.inject({ method: 'GET', url: '/outside-api' });
    expect(outside.statusCode).toBe(200);
    expect(outside.headers['cache-control']).toBeUndefined();
  });
});
