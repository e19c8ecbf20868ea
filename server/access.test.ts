import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from './app.ts';
import { upsertPlatformAdmin } from './modules/auth/auth.service.ts';
import { signInMember } from './modules/schedules/test-support.ts';
import { InProcessEventBus } from './plugins/events.ts';
import { clientAddress, createTestApp, login, openTestDatabase, registerAndLogin, testConfig, type TestContext } from './test/helpers.ts';

/** A route the "refuses to start" test slips into a real module (off for every other test). */
const slipped = vi.hoisted(() => ({ route: undefined as undefined | ((app: FastifyInstance) => void) }));
vi.mock('./modules/qr/qr.routes.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./modules/qr/qr.routes.ts')>();
  return {
    qrRoutes: async (app: FastifyInstance) => {
      await real.qrRoutes(app);
      slipped.route?.(app);
    },
  };
});

type Level = 'public' | 'worker' | 'member' | 'manager' | 'admin' | 'platformAdmin';
type Caller = 'anonymous' | 'platformAdmin' | 'cleaner' | 'manager' | 'admin';

/**
 * Who may call each route, written here by hand and never read from the routes: a changed
 * declaration fails this test. public: anyone; worker: anyone (the id in the request is the
 * capability); member: any project role; manager: project admin and manager; admin: project admin.
 * HEAD twins of GET routes follow their GET.
 */
const MATRIX: Record<string, Level> = {
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/docs.js': 'public',
  'GET /api/health': 'public',
  'GET /robots.txt': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/admin/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/auth/user': 'member',
  'GET /api/user/profile': 'member',
  'PUT /api/user/credit-card': 'admin',
  'PUT /api/user/cancel-account': 'admin',
  'GET /api/rooms': 'member',
  'GET /api/stats/cleaning': 'member',
  'GET /api/stats/cleaning/export': 'member',
  'GET /api/progress-matrix': 'member',
  'GET /api/employee-performance': 'manager',
  'GET /api/employee-performance/export': 'manager',
  'GET /api/kpi-metrics': 'manager',
  'POST /api/rooms': 'manager',
  'GET /api/stats/rooms': 'member',
  'GET /api/dashboard/room-details/:roomId': 'member',
  'POST /api/rooms/bulk': 'manager',
  'PUT /api/rooms/:id': 'manager',
  'DELETE /api/rooms/:id': 'manager',
  'GET /api/task-templates': 'manager',
  'POST /api/task-templates': 'manager',
  'PUT /api/task-templates/:id': 'manager',
  'DELETE /api/task-templates/:id': 'manager',
  'POST /api/task-templates/init-defaults': 'manager',
  'POST /api/task-schedules': 'manager',
  'GET /api/task-schedules': 'manager',
  'GET /api/scheduled-tasks': 'member',
  'GET /api/scheduled-tasks/export': 'member',
  'PUT /api/scheduled-tasks/:taskId/review': 'manager',
  'GET /api/reviews': 'manager',
  'GET /api/reviews/count': 'manager',
  'POST /api/reviews/accept': 'manager',
  'GET /api/user/facility': 'manager',
  'GET /api/qr-code': 'manager',
  'GET /api/facility/by-qr/:qrId': 'worker',
  'GET /api/rooms-public': 'worker',
  'GET /api/rooms-public/:roomId': 'worker',
  'GET /api/worker-names': 'worker',
  'POST /api/work-sessions': 'worker',
  'GET /api/scheduled-tasks-public/:roomId': 'worker',
  'PUT /api/scheduled-tasks-complete/:taskId': 'worker',
  'DELETE /api/scheduled-tasks-complete/:taskId': 'worker',
  'POST /api/shortages-public': 'worker',
  'POST /api/measurements-public': 'worker',
  'GET /api/shortages': 'manager',
  'GET /api/shortages/export': 'manager',
  'POST /api/shortages': 'manager',
  'PUT /api/shortages/:id': 'manager',
  'DELETE /api/shortages/:id': 'manager',
  'GET /api/measurements': 'manager',
  'GET /api/measurements/export': 'manager',
  'POST /api/measurements': 'manager',
  'PUT /api/measurements/:id': 'manager',
  'DELETE /api/measurements/:id': 'manager',
  'POST /api/objects/upload': 'worker',
  'PUT /api/objects/upload/:token': 'worker',
  'GET /objects/*': 'member',
  'GET /api/events': 'member',
  // The platform admin's lists and export (issue 10, admin area).
  'GET /api/admin/users': 'platformAdmin',
  'GET /api/admin/hotels': 'platformAdmin',
  'GET /api/admin/customers-billing': 'platformAdmin',
  'GET /api/admin/customers-billing/export': 'platformAdmin',
  // Billing (issue 10, the billing engine and the admin's project actions).
  'POST /api/admin/billing/run': 'platformAdmin',
  'PUT /api/admin/reactivate-account/:id': 'platformAdmin',
  'PUT /api/admin/projects/:id/price': 'platformAdmin',
  'PUT /api/admin/projects/:id/deactivate': 'platformAdmin',
  'GET /api/admin/projects/:id/invoices': 'platformAdmin',
  'GET /api/admin/projects/:id/audit': 'platformAdmin',
  'GET /api/admin/invoices/:id': 'platformAdmin',
  'GET /api/invoices': 'manager',
  'GET /api/invoices/:id': 'manager',
  // Team: user management and the registration price (issue 10, part "users").
  'GET /api/pricing': 'public',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PUT /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/users/:id/temporary-password': 'admin',
  'GET /api/auth/options': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'PUT /api/user/profile': 'member',
  'PUT /api/user/profile-picture': 'member',
  'DELETE /api/user/profile-picture': 'member',
  'PUT /api/user/password': 'member',
  'GET /api/user/sessions': 'member',
  'GET /api/user/daily-digest': 'manager',
  'PUT /api/user/daily-digest': 'manager',
  'DELETE /api/user/sessions/:id': 'member',
  'DELETE /api/user/sessions': 'member',
  'POST /api/admin/projects/:id/owner-temporary-password': 'platformAdmin',
};

const PROJECT_ROLES: Caller[] = ['cleaner', 'manager', 'admin'];
const MAY_CALL: Record<Level, Caller[]> = {
  public: ['anonymous', 'platformAdmin', ...PROJECT_ROLES],
  worker: ['anonymous', 'platformAdmin', ...PROJECT_ROLES],
  member: PROJECT_ROLES,
  manager: ['manager', 'admin'],
  admin: ['admin'],
  platformAdmin: ['platformAdmin'],
};

/**
 * The answer a caller gets from a route of a level: let through, 403 (signed in to the project with
 * a role too small), or 401 (no session of the kind the route needs: none, or the other kind).
 */
function expectedFor(level: Level, caller: Caller): 'through' | 401 | 403 {
  if (MAY_CALL[level].includes(caller)) return 'through';
  return PROJECT_ROLES.includes(caller) && level !== 'platformAdmin' ? 403 : 401;
}

/** The refusals' bodies: the code is what clients act on (docs/decisions/018-error-codes.md). */
const UNAUTHORIZED = { code: 'unauthorized', message: 'Unauthorized' };
const FORBIDDEN = { code: 'forbidden', message: 'You do not have permission for this action' };

const keyOf = (method: string, url: string) => `${method} ${url}`;
/** `/api/rooms/{id}` (OpenAPI) → `/api/rooms/:id` (the router); `{*}` is the wildcard. */
const routerPath = (openApiPath: string) => openApiPath.replace('{*}', '*').replace(/\{(\w+)\}/g, ':$1');
/** A concrete URL for a route: unknown ids (a uuid also fits the upload token's length). */
const concreteUrl = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'units/none/photo.jpg');
/** Routes that change the caller's session or project: walked last. */
const LAST = ['PUT /api/user/cancel-account', 'POST /api/logout'];

const ADMIN = { username: 'platform-access', password: 'platform-secret-1' };
type Send = (opts: InjectOptions) => Promise<LightMyRequestResponse>;
const withCookie =
  (app: FastifyInstance, cookie: string): Send =>
  (opts) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });

let ctx: TestContext;
/** One inject per caller, each bound to its own session (or none). */
let as: Record<Caller, Send>;
beforeAll(async () => {
  ctx = await createTestApp();
  await upsertPlatformAdmin(ctx.app.db, ADMIN.username, ADMIN.password);
  const owner = await registerAndLogin(ctx.app);
  const platform = await login(ctx.app, ADMIN, { url: '/api/admin/login', headers: clientAddress() });
  expect(platform.res.statusCode).toBe(200);
  as = {
    anonymous: (opts) => ctx.app.inject(opts),
    platformAdmin: withCookie(ctx.app, platform.cookie),
    cleaner: await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'cleaner'),
    manager: await signInMember(ctx.app, ctx.database.db, owner.user.projectId, 'manager'),
    admin: owner.as,
  };
});
afterAll(async () => ctx?.close());

/** Every route under /api and /objects: the OpenAPI document's, and the hidden ones from the access registry. */
function everyRoute(app: FastifyInstance): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => keyOf(m.toUpperCase(), routerPath(path))),
  );
  const registered = app.routeAccess.map((r) => keyOf(r.method, r.url));
  return [...new Set([...documented, ...registered])];
}

/** The matrix level of a route; a HEAD twin has its GET's. */
const levelOf = (key: string): Level | undefined => MATRIX[key.replace(/^HEAD /, 'GET ')];

describe('access on every route', () => {
  it('has a declared level for every route, equal to the matrix, and every route in the matrix', () => {
    const routes = everyRoute(ctx.app);
    expect(routes.filter((key) => levelOf(key) === undefined)).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !routes.includes(key))).toEqual([]);
    const declared = Object.fromEntries(ctx.app.routeAccess.map((r) => [keyOf(r.method, r.url), r.access]));
    expect(routes.filter((key) => declared[key] !== levelOf(key))).toEqual([]);
  });

  const callers: Caller[] = ['anonymous', 'platformAdmin', 'cleaner', 'manager', 'admin'];
  it.each(callers)('answers %s with 401, 403 or lets it through exactly as the matrix says', async (caller) => {
    const routes = everyRoute(ctx.app).sort(
      (a, b) => Number(LAST.includes(a)) - Number(LAST.includes(b)) || LAST.indexOf(a) - LAST.indexOf(b),
    );
    const wrong: string[] = [];
    for (const key of routes) {
      const level = levelOf(key)!;
      const [method, url] = key.split(' ') as [InjectOptions['method'], string];
      const want = expectedFor(level, caller);
      // The live-update stream never ends by itself: its answer is read as soon as its head is sent.
      const stream = url === '/api/events' && want === 'through';
      const res = await as[caller]({ method, url: concreteUrl(url), headers: clientAddress(), payloadAsStream: stream });
      if (stream) res.stream().destroy();
      const got = res.statusCode;
      const ok = want === 'through' ? got !== 401 && got !== 403 && got < 500 : got === want;
      if (!ok) wrong.push(`${key} (${level}): ${got}, expected ${want === 'through' ? 'neither 401, 403 nor 5xx' : want}`);
      else if (want !== 'through' && method !== 'HEAD') expect(res.json()).toEqual(want === 401 ? UNAUTHORIZED : FORBIDDEN);
    }
    expect(wrong).toEqual([]);
  });
});

describe('platform routes', () => {
  let platformCtx: TestContext;
  beforeAll(async () => {
    platformCtx = await createTestApp({
      extraRoutes: (app) => {
        app.get('/api/platform-probe', { config: { access: 'platformAdmin' } }, async () => ({ ok: true }));
      },
    });
    await upsertPlatformAdmin(platformCtx.app.db, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => platformCtx?.close());

  it('lets only a platform-admin session through: 401 without one, and for every project role', async () => {
    const app = platformCtx.app;
    const owner = await registerAndLogin(app);
    const probe = { method: 'GET', url: '/api/platform-probe' } as const;
    const platform = await login(app, ADMIN, { url: '/api/admin/login', headers: clientAddress() });
    expect((await withCookie(app, platform.cookie)(probe)).json()).toEqual({ ok: true });
    const refused = [
      await app.inject(probe),
      await owner.as(probe),
      await (await signInMember(app, app.db, owner.user.projectId, 'manager'))(probe),
      await (await signInMember(app, app.db, owner.user.projectId, 'cleaner'))(probe),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([401, 401, 401, 401]);
    for (const res of refused) expect(res.json()).toEqual(UNAUTHORIZED);
  });
});

describe('a route that declares no access', () => {
  it('makes buildApp reject', async () => {
    const database = await openTestDatabase();
    const events = new InProcessEventBus();
    slipped.route = (app) => app.get('/forgotten', async () => 'open');
    try {
      await expect(buildApp({ config: testConfig(), database, events, logger: false })).rejects.toThrow(
        'GET /api/forgotten declares no access',
      );
    } finally {
      slipped.route = undefined;
      await events.close();
      await database.drop();
    }
  });

  it('is refused under /objects too, as is an unknown level; routes elsewhere need none', async () => {
    const refusals: unknown[] = [];
    const attempt = (register: () => unknown) => {
      try {
        register();
        refusals.push('accepted');
      } catch (err) {
        refusals.push((err as Error).message);
      }
    };
    const test = await createTestApp({
      extraRoutes: (app) => {
        attempt(() => app.get('/objects/forgotten', async () => 'open'));
        // @ts-expect-error: not a level
        attempt(() => app.get('/api/typo', { config: { access: 'managers' } }, async () => 'open'));
        attempt(() => app.get('/elsewhere', async () => 'fine'));
      },
    });
    await test.close();
    expect(refusals).toEqual([
      expect.stringContaining('GET /objects/forgotten declares no access'),
      expect.stringContaining("GET /api/typo declares an unknown access level 'managers'"),
      'accepted',
    ]);
  });
});
