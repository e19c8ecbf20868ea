/**
 * A billing run over 10,000 projects (docs/decisions/020-billing-engine.md): every project owes one
 * invoice, issued in chunks of 500 projects per transaction and charged through the sandbox gateway
 * (one idempotent charge row each). Printed beside one plain `INSERT … SELECT` of the same 10,000
 * invoice rows in the same database, the floor any invoicing could reach. PostgreSQL only with
 * BENCH_DATABASE_URL set.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openPglite, rowsOf, type Database } from '../server/db/client.ts';
import { projects, users } from '../server/db/schema/index.ts';
import { runBilling } from '../server/modules/billing/billing.service.ts';
import { fmt, openBenchDatabases } from './lib.ts';

const PROJECTS = Number(process.env.BENCH_BILLING_PROJECTS ?? 10_000);
const ANCHOR = '2025-01-10';
const AS_OF = '2025-02-10';

const base = loadConfig({ LOG_LEVEL: 'silent' });
const config = { ...base, webRoot: undefined, billing: { ...base.billing, intervalMs: 0 } };

async function databases(): Promise<{ name: string; database: Database; drop: () => Promise<void> }[]> {
  if (process.env.BENCH_DATABASE_URL) return openBenchDatabases();
  const lite = await openPglite(undefined);
  await migrateDatabase(lite);
  console.log('BENCH_DATABASE_URL unset: PGlite only');
  return [{ name: 'PGlite', database: lite, drop: () => lite.close() }];
}

async function seed(database: Database) {
  for (let i = 0; i < PROJECTS; i += 1000) {
    const n = Math.min(1000, PROJECTS - i);
    const rows = await database.db
      .insert(projects)
      .values(
        Array.from({ length: n }, (_, j) => ({
          name: `Bench ${i + j}`,
          qrId: `bench-billing-${i + j}-${Math.random()}`,
          billingAnchor: ANCHOR,
          cardToken: `sbx_bench${i + j}`,
          cardBrand: 'visa',
          cardLast4: '4242',
        })),
      )
      .returning({ id: projects.id });
    await database.db.insert(users).values(
      rows.map((p, j) => ({
        projectId: p.id,
        username: `billing-bench-${i + j}-${Math.random().toString(36).slice(2, 8)}`,
        passwordHash: 'not-a-hash',
        role: 'admin',
        isOwner: true,
        firstName: 'Dana',
        lastName: 'Levi',
        city: 'Haifa',
      })),
    );
  }
}

/** The floor: the same rows in one statement, numbers from a window function, no charge. */
async function insertSelect(database: Database): Promise<number> {
  const t0 = performance.now();
  await database.db.execute(sql`
    insert into invoices (number, project_id, issue_date, period_start, period_end, description, customer_name,
      customer_contact, customer_city, amount_agorot, vat_basis_points, vat_agorot, total_agorot, status, next_attempt_on)
    select 1000000 + row_number() over (order by p.id), p.id, '2025-03-10', '2025-03-10', '2025-04-09',
      'Shalav subscription, ' || p.name || ', 2025-03-10–2025-04-09', p.name, u.first_name || ' ' || u.last_name, u.city,
      p.monthly_price_agorot, 1800, round(p.monthly_price_agorot * 0.18), p.monthly_price_agorot + round(p.monthly_price_agorot * 0.18),
      'open', '2025-03-10'
    from projects p join users u on u.project_id = p.id and u.is_owner`);
  return performance.now() - t0;
}

console.log(`\nBilling run over ${PROJECTS} projects (one invoice each, charged through the sandbox gateway)`);
console.log('database    | run ms (issue + charge) | invoices | charged | repeat run ms | plain INSERT … SELECT ms');
for (const { name, database, drop } of await databases()) {
  await seed(database);
  const app = await buildApp({ config, database, logger: false, now: () => new Date(`${AS_OF}T09:00:00Z`) });
  const t0 = performance.now();
  const result = await runBilling(app, { asOf: AS_OF });
  const runMs = performance.now() - t0;
  const t1 = performance.now();
  const repeat = await runBilling(app, { asOf: AS_OF });
  const repeatMs = performance.now() - t1;
  if (repeat.invoicesCreated !== 0 || repeat.charged !== 0) throw new Error('a repeated run billed again');
  const floorMs = await insertSelect(database);
  const [count] = rowsOf<{ n: unknown }>(await database.db.execute(sql`select count(*) as n from invoices`));
  if (Number(count.n) !== 2 * PROJECTS) throw new Error(`expected ${2 * PROJECTS} invoices, found ${String(count.n)}`);
  console.log(
    `${name.padEnd(11)} | ${fmt(runMs, 0).padStart(23)} | ${String(result.invoicesCreated).padStart(8)} | ${String(result.charged).padStart(7)} | ${fmt(repeatMs, 0).padStart(13)} | ${fmt(floorMs, 0)}`,
  );
  await app.close();
  await drop();
}
