import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billAsOf, parseBillingArgs, USAGE } from '../scripts/billing.ts';
import { invoices } from './db/schema/index.ts';
import { CHILD_START_TIMEOUT_MS, migratedDataDir } from './test/child-server.ts';
import { createTestApp, registerAndLogin, type TestContext } from './test/helpers.ts';

describe('npm run billing: its arguments', () => {
  it('takes --date YYYY-MM-DD (or --date=…), and no date means today', () => {
    expect(parseBillingArgs(['--date', '2025-02-10'])).toBe('2025-02-10');
    expect(parseBillingArgs(['--date=2025-02-10'])).toBe('2025-02-10');
    expect(parseBillingArgs([])).toBeUndefined();
  });

  it('refuses a date that is not a real one, a missing date and unknown arguments, with the usage', () => {
    expect(() => parseBillingArgs(['--date', '2025-02-30'])).toThrow(/real date/);
    expect(() => parseBillingArgs(['--date', '10/02/2025'])).toThrow(/YYYY-MM-DD/);
    expect(() => parseBillingArgs(['--date'])).toThrow(USAGE);
    expect(() => parseBillingArgs(['2025-02-10'])).toThrow(USAGE);
    expect(() => parseBillingArgs(['--date', '2025-02-10', '--force'])).toThrow(USAGE);
  });
});

describe('npm run billing: the run', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestApp({ now: new Date('2024-05-10T09:00:00Z') });
  });
  afterEach(async () => ctx?.close());

  it('bills a project on its billing date, once however often it is run', async () => {
    const { user } = await registerAndLogin(ctx.app);
    ctx.clock.now = new Date('2024-06-12T09:00:00Z');
    expect(await billAsOf(ctx.app, '2024-06-10')).toBe('Billing as of 2024-06-10: 1 invoices issued, 1 charges succeeded, 0 failed.');
    expect(await billAsOf(ctx.app, '2024-06-10')).toBe('Billing as of 2024-06-10: 0 invoices issued, 0 charges succeeded, 0 failed.');
    const rows = await ctx.app.db.select().from(invoices).where(eq(invoices.projectId, user.projectId));
    expect(rows.map((r) => [r.periodStart, r.status])).toEqual([['2024-06-10', 'paid']]);
  });

  it('refuses a date after today and issues nothing', async () => {
    const { user } = await registerAndLogin(ctx.app);
    ctx.clock.now = new Date('2024-06-09T09:00:00Z');
    await expect(billAsOf(ctx.app, '2024-06-10')).rejects.toThrow('asOf (2024-06-10) may not be after today (2024-06-09)');
    expect(await ctx.app.db.select().from(invoices).where(eq(invoices.projectId, user.projectId))).toEqual([]);
  });
});

describe('npm run billing: the command', () => {
  // A hang guard per process it starts: a start on a busy machine may take long.
  it(
    'runs on the embedded database of DATA_DIR and exits 1 with the reason for a future date',
    { timeout: 2 * CHILD_START_TIMEOUT_MS },
    async () => {
      // The embedded database of its own DATA_DIR, whatever database the suite runs on: an existing
      // one, as an operator's is (creating it is the server's first start, tested elsewhere).
      const dataDir = migratedDataDir();
      const { DATABASE_URL: _url, BILLING_ALLOW_FUTURE_DATES: _future, ...inherited } = process.env;
      const env = { ...inherited, NODE_ENV: 'development', DATA_DIR: dataDir };
      const run = (args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/billing.ts', ...args], { env });
      try {
        const today = await run([]);
        expect(today.stdout).toMatch(/^Billing as of today: 0 invoices issued, 0 charges succeeded, 0 failed\.$/m);
        await expect(run(['--date', '2199-01-01'])).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringMatching(/asOf \(2199-01-01\) may not be after today/),
        });
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
