import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { databaseHealth, type Database, type Db } from './db/client.ts';
import { startEmbeddedMaintenance, type EmbeddedMaintenance } from './db/embedded-maintenance.ts';
import { registerAccess } from './plugins/access.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStaticFiles } from './plugins/static.ts';
import { QuietRequestLog } from './lib/request-log.ts';
import { SandboxGateway, type PaymentGateway } from './modules/billing/payment-gateway.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { startBillingScheduler, type BillingScheduler } from './modules/billing/billing.scheduler.ts';
import { roomRoutes } from './modules/rooms/rooms.routes.ts';
import { insightRoutes } from './modules/insight/insight.routes.ts';
import { progressRoutes } from './modules/progress/progress.routes.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { scheduleRoutes } from './modules/schedules/schedules.routes.ts';
import { qrRoutes } from './modules/qr/qr.routes.ts';
import { workerRoutes } from './modules/worker/worker.routes.ts';
import { objectRoutes } from './modules/objects/objects.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { startDigestScheduler, type DigestScheduler } from './modules/account/daily-digest.scheduler.ts';
import { createSmtpMailer, PendingMail, type Mailer } from './lib/mail.ts';
import { storageFor } from './storage/choose-storage.ts';
import type { ObjectStorage } from './storage/storage.ts';
import { storageHealth } from './storage/storage-health.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createEventBus, registerLiveEventHook, type EventBus } from './plugins/events.ts';
import { registerSharedLimits } from './plugins/shared-limits.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerProjectCache } from './plugins/project-cache.ts';
import { registerStatementCount } from './lib/request-statements.ts';
import { RETRY_AFTER_SECONDS } from './lib/shutdown.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Reports and exports read here (docs/decisions/034-no-tenant-stalls.md). */
    reportsDb: Db;
    database: Database;
    gateway: PaymentGateway;
    storage: ObjectStorage;
    events: EventBus;
    /** Outgoing e-mail; undefined when no SMTP server is configured. */
    mailer: Mailer | undefined;
    pendingMail: PendingMail;
    /** The clock; tests move it to check expiry. */
    now: () => Date;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  gateway?: PaymentGateway;
  /** Photo storage; default: files under DATA_DIR/objects. */
  storage?: ObjectStorage;
  /** Live-update fan-out; default: NOTIFY/LISTEN on PostgreSQL, in-process on PGlite. */
  events?: EventBus;
  /** Outgoing e-mail; default: SMTP_URL's server when set, else none. */
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean | object;
}

/** The whole server at a glance: plugins, then modules. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  // Secrets never reach a log line, whichever logger is passed in (tests capture logs to prove it).
  const redact = {
    paths: [
      'req.headers.cookie',
      'req.body.password',
      'req.body.currentPassword',
      'req.body.newPassword',
      'req.body.confirmPassword',
      'req.body.token',
      'req.body.cardNumber',
      'req.body.cardCvv',
    ],
    remove: true,
  };
  const app = Fastify({
    logger:
      opts.logger === false ? false : { level: opts.config.logLevel, redact, ...(typeof opts.logger === 'object' ? opts.logger : {}) },
    logController: opts.config.env === 'production' ? undefined : new QuietRequestLog(),
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1_048_576,
    // A request (headers and body) must arrive within this; the slowest is a 10 MB photo on 3G,
    // which has its own, shorter deadline (docs/decisions/011-uploads-under-load.md).
    requestTimeout: opts.config.uploadTimeoutMs + 30_000,
  }).withTypeProvider<ZodTypeProvider>();
  // Headers are small: a client that cannot send them in 30 s is not a phone on a slow network.
  app.server.headersTimeout = Math.min(30_000, opts.config.uploadTimeoutMs + 30_000);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('reportsDb', opts.database.reportsDb);
  // The sandbox keeps its charges by idempotency key in the database (docs/decisions/020-billing-engine.md).
  app.decorate('gateway', opts.gateway ?? new SandboxGateway({ db: opts.database.db, now: () => app.now() }));
  app.decorate('storage', opts.storage ?? storageFor(opts.config, opts.database));
  const mailer = opts.mailer ?? (opts.config.mail ? createSmtpMailer(opts.config.mail) : undefined);
  app.decorate('mailer', mailer);
  app.decorate('pendingMail', new PendingMail());
  app.addHook('onClose', async () => {
    await app.pendingMail.settle();
    mailer?.close();
  });
  const events = opts.events ?? (await createEventBus(opts.database, (msg) => app.log.warn(msg)));
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  registerStatementCount(app);
  registerLiveEventHook(app);
  registerIdempotency(app);
  registerProjectCache(app);
  app.decorate('now', opts.now ?? (() => new Date()));
  app.decorateRequest('authCache', undefined);

  registerErrorHandling(app);
  await app.register(cookie);
  await registerSecurity(app);
  // Counted in PostgreSQL when several instances may share it (docs/decisions/030-several-instances.md);
  // a store failure lets the request through to its own answer (503 when the database is down).
  await app.register(rateLimit, { global: false, skipOnError: true, ...registerSharedLimits(app) });
  // After the rate limiter (its per-route hooks count refused attempts too), before any route.
  registerAccess(app);
  // The OpenAPI document is generated from the same zod schemas that validate requests, with the
  // refusals and headers the routes' declarations imply (docs/decisions/032-api-contract.md).
  await registerOpenApi(app);

  // 503 only when the database is down: without the store, sign-in, the plan and stage completions
  // still work, so a load balancer keeps routing to this process (docs/decisions/027-storage-and-quota.md).
  const checkStorage = storageHealth(app.storage);
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    // Photos in the database are up exactly when the database is (docs/decisions/033-photos-in-postgresql.md).
    const [database, storage] = await Promise.all([databaseHealth(app.db), app.storage.kind === 'database' ? undefined : checkStorage()]);
    if (database === 'down') reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    const status = database === 'ok' && (storage ?? database) === 'ok' ? 'ok' : 'degraded';
    return { status, database, databaseKind: opts.database.kind, storage: storage ?? database, storageKind: app.storage.kind };
  });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(roomRoutes, { prefix: '/api' });
  await app.register(templateRoutes, { prefix: '/api' });
  await app.register(scheduleRoutes, { prefix: '/api' });
  await app.register(qrRoutes, { prefix: '/api' });
  await app.register(workerRoutes, { prefix: '/api' });
  await app.register(reportRoutes, { prefix: '/api' });
  await app.register(insightRoutes, { prefix: '/api' });
  await app.register(progressRoutes, { prefix: '/api' });
  await app.register(objectRoutes);
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  // Billing runs by itself in the server; tests start it themselves (docs/decisions/020-billing-engine.md).
  if (opts.config.billing.intervalMs > 0 && opts.config.env !== 'test') {
    let scheduler: BillingScheduler | undefined;
    app.addHook('onReady', async () => {
      scheduler = startBillingScheduler(app, opts.config.billing.intervalMs);
    });
    app.addHook('onClose', async () => scheduler?.stop());
  }
  // PGlite runs no autovacuum of its own (docs/decisions/038-embedded-maintenance.md).
  const pglite = opts.database.pglite;
  if (pglite && opts.config.embeddedMaintenanceMs > 0) {
    let maintenance: EmbeddedMaintenance | undefined;
    app.addHook('onReady', async () => {
      maintenance = startEmbeddedMaintenance(pglite, app.log, opts.config.embeddedMaintenanceMs);
    });
    app.addHook('onClose', async () => maintenance?.stop());
  }
  // The daily e-mail needs outgoing mail; tests run it themselves (docs/decisions/031-daily-digest.md).
  if (mailer && opts.config.env !== 'test') {
    let digests: DigestScheduler | undefined;
    app.addHook('onReady', async () => {
      digests = startDigestScheduler(app);
    });
    // Before onClose closes the mailer, so a run under way finishes its sends.
    app.addHook('preClose', async () => digests?.stop());
  }

  await registerStaticFiles(app, opts.config.webRoot);
  return app;
}
