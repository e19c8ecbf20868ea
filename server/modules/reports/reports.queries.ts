import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ReportStatus } from '#contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { num, type RawRow } from '../../db/raw-rows.ts';
import { measurements, shortages, units } from '../../db/schema/index.ts';

/**
 * Shortages and measurements are one thing, a report, in two tables: a measurement is a shortage
 * with its dimensions. Every query here serves both kinds (docs/decisions/019-data-access.md).
 */
const REPORT_TABLES = { shortage: shortages, measurement: measurements } as const;
export type ReportKind = keyof typeof REPORT_TABLES;

/** The columns both tables have: what drizzle types for a query over either of them. */
type CommonRow = typeof shortages.$inferSelect;
/** Millimetres; only measurements have them. */
export interface Dimensions {
  height: number;
  width: number;
  thickness: number;
}
/** A report of either kind; `dimensions` is null for a shortage. */
export type ReportRow = CommonRow & { dimensions: Dimensions | null };

export interface ReportFilter {
  projectId: string;
  search?: string;
  status?: ReportStatus;
}
/** The columns a report is written with (the project and the timestamps are the query's). */
export interface ReportValues {
  unitId: string | null;
  name: string;
  quantity: number;
  notes: string | null;
  reportedBy: string | null;
  /** Absent: the column's default (pending). */
  status?: ReportStatus;
  /** A measurement's dimensions; null for a shortage. */
  dimensions: Dimensions | null;
}

/**
 * The row mapper of every report query. The measurement's row carries its dimensions beside the
 * common columns; they are read here, so that each caller gets one typed shape for both kinds.
 */
function reportRowOf(kind: ReportKind, row: CommonRow): ReportRow {
  const cells: RawRow = row;
  const dimensions =
    kind === 'measurement' ? { height: num(cells.height), width: num(cells.width), thickness: num(cells.thickness) } : null;
  return { ...row, dimensions };
}

/** The columns to write: the common ones, and a measurement's dimensions. */
function columnsOf(v: ReportValues) {
  const { dimensions, ...common } = v;
  const columns: Omit<typeof shortages.$inferInsert, 'projectId'> & Partial<Dimensions> = { ...common, ...dimensions };
  return columns;
}

/** `%` and `_` typed by the manager are literal characters, not wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The tenant, the status and the search (item, worker, notes or unit number, case-insensitive). */
function listWhere(kind: ReportKind, p: ReportFilter): SQL | undefined {
  const t = REPORT_TABLES[kind];
  const pattern = p.search ? containing(p.search) : undefined;
  return and(
    eq(t.projectId, p.projectId),
    p.status ? eq(t.status, p.status) : undefined,
    pattern ? or(ilike(t.name, pattern), ilike(t.reportedBy, pattern), ilike(t.notes, pattern), ilike(units.number, pattern)) : undefined,
  );
}

const scoped = (kind: ReportKind, p: { projectId: string; id: string }) => {
  const t = REPORT_TABLES[kind];
  return and(eq(t.projectId, p.projectId), eq(t.id, p.id));
};

/**
 * One statement, newest first, each row with its unit's number (null when none or deleted). The unit
 * join repeats the tenant, so a unit of another project can never lend its number.
 */
export async function listReports(db: Db, kind: ReportKind, p: ReportFilter) {
  const t = REPORT_TABLES[kind];
  const rows = await db
    .select({ report: t, apartmentNumber: units.number })
    .from(t)
    .leftJoin(units, and(eq(units.id, t.unitId), eq(units.projectId, t.projectId)))
    .where(listWhere(kind, p))
    .orderBy(desc(t.reportedAt), desc(t.id));
  return rows.map((r) => ({ report: reportRowOf(kind, r.report), apartmentNumber: r.apartmentNumber }));
}

/** Where a keyset chunk of an export starts: the last row's reported_at (as the database writes it) and id. */
export interface ReportCursor {
  reportedAt: string;
  id: string;
}

/**
 * The export's chunk (docs/decisions/034-no-tenant-stalls.md): up to `limit` rows after `after` in
 * listReports' order (newest first, id the tie-breaker), found by the key rather than by skipping.
 */
export async function listReportsAfter(db: Db, kind: ReportKind, p: ReportFilter & { limit: number; after?: ReportCursor }) {
  const t = REPORT_TABLES[kind];
  const after = p.after ? sql`(${t.reportedAt}, ${t.id}) < (${p.after.reportedAt}::timestamptz, ${p.after.id}::uuid)` : undefined;
  const rows = await db
    .select({ report: t, apartmentNumber: units.number, cursorAt: sql<string>`${t.reportedAt}::text` })
    .from(t)
    .leftJoin(units, and(eq(units.id, t.unitId), eq(units.projectId, t.projectId)))
    .where(and(listWhere(kind, p), after))
    .orderBy(desc(t.reportedAt), desc(t.id))
    .limit(p.limit);
  return rows.map((r) => ({
    report: reportRowOf(kind, r.report),
    apartmentNumber: r.apartmentNumber,
    cursor: { reportedAt: r.cursorAt, id: r.report.id },
  }));
}

/**
 * A unit of the project by its number, without regard to case (docs/product.md "Working without
 * signal"); where look-alike labels from before still exist, the exact one wins.
 */
export async function findUnitByNumber(db: Db, p: { projectId: string; number: string }) {
  const [row] = await db
    .select({ id: units.id, number: units.number })
    .from(units)
    .where(and(eq(units.projectId, p.projectId), eq(sql`lower(${units.number})`, p.number.toLowerCase())))
    .orderBy(sql`${units.number} = ${p.number} desc`)
    .limit(1);
  return row;
}

export async function insertReport(
  db: Db,
  kind: ReportKind,
  p: { projectId: string; values: ReportValues; now: Date },
): Promise<ReportRow> {
  const [row] = await db
    .insert(REPORT_TABLES[kind])
    .values({ ...columnsOf(p.values), projectId: p.projectId, reportedAt: p.now, updatedAt: p.now })
    .returning();
  return reportRowOf(kind, row);
}

/**
 * Inserts a report sent with an Idempotency-Key, unless the project has one with that key already
 * (then undefined: the caller answers with the earlier one).
 */
export async function insertReportOnce(
  db: Db,
  kind: ReportKind,
  p: { projectId: string; values: ReportValues; idempotencyKey: string | null; now: Date },
): Promise<ReportRow | undefined> {
  const [row] = await db
    .insert(REPORT_TABLES[kind])
    .values({ ...columnsOf(p.values), projectId: p.projectId, idempotencyKey: p.idempotencyKey, reportedAt: p.now })
    .onConflictDoNothing()
    .returning();
  return row && reportRowOf(kind, row);
}

export async function findReportByKey(
  db: Db,
  kind: ReportKind,
  p: { projectId: string; idempotencyKey: string },
): Promise<ReportRow | undefined> {
  const t = REPORT_TABLES[kind];
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.projectId, p.projectId), eq(t.idempotencyKey, p.idempotencyKey)))
    .limit(1);
  return row && reportRowOf(kind, row);
}

/** A full replacement of the report's columns; undefined when the project has no such report. */
export async function updateReport(db: Db, kind: ReportKind, p: { projectId: string; id: string; values: ReportValues; now: Date }) {
  const [row] = await db
    .update(REPORT_TABLES[kind])
    .set({ ...columnsOf(p.values), updatedAt: p.now })
    .where(scoped(kind, p))
    .returning();
  return row && reportRowOf(kind, row);
}

/** Whether the project had the report (it is gone now). */
export async function deleteReport(db: Db, kind: ReportKind, p: { projectId: string; id: string }): Promise<boolean> {
  const t = REPORT_TABLES[kind];
  const rows = await db.delete(t).where(scoped(kind, p)).returning({ id: t.id });
  return rows.length > 0;
}
