import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { openPostgres, type Database } from './db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './lib/errors.ts';
import { InProcessEventBus } from './plugins/events.ts';
import { createTestApp, registration, testConfig, type TestContext } from './test/helpers.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function appOn(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database, events: new InProcessEventBus(), logger: false });
  await app.ready();
  cleanups.push(
    () => database.close(),
    () => app.close(),
  );
  return app;
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
}

describe('database outage', () => {
  it('a PostgreSQL server that cannot be reached: 503 + Retry-After, and /api/health says the database is down', async () => {
    // Nothing listens on port 1: every connection is refused at once (runs in both test modes).
    const app = await appOn(await openPostgres('postgres://postgres@127.0.0.1:1/shalav', 2));

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    // Without S3, photos on PostgreSQL live in the database: down with it (docs/decisions/033-photos-in-postgresql.md).
    expect(health.json()).toEqual({
      status: 'degraded',
      database: 'down',
      databaseKind: 'postgres',
      storage: 'down',
      storageKind: 'database',
    });

    expectUnavailable(await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'someone', password: 'secret123' } }));
    expectUnavailable(await app.inject({ method: 'POST', url: '/api/register', payload: registration() }));
  });

  it('a database closed under the app (shutdown, crash): 503, not 500', async () => {
    const ctx: TestContext = await createTestApp();
    cleanups.push(() => ctx.app.close());
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const storageKind = ctx.database.kind === 'postgres' ? 'database' : 'local';
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', databaseKind: ctx.database.kind, storage: 'ok', storageKind });
    await ctx.database.close();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ database: 'down' });
    expectUnavailable(await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'someone', password: 'secret123' } }));
  });

  it('tells connection errors from query errors', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connection failure'), { code: '08006' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});

/**
 * PostgreSQL mode only: the real server behind a TCP relay this test can cut, as when the database
 * restarts. The app must answer 503 while it is down and recover by itself, without a restart.
 */
describe.skipIf(!process.env.DATABASE_URL)('database restart (PostgreSQL)', () => {
  let relay: net.Server;
  let up = true;
  const sockets = new Set<net.Socket>();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    const target = new URL(ctx.database.pool!.options.connectionString!);
    relay = net.createServer((client) => {
      if (!up) return client.destroy();
      const server = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => relay?.close(resolve));
    await ctx?.close();
  });

  it('answers 503 while the database is away and recovers when it returns', async () => {
    const target = new URL(ctx.database.pool!.options.connectionString!);
    target.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    const app = await appOn(await openPostgres(target.toString(), 2));
    const login = () => app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nobody-here', password: 'secret123' } });

    expect((await login()).statusCode).toBe(401);
    // The database goes away: open connections are cut, new ones are dropped.
    up = false;
    for (const s of sockets) s.destroy();
    expectUnavailable(await login());
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    // It is back: the same app answers again.
    up = true;
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      databaseKind: 'postgres',
      storage: 'ok',
      storageKind: 'database',
    });
    expect((await login()).statusCode).toBe(401);
  });
});
