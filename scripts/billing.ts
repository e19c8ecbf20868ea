/**
 * `npm run billing -- --date YYYY-MM-DD`: one billing run as of that date (default: today), with the
 * server's own environment (DATA_DIR or DATABASE_URL, the BILLING_* settings); see README.md
 * "Payment sandbox". The same run as the server's own and as POST /api/admin/billing/run: never
 * dated after today unless BILLING_ALLOW_FUTURE_DATES, which production ignores
 * (docs/decisions/026-fixed-invoices.md); on PostgreSQL it waits for no one and skips when another
 * instance holds the billing lock (docs/decisions/020-billing-engine.md).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { isoDate } from '#contract/rooms.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openPglite, openPostgres, migrateDatabase, type Database } from '../server/db/client.ts';
import { lockDataDir } from '../server/db/data-dir-lock.ts';
import { withBillingLock } from '../server/modules/billing/billing.queries.ts';
import { runBilling } from '../server/modules/billing/billing.service.ts';

export const USAGE = 'Usage: npm run billing -- [--date YYYY-MM-DD]   (default: today)';

/** The run's date from the command line; undefined: today. Throws with the usage on anything else. */
export function parseBillingArgs(args: string[]): string | undefined {
  if (args.length === 0) return undefined;
  const [flag, value, ...rest] = args.length === 1 && args[0].startsWith('--date=') ? ['--date', args[0].slice(7)] : args;
  if (flag !== '--date' || value === undefined || rest.length > 0) throw new Error(USAGE);
  const date = isoDate.safeParse(value);
  if (!date.success) throw new Error(`--date ${value}: ${date.error.issues[0].message}\n${USAGE}`);
  return date.data;
}

/** Runs billing as of `asOf` on a built app; the line to print. */
export async function billAsOf(app: FastifyInstance, asOf: string | undefined): Promise<string> {
  const result = await withBillingLock(app.database, () => runBilling(app, { asOf }));
  if (!result) throw new Error('Another server is running billing right now (it holds the billing lock): try again in a minute.');
  const { invoicesCreated, charged, failed } = result;
  return `Billing as of ${asOf ?? 'today'}: ${invoicesCreated} invoices issued, ${charged} charges succeeded, ${failed} failed.`;
}

async function main() {
  const asOf = parseBillingArgs(process.argv.slice(2));
  const config = loadConfig();
  let database: Database;
  let releaseLock: (() => void) | undefined;
  if (config.databaseUrl) database = await openPostgres(config.databaseUrl);
  else {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (err) {
      // The embedded database opens in one process only: the running server bills from its own.
      throw new Error(
        `${(err as Error).message}\nWhile the server runs, run billing through it as the platform admin ` +
          '(README.md "Payment sandbox": POST /api/admin/billing/run), or stop it first.',
        { cause: err },
      );
    }
    database = await openPglite(path.join(config.dataDir, 'db'));
  }
  try {
    await migrateDatabase(database);
    // No scheduler of its own: this process runs once and ends.
    const app = await buildApp({ config: { ...config, billing: { ...config.billing, intervalMs: 0 } }, database, logger: false });
    await app.ready();
    try {
      console.log(await billAsOf(app, asOf));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    releaseLock?.();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
