import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, rowsOf, type Database } from '../db/client.ts';
import type { PaymentGateway } from '../modules/billing/payment-gateway.ts';
import { sql } from 'drizzle-orm';
import type { ObjectStorage } from '../storage/storage.ts';
import type { Mailer } from '../lib/mail.ts';

/** A fresh database for one test file: a clone of the migrated template (PGlite or PostgreSQL). */
export async function openTestDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (url && template) {
    const name = `${template}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 5);
    return {
      ...database,
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  const database = await openPglite(undefined, new Blob([dump]));
  return { ...database, drop: () => database.close() };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Stored photos of a test go to a temporary directory, never to ./data.
  const dataDir = path.join(os.tmpdir(), `shalav-test-${process.pid}`);
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), webRoot: undefined, ...overrides };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The test clock: set `clock.now` to move time. */
  clock: { now: Date };
  close: () => Promise<void>;
}

export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    logger?: object | boolean;
    gateway?: PaymentGateway;
    storage?: ObjectStorage;
    /** Outgoing e-mail of the test's own (a fake that records messages). */
    mailer?: Mailer;
    now?: Date;
    /** Routes of the test's own, added to the built app before it starts. */
    extraRoutes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const clock = { now: opts.now ?? new Date() };
  const app = await buildApp({
    config: testConfig(opts.config),
    database,
    gateway: opts.gateway,
    storage: opts.storage,
    mailer: opts.mailer,
    now: () => clock.now,
    logger: opts.logger ?? false,
  });
  opts.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
/** A valid registration payload; each call a new username. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = `${process.pid}${counter}${randomBytes(2).toString('hex')}`;
  return {
    username: `manager${suffix}`,
    password: 'secret123',
    email: `m${suffix}@example.com`,
    firstName: 'Dana',
    lastName: 'Levi',
    facilityName: `Project ${suffix}`,
    facilityType: 'construction',
    phone: '050-1234567',
    city: 'Tel Aviv',
    monthlyPrice: 1399,
    cardHolderName: 'Dana Levi',
    cardNumber: '4242424242424242',
    cardExpiryMonth: 12,
    cardExpiryYear: new Date().getFullYear() + 2,
    cardCvv: '123',
    ...overrides,
  };
}

export const cookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'shalav_sid');
  return c ? `shalav_sid=${c.value}` : '';
};

/** Registers a project and signs its owner in; returns the cookie and the user. */
let clientCounter = 0;
/**
 * A client address of its own (X-Forwarded-For; the app trusts its proxy), so the per-client
 * limits on registration and login never trip over the many sign-ups of one test file.
 */
export function clientAddress(): Record<string, string> {
  clientCounter += 1;
  return { 'x-forwarded-for': `198.18.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}` };
}

export async function registerAndLogin(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const headers = clientAddress();
  const reg = await app.inject({ method: 'POST', url: '/api/register', payload: body, headers });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: body.username, password: body.password },
    headers,
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const cookie = cookieOf(login);
  const user = login.json() as { id: string; projectId: string; username: string };
  const as = (opts: InjectOptions) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });
  return { cookie, user, body, as };
}

/** Signs in with a username and password (optionally from another client address); returns the answer and its cookie. */
export async function login(
  app: FastifyInstance,
  creds: { username: string; password: string },
  opts: { url?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({ method: 'POST', url: opts.url ?? '/api/login', payload: creds, headers: opts.headers });
  return { res, cookie: cookieOf(res) };
}

/**
 * Every row of every table in the public schema, as one JSON string (for "never stored" and "writes
 * nothing" checks), but the shared rate-limit counters and stream leases: a refused request still
 * counts against its limit (docs/decisions/030-several-instances.md).
 */
export async function dumpAllTables(database: Database): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const dump: Record<string, unknown[]> = {};
  for (const { table_name: name } of tables) {
    if (name === 'rate_limit_counters' || name === 'live_stream_leases') continue;
    dump[name] = rowsOf(await database.db.execute(sql`select * from ${sql.identifier(name)}`));
  }
  return JSON.stringify(dump);
}
