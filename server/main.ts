import { ConfigError, loadConfig } from './config.ts';
import { ensureAnyCaseLabelIndex } from './modules/rooms/rooms.queries.ts';
import { migrateDatabase, openPglite, openPostgres, type Database } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import {
  DEMO_CLEANER,
  DEMO_MANAGER,
  DEMO_PLATFORM_ADMIN,
  DEMO_SITE_MANAGER,
  isDatabaseEmpty,
  seedDemoData,
  shouldSeedDemo,
} from './demo-data.ts';
import { upsertPlatformAdmin } from './modules/auth/auth.service.ts';
import { purgeExpiredSessions } from './plugins/session.ts';
import { purgeIdempotentRequests } from './plugins/idempotency.ts';
import { buildApp } from './app.ts';
import {
  STALE_TEMP_FILE_MS,
  purgeStaleUploads,
  releaseClaimsOfPreviousRun,
  sweepTemporaryUploads,
} from './modules/objects/objects.sweep.ts';
import { loggableError } from './plugins/errors.ts';
import { SHUTDOWN_HARD_LIMIT_MS, shutdownGate } from './lib/shutdown.ts';
import { listenForBackups } from './lib/backup.ts';
import path from 'node:path';
import pino from 'pino';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let releaseLock: (() => void) | undefined;
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
    database = await openPglite(path.join(config.dataDir, 'db'));
  }
  await migrateDatabase(database);
  const lookAlikeLabels = await ensureAnyCaseLabelIndex(database.db);

  const empty = await isDatabaseEmpty(database.db);
  const seed = shouldSeedDemo(config, empty, database.kind);
  if (seed && empty) await seedDemoData(database.db);
  if (config.platformAdmin) await upsertPlatformAdmin(database.db, config.platformAdmin.username, config.platformAdmin.password);

  // Outside production the log is written synchronously, like the banner below: Fastify's "Server
  // listening at …" is on the screen before it, and the banner with the demo logins comes last.
  const logger = config.env === 'production' ? undefined : { stream: pino.destination({ dest: 1, sync: true }) };
  const app = await buildApp({ config, database, logger });
  if (lookAlikeLabels.length > 0)
    // docs/product.md "Working without signal": not merged behind anyone's back; an admin renames one of each.
    app.log.warn(
      { lookAlikeLabels },
      'unit labels that differ only in case name two units: rename one of each so a label names one unit (then restart)',
    );
  const sweep = setInterval(() => {
    purgeExpiredSessions(database.db).catch((err) => app.log.warn({ err: loggableError(err) }, 'session sweep failed'));
    purgeIdempotentRequests(database.db).catch((err) => app.log.warn({ err: loggableError(err) }, 'idempotency sweep failed'));
    purgeStaleUploads(database.db, app.storage).catch((err) => app.log.warn({ err: loggableError(err) }, 'upload sweep failed'));
  }, 10 * 60_000);
  sweep.unref();
  // `npm run backup` asks this process for its database (docs/decisions/028-backups.md).
  const backups = database.pglite ? await listenForBackups(config.dataDir, database.pglite, app.log) : undefined;

  const gate = shutdownGate(app.server);
  const shutdown = async (signal: string) => {
    if (gate.closing) return;
    const answered = gate.close();
    app.log.info({ signal }, 'shutting down: finishing requests in progress');
    // Whatever hangs (a request, the database), the process ends in bounded time.
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_HARD_LIMIT_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS).unref();
    clearInterval(sweep);
    let code = 0;
    try {
      const { refused, silentClosed, keptAliveClosed, lateTicks } = await answered;
      // A connection closed unanswered may have sent its request meanwhile: its client saw a reset.
      app.log[silentClosed > 0 || lateTicks > 0 ? 'warn' : 'info'](
        { refused, silentClosed, keptAliveClosed, lateTicks },
        `requests in progress answered; ${refused} arriving during shutdown answered 503, ${silentClosed} silent connections closed, ${keptAliveClosed} idle kept-alive connections closed` +
          (lateTicks > 0 ? `; the process was held up ${lateTicks} times meanwhile (a loaded machine)` : ''),
      );
      // Stops listening, ends live-update streams, waits for the sockets still open, then the database.
      await app.close();
      await backups?.close();
      await database.close();
    } catch (err) {
      app.log.error({ err: loggableError(err) }, 'shutdown failed');
      code = 1;
    }
    releaseLock?.();
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Half-written photos of a previous run (a crash mid-upload) must not pile up in the store.
  // On the embedded database the data-directory lock makes this the only writer: every one is stale.
  await sweepTemporaryUploads(app.storage, database.kind === 'pglite' ? 0 : STALE_TEMP_FILE_MS).catch((err) =>
    app.log.warn({ err: loggableError(err) }, 'temporary upload sweep failed'),
  );
  // Upload addresses a killed run left claimed work again at once for the phone's retry.
  await releaseClaimsOfPreviousRun(database.db, database.kind).catch((err) =>
    app.log.warn({ err: loggableError(err) }, 'releasing upload claims of the previous run failed'),
  );
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Shalav is running on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
    // docs/decisions/030-several-instances.md: shared on PostgreSQL, per process on the embedded database.
    database.kind === 'pglite'
      ? 'Rate limits and live-stream caps are kept in memory for this one process (embedded database: one instance only)'
      : 'Rate limits and live-stream caps are shared through PostgreSQL with every instance on this database',
  ];
  if (config.host === '127.0.0.1') {
    lines.push(`Listening on ${config.host} only: to reach it from phones on the same network, start with HOST=0.0.0.0`);
  }
  if (config.publicUrlIsDefault) lines.push(`PUBLIC_URL is not set: QR labels and e-mailed links point to ${config.publicUrl}`);
  if (config.billing.demoSeller)
    lines.push('BILLING_BUSINESS_NAME, _ID or _ADDRESS is not set: invoices issued now carry demo seller values');
  if (seed && empty) {
    lines.push(
      'Demo project created. Sign in with:',
      `  owner (admin):  ${DEMO_MANAGER.username} / ${DEMO_MANAGER.password}   (${config.publicUrl}/login)`,
      `  manager:        ${DEMO_SITE_MANAGER.username} / ${DEMO_SITE_MANAGER.password}`,
      `  worker:         ${DEMO_CLEANER.username} / ${DEMO_CLEANER.password}   (read-only: the map and work tracking)`,
      `  platform admin: ${DEMO_PLATFORM_ADMIN.username} / ${DEMO_PLATFORM_ADMIN.password}   (the admin icon on the login page)`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
