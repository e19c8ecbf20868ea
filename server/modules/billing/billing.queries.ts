/**
 * Every database call of billing (docs/decisions/019-data-access.md, 020-billing-engine.md). No
 * function here awaits anything but the database inside a transaction (PGlite has one connection).
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, max, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../../db/client.ts';
import { countOf } from '../../db/raw-rows.ts';
import { auditLog, invoiceCounters, invoices, platformAdmins, projects, sandboxCharges, users, vatRates } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/projects.queries.ts';
import { writeAudit, type Actor, type AuditFields } from '../audit/audit.queries.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'number'>;
export type AuditRow = typeof auditLog.$inferSelect;

/** The VAT rate in force on a date, in basis points (the dated table `vat_rates`). */
export async function vatRateOn(db: Db, isoDate: string): Promise<number> {
  const [row] = await db
    .select({ rate: vatRates.rateBasisPoints })
    .from(vatRates)
    .where(lte(vatRates.effectiveFrom, isoDate))
    .orderBy(desc(vatRates.effectiveFrom))
    .limit(1);
  if (!row) throw new Error(`no VAT rate in force on ${isoDate}`);
  return row.rate;
}

/** The whole dated VAT table, newest first (read once per billing run). */
export async function vatTable(db: Db): Promise<{ effectiveFrom: string; rate: number }[]> {
  return db
    .select({ effectiveFrom: vatRates.effectiveFrom, rate: vatRates.rateBasisPoints })
    .from(vatRates)
    .orderBy(desc(vatRates.effectiveFrom));
}

export async function platformAdminName(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ username: platformAdmins.username }).from(platformAdmins).where(eq(platformAdmins.id, id)).limit(1);
  return row?.username;
}

// ---- the sandbox gateway's record of charges ----

interface SandboxAnswer {
  ok: boolean;
  reference: string;
  message?: string;
}

/** Records a sandbox charge under its key; undefined when the key was used before. */
export async function insertSandboxCharge(
  db: Db,
  p: { idempotencyKey: string; token: string; amountAgorot: number } & SandboxAnswer,
): Promise<SandboxAnswer | undefined> {
  const [row] = await db
    .insert(sandboxCharges)
    .values({ ...p, message: p.message ?? null })
    .onConflictDoNothing()
    .returning({ ok: sandboxCharges.ok, reference: sandboxCharges.reference, message: sandboxCharges.message });
  return row ? { ok: row.ok, reference: row.reference, message: row.message ?? undefined } : undefined;
}

export async function findSandboxCharge(db: Db, idempotencyKey: string): Promise<SandboxAnswer | undefined> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)).limit(1);
  return row ? { ok: row.ok, reference: row.reference, message: row.message ?? undefined } : undefined;
}

// ---- the run: ending cancelled projects, issuing invoices ----

/** Cancelled projects whose paid time has ended by `asOf` become inactive ('cancelled'). */
export async function endCancelledProjects(db: Db, p: { asOf: string; now: Date; actor: Actor }): Promise<number> {
  return db.transaction(async (tx) => {
    // Locked in id order, as invoicing locks them, so two concurrent runs cannot deadlock.
    const due = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.status, 'cancelled'), lte(projects.paidUntil, p.asOf)))
      .orderBy(asc(projects.id))
      .for('update');
    if (due.length === 0) return 0;
    const ended = await tx
      .update(projects)
      .set({ status: 'inactive', inactiveReason: 'cancelled', inactiveSince: p.now, updatedAt: p.now })
      .where(
        and(
          inArray(
            projects.id,
            due.map((d) => d.id),
          ),
          eq(projects.status, 'cancelled'),
        ),
      )
      .returning({ id: projects.id, paidUntil: projects.paidUntil });
    if (ended.length > 0) {
      await writeAudit(
        tx,
        p.actor,
        ended.map((e) => ({
          projectId: e.id,
          action: 'project.inactive',
          entityId: e.id,
          before: { status: 'cancelled' },
          after: { status: 'inactive', inactiveReason: 'cancelled', paidUntil: e.paidUntil },
        })),
      );
    }
    return ended.length;
  });
}

/** The next chunk of projects that may owe an invoice (active or cancelled), in id order after `afterId`. */
export async function billableProjectIds(db: Db, afterId: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(inArray(projects.status, ['active', 'cancelled']), afterId ? gt(projects.id, afterId) : undefined))
    .orderBy(asc(projects.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What the invoice planner needs of a project: its billing state, its owner, its last invoiced period. */
export interface BillableProject {
  id: string;
  name: string;
  status: string;
  billingAnchor: string;
  paidUntil: string | null;
  billingResumesOn: string | null;
  monthlyPriceAgorot: number;
  ownerName: string | null;
  ownerCity: string | null;
  ownerUsername: string | null;
  lastPeriodStart: string | null;
}

/**
 * Issues the invoices `plan` decides on for one chunk of projects, in one transaction: the projects
 * are locked first (a concurrent run waits, then sees these invoices), the numbers are taken from
 * `invoice_counters` in the same transaction (a rollback returns them: no gaps), and
 * `unique(project_id, period_start)` refuses a duplicate. `plan` is pure (no I/O inside the transaction).
 */
export async function issueInvoices(
  db: Db,
  projectIds: string[],
  plan: (rows: BillableProject[]) => NewInvoice[],
  actor: Actor,
): Promise<number> {
  if (projectIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, projectIds), inArray(projects.status, ['active', 'cancelled'])))
      .orderBy(asc(projects.id))
      .for('update');
    if (locked.length === 0) return 0;
    const lockedIds = locked.map((r) => r.id);
    const last = tx
      .select({ projectId: invoices.projectId, lastPeriodStart: max(invoices.periodStart).as('last_period_start') })
      .from(invoices)
      .where(inArray(invoices.projectId, lockedIds))
      .groupBy(invoices.projectId)
      .as('last');
    const rows = await tx
      .select({
        id: projects.id,
        name: projects.name,
        status: projects.status,
        billingAnchor: projects.billingAnchor,
        paidUntil: projects.paidUntil,
        billingResumesOn: projects.billingResumesOn,
        monthlyPriceAgorot: projects.monthlyPriceAgorot,
        ownerFirst: users.firstName,
        ownerLast: users.lastName,
        ownerUsername: users.username,
        ownerCity: users.city,
        lastPeriodStart: last.lastPeriodStart,
      })
      .from(projects)
      .leftJoin(users, and(eq(users.projectId, projects.id), eq(users.isOwner, true)))
      .leftJoin(last, eq(last.projectId, projects.id))
      .where(inArray(projects.id, lockedIds));
    const planned = plan(
      rows.map((r) => ({
        ...r,
        ownerName: [r.ownerFirst, r.ownerLast].filter(Boolean).join(' ') || null,
        lastPeriodStart: r.lastPeriodStart ?? null,
      })),
    );
    if (planned.length === 0) return 0;
    const [counter] = await tx
      .update(invoiceCounters)
      .set({ value: sql`${invoiceCounters.value} + ${planned.length}` })
      .where(eq(invoiceCounters.name, 'invoice'))
      .returning({ value: invoiceCounters.value });
    const first = counter.value - planned.length + 1;
    // One statement for the chunk's invoices and their audit entries: the rows travel as one JSON
    // parameter (bench/billing.ts: thousands of bound parameters cost more than the insert). The audit
    // rows are the one entry not written by writeAudit: they need the invoice ids this statement makes;
    // the actor's columns are filled the same way.
    const payload = JSON.stringify(
      planned.map((inv, i) => ({
        number: first + i,
        project_id: inv.projectId,
        issue_date: inv.issueDate,
        period_start: inv.periodStart,
        period_end: inv.periodEnd,
        description: inv.description,
        seller_name: inv.sellerName ?? null,
        seller_registration_number: inv.sellerRegistrationNumber ?? null,
        seller_address: inv.sellerAddress ?? null,
        customer_name: inv.customerName,
        customer_contact: inv.customerContact ?? null,
        customer_city: inv.customerCity ?? null,
        amount_agorot: inv.amountAgorot,
        vat_basis_points: inv.vatBasisPoints,
        vat_agorot: inv.vatAgorot,
        total_agorot: inv.totalAgorot,
        next_attempt_on: inv.nextAttemptOn ?? null,
      })),
    );
    const result = await tx.execute(sql`
      with src as (
        select * from json_to_recordset(${payload}::json) as x(number int, project_id uuid, issue_date date, period_start date,
          period_end date, description text, seller_name text, seller_registration_number text, seller_address text,
          customer_name text, customer_contact text, customer_city text, amount_agorot int, vat_basis_points int, vat_agorot int, total_agorot int, next_attempt_on date)
      ), ins as (
        insert into invoices (number, project_id, issue_date, period_start, period_end, description, seller_name,
          seller_registration_number, seller_address, customer_name, customer_contact, customer_city, amount_agorot, vat_basis_points,
          vat_agorot, total_agorot, status, next_attempt_on)
        select number, project_id, issue_date, period_start, period_end, description, seller_name, seller_registration_number,
          seller_address, customer_name, customer_contact, customer_city, amount_agorot, vat_basis_points, vat_agorot, total_agorot, 'open', next_attempt_on from src
        on conflict (project_id, period_start) do nothing
        returning id, project_id, number, total_agorot
      ), audit as (
        insert into audit_log (project_id, actor_type, actor_id, actor_name, action, entity_id, after)
        select project_id, ${actor.type}, ${actor.id ?? null}, ${actor.name ?? null}, 'invoice.created', id::text,
          jsonb_build_object('number', number, 'totalAgorot', total_agorot, 'status', 'open')
        from ins
      )
      select count(*) as n from ins`);
    const inserted = countOf(rowsOf(result));
    // Cannot happen while the projects are locked; if it did, the rollback keeps the numbers gap-free.
    if (inserted !== planned.length) throw new Error('an invoice of this chunk exists already; the chunk is rolled back');
    return inserted;
  });
}

// ---- charging ----

/** An invoice held by one charge attempt, with the card to charge. */
export interface ClaimedCharge {
  id: string;
  projectId: string;
  number: number;
  issueDate: string;
  /** The billing date: retries count from it. */
  periodStart: string;
  description: string;
  totalAgorot: number;
  attempts: number;
  nextAttemptOn: string | null;
  chargeKey: string;
  cardToken: string | null;
}

const CLAIMABLE = ['open', 'failed'];

async function withCards(db: Db, claimed: Omit<ClaimedCharge, 'cardToken'>[]): Promise<ClaimedCharge[]> {
  if (claimed.length === 0) return [];
  const cards = await db
    .select({ id: projects.id, cardToken: projects.cardToken })
    .from(projects)
    .where(
      inArray(
        projects.id,
        claimed.map((c) => c.projectId),
      ),
    );
  const tokenOf = new Map(cards.map((c) => [c.id, c.cardToken]));
  return claimed.map((c) => ({ ...c, cardToken: tokenOf.get(c.projectId) ?? null }));
}

const claimedColumns = {
  id: invoices.id,
  projectId: invoices.projectId,
  number: invoices.number,
  issueDate: invoices.issueDate,
  periodStart: invoices.periodStart,
  description: invoices.description,
  totalAgorot: invoices.totalAgorot,
  attempts: invoices.attempts,
  nextAttemptOn: invoices.nextAttemptOn,
  chargeKey: sql<string>`${invoices.chargeKey}`,
};

/**
 * Claims up to `limit` invoices due for a charge by `asOf` with one UPDATE: free, or held by a claim
 * older than `staleBefore` (a run that crashed). A fresh claim gets the key `invoice:<id>:<attempt>`;
 * a stale one keeps its key, so the gateway answers the first charge instead of charging again.
 * `skip locked` lets two runs share the work without waiting on each other.
 */
export async function claimDueCharges(db: Db, p: { asOf: string; now: Date; staleBefore: Date; limit: number }): Promise<ClaimedCharge[]> {
  const due = db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .where(
      and(
        inArray(invoices.status, CLAIMABLE),
        lte(invoices.nextAttemptOn, p.asOf),
        or(isNull(invoices.chargingSince), lt(invoices.chargingSince, p.staleBefore)),
        ne(projects.status, 'inactive'),
      ),
    )
    .orderBy(asc(invoices.number))
    .limit(p.limit)
    .for('update', { of: invoices, skipLocked: true });
  const claimed = await db
    .update(invoices)
    .set({
      chargingSince: p.now,
      chargeKey: sql`case when ${invoices.chargingSince} is null or ${invoices.chargeKey} is null then 'invoice:' || ${invoices.id} || ':' || (${invoices.attempts} + 1) else ${invoices.chargeKey} end`,
    })
    .where(
      and(
        inArray(invoices.id, due),
        inArray(invoices.status, CLAIMABLE),
        or(isNull(invoices.chargingSince), lt(invoices.chargingSince, p.staleBefore)),
      ),
    )
    .returning(claimedColumns);
  return withCards(db, claimed);
}

/**
 * Claims every unpaid invoice of a project for an immediate charge (after a card update): a free
 * invoice gets a new key; one held by a stale claim keeps its key, like `claimDueCharges`, because the
 * run that crashed may have been charged already under it.
 */
export async function claimUnpaidOfProject(
  db: Db,
  p: { projectId: string; now: Date; staleBefore: Date; keySuffix: string },
): Promise<ClaimedCharge[]> {
  const claimed = await db
    .update(invoices)
    .set({
      chargingSince: p.now,
      chargeKey: sql`case when ${invoices.chargingSince} is null or ${invoices.chargeKey} is null then 'invoice:' || ${invoices.id} || ':card:' || ${p.keySuffix} else ${invoices.chargeKey} end`,
    })
    .where(
      and(
        eq(invoices.projectId, p.projectId),
        inArray(invoices.status, CLAIMABLE),
        or(isNull(invoices.chargingSince), lt(invoices.chargingSince, p.staleBefore)),
      ),
    )
    .returning(claimedColumns);
  return withCards(
    db,
    claimed.sort((a, b) => a.number - b.number),
  );
}

/** The outcome of one charge, with the invoice's state after it (computed by the service). */
export interface ChargeOutcome {
  claim: ClaimedCharge;
  ok: boolean;
  reference: string;
  message: string | null;
  attempts: number;
  nextAttemptOn: string | null;
  /** The last retry failed: the project becomes inactive ('payment_failed'). */
  deactivate: boolean;
}

/**
 * Writes the outcomes of charges in one transaction. Each write applies only while the invoice is
 * still held under the same key (a run that took over a stale claim has written already).
 */
export async function recordCharges(db: Db, outcomes: ChargeOutcome[], p: { now: Date; actor: Actor }): Promise<void> {
  if (outcomes.length === 0) return;
  const now = p.now.toISOString();
  // One statement for the whole batch (the rows travel as one JSON parameter): invoices, projects
  // ended by a last failure, and the audit entries of both (every sub-statement sees the rows before it).
  const rows = JSON.stringify(
    outcomes.map((o) => ({
      id: o.claim.id,
      project_id: o.claim.projectId,
      charge_key: o.claim.chargeKey,
      ok: o.ok,
      reference: o.reference,
      message: o.message,
      attempts: o.attempts,
      next_attempt_on: o.ok ? null : o.nextAttemptOn,
      deactivate: o.deactivate,
      data: { chargeKey: o.claim.chargeKey, reference: o.reference || null, message: o.message },
      before: { attempts: o.claim.attempts, nextAttemptOn: o.claim.nextAttemptOn },
      after: { status: o.ok ? 'paid' : 'failed', attempts: o.attempts, nextAttemptOn: o.ok ? null : o.nextAttemptOn },
    })),
  );
  await db.execute(sql`
    with o as (
      select * from json_to_recordset(${rows}::json) as x(id uuid, project_id uuid, charge_key text, ok boolean, reference text,
        message text, attempts int, next_attempt_on date, deactivate boolean, data jsonb, before jsonb, after jsonb)
    ), done as (
      update invoices i set
        status = case when o.ok then 'paid' else 'failed' end,
        attempts = o.attempts,
        next_attempt_on = o.next_attempt_on,
        paid_at = case when o.ok then ${now}::timestamptz else null end,
        gateway_reference = nullif(o.reference, ''),
        last_error = case when o.ok then null else o.message end,
        charging_since = null,
        updated_at = ${now}::timestamptz
      from o
      where i.id = o.id and i.charge_key = o.charge_key and i.status in ('open', 'failed')
      returning i.id, i.project_id, i.status, o.deactivate, o.data, o.before, o.after
    ), prev as (
      select id, status from projects where status <> 'inactive' and id in (select project_id from done where deactivate)
    ), ended as (
      update projects set status = 'inactive', inactive_reason = 'payment_failed', inactive_since = ${now}::timestamptz,
        updated_at = ${now}::timestamptz
      where id in (select id from prev)
      returning id
    ), audit_invoices as (
      insert into audit_log (project_id, actor_type, actor_id, actor_name, action, entity_id, data, before, after)
      select project_id, ${p.actor.type}, ${p.actor.id ?? null}, ${p.actor.name ?? null},
        case when status = 'paid' then 'invoice.paid' else 'invoice.failed' end, id::text, data, before, after
      from done
    )
    insert into audit_log (project_id, actor_type, actor_id, actor_name, action, entity_id, before, after)
    select ended.id, ${p.actor.type}, ${p.actor.id ?? null}, ${p.actor.name ?? null}, 'project.inactive', ended.id::text,
      jsonb_build_object('status', prev.status), '{"status":"inactive","inactiveReason":"payment_failed"}'::jsonb
    from ended join prev on prev.id = ended.id`);
}

/**
 * After a card update: a project inactive for a failed payment whose invoices are all paid becomes
 * active again, invoiced from `resumesOn`. Answers whether it did.
 */
export async function reactivateIfSettled(db: Db, p: { projectId: string; resumesOn: string; now: Date; actor: Actor }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [unpaid] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.projectId, p.projectId), inArray(invoices.status, CLAIMABLE)))
      .limit(1);
    if (unpaid) return false;
    const [done] = await tx
      .update(projects)
      .set({
        status: 'active',
        inactiveReason: null,
        inactiveNote: null,
        inactiveSince: null,
        billingResumesOn: p.resumesOn,
        updatedAt: p.now,
      })
      .where(and(eq(projects.id, p.projectId), eq(projects.status, 'inactive'), eq(projects.inactiveReason, 'payment_failed')))
      .returning({ id: projects.id });
    if (!done) return false;
    await writeAudit(tx, p.actor, {
      projectId: p.projectId,
      action: 'project.reactivated',
      entityId: p.projectId,
      before: { status: 'inactive', inactiveReason: 'payment_failed' },
      after: { status: 'active', billingResumesOn: p.resumesOn },
    });
    return true;
  });
}

// ---- the platform admin's project actions ----

/** Updates a project and writes its audit entry in one transaction; undefined when `where` matched nothing. */
async function changeProject(
  db: Db,
  p: {
    projectId: string;
    set: Partial<typeof projects.$inferInsert>;
    onlyIf?: ReturnType<typeof eq>;
    audit: (before: ProjectRow) => Omit<AuditFields, 'projectId' | 'entityId'>;
    actor: Actor;
  },
): Promise<ProjectRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(projects).where(eq(projects.id, p.projectId)).for('update');
    if (!before) return undefined;
    const [after] = await tx
      .update(projects)
      .set(p.set)
      .where(and(eq(projects.id, p.projectId), p.onlyIf))
      .returning();
    if (!after) return undefined;
    await writeAudit(tx, p.actor, { projectId: p.projectId, entityId: p.projectId, ...p.audit(before) });
    return after;
  });
}

export const reactivateProject = (db: Db, p: { projectId: string; resumesOn: string; now: Date; actor: Actor }) =>
  changeProject(db, {
    projectId: p.projectId,
    set: {
      status: 'active',
      inactiveReason: null,
      inactiveNote: null,
      inactiveSince: null,
      paidUntil: null,
      billingResumesOn: p.resumesOn,
      updatedAt: p.now,
    },
    onlyIf: eq(projects.status, 'inactive'),
    audit: (b) => ({
      action: 'project.reactivated',
      before: { status: b.status, inactiveReason: b.inactiveReason, inactiveNote: b.inactiveNote },
      after: { status: 'active', billingResumesOn: p.resumesOn },
    }),
    actor: p.actor,
  });

export const setProjectPrice = (db: Db, p: { projectId: string; priceAgorot: number; now: Date; actor: Actor }) =>
  changeProject(db, {
    projectId: p.projectId,
    set: { monthlyPriceAgorot: p.priceAgorot, updatedAt: p.now },
    audit: (b) => ({
      action: 'project.price_changed',
      before: { monthlyPriceAgorot: b.monthlyPriceAgorot },
      after: { monthlyPriceAgorot: p.priceAgorot },
    }),
    actor: p.actor,
  });

export const deactivateProject = (db: Db, p: { projectId: string; note: string; now: Date; actor: Actor }) =>
  changeProject(db, {
    projectId: p.projectId,
    set: { status: 'inactive', inactiveReason: 'admin', inactiveNote: p.note, inactiveSince: p.now, updatedAt: p.now },
    onlyIf: ne(projects.status, 'inactive'),
    audit: (b) => ({
      action: 'project.deactivated',
      before: { status: b.status },
      after: { status: 'inactive', inactiveReason: 'admin', inactiveNote: p.note },
    }),
    actor: p.actor,
  });

// ---- reading invoices and the audit log ----

export async function listInvoices(db: Db, projectId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.projectId, projectId)).orderBy(desc(invoices.periodStart));
}

/** One invoice of one project: another project's invoice is not found. */
export async function findInvoice(db: Db, id: string, projectId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.projectId, projectId)))
    .limit(1);
  return row;
}

/** Any project's invoice, for the platform admin who bills every project (docs/product.md "Platform admin"). */
export async function findAnyInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

export async function listAudit(db: Db, projectId: string, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(eq(auditLog.projectId, projectId)).orderBy(desc(auditLog.id)).limit(limit);
}

// ---- one billing run at a time across instances ----

/** The advisory-lock key of the billing run: "Shalav" in ASCII, reserved for billing (docs/decisions/020-billing-engine.md). */
export const BILLING_LOCK_KEY = 0x53_68_61_6c_61_76;

/**
 * Runs `fn` only if no other server instance is running billing: a session-level
 * `pg_try_advisory_lock` on one connection reserved from the pool for the whole run (the run's own
 * statements use the pool as usual). PostgreSQL releases the lock if this process dies. On the
 * embedded database one process owns the data directory (docs/decisions/010-crash-safety.md): no lock
 * is needed. Answers undefined when another instance holds the lock.
 */
export async function withBillingLock<T>(database: Database, fn: () => Promise<T>): Promise<T | undefined> {
  if (!database.pool) return fn();
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [BILLING_LOCK_KEY]);
    if (!rows[0]?.locked) return undefined;
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [BILLING_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The start of a project's last paid period, or null. */
export async function findLastPaidPeriodStart(db: Db, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ start: max(invoices.periodStart) })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.status, 'paid')));
  return row?.start ?? null;
}

/** Per project: the start of its last paid period. */
export async function listLastPaidPeriodStarts(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ projectId: invoices.projectId, start: max(invoices.periodStart) })
    .from(invoices)
    .where(eq(invoices.status, 'paid'))
    .groupBy(invoices.projectId);
  return new Map(rows.flatMap((r) => (r.start ? [[r.projectId, r.start] as const] : [])));
}
