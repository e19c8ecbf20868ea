import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ReportStatus } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { measurements, shortages, units } from '../../db/schema/index.ts';

type ReportTable = typeof shortages | typeof measurements;
export type ShortageRow = typeof shortages.$inferSelect;
export type MeasurementRow = typeof measurements.$inferSelect;
export interface ReportFilter {
  projectId: string;
  search?: string;
  status?: ReportStatus;
}
/** The columns a manager may write (the project, unit id and timestamps are set by the service). */
interface ReportValues {
  unitId: string | null;
  name: string;
  quantity: number;
  notes: string | null;
  reportedBy: string | null;
  status: ReportStatus;
}
interface Dimensions {
  height: number;
  width: number;
  thickness: number;
}

/** `%` and `_` typed by the manager are literal characters, not wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The tenant, the status and the search (item, worker, notes or unit number, case-insensitive). */
function listWhere(t: ReportTable, p: ReportFilter): SQL | undefined {
  const pattern = p.search ? containing(p.search) : undefined;
  return and(
    eq(t.projectId, p.projectId),
    p.status ? eq(t.status, p.status) : undefined,
    pattern ? or(ilike(t.name, pattern), ilike(t.reportedBy, pattern), ilike(t.notes, pattern), ilike(units.number, pattern)) : undefined,
  );
}

/** The unit join repeats the tenant, so a unit of another project can never lend its number. */
const unitOf = (t: ReportTable) => and(eq(units.id, t.unitId), eq(units.projectId, t.projectId));

/** One statement, newest first, each row with its unit's number (null when none or deleted). */
export async function listShortages(db: Db, p: ReportFilter) {
  return db
    .select({ report: shortages, apartmentNumber: units.number })
    .from(shortages)
    .leftJoin(units, unitOf(shortages))
    .where(listWhere(shortages, p))
    .orderBy(desc(shortages.reportedAt), desc(shortages.id));
}

export async function listMeasurements(db: Db, p: ReportFilter) {
  return db
    .select({ report: measurements, apartmentNumber: units.number })
    .from(measurements)
    .leftJoin(units, unitOf(measurements))
    .where(listWhere(measurements, p))
    .orderBy(desc(measurements.reportedAt), desc(measurements.id));
}

/** A unit of the project by its exact number. */
export async function findUnitByNumber(db: Db, p: { projectId: string; number: string }) {
  const [row] = await db
    .select({ id: units.id, number: units.number })
    .from(units)
    .where(and(eq(units.projectId, p.projectId), eq(units.number, p.number)))
    .limit(1);
  return row;
}

export async function insertShortage(db: Db, p: { projectId: string; values: ReportValues; now: Date }) {
  const [row] = await db
    .insert(shortages)
    .values({ ...p.values, projectId: p.projectId, reportedAt: p.now, updatedAt: p.now })
    .returning();
  return row;
}

export async function insertMeasurement(db: Db, p: { projectId: string; values: ReportValues & Dimensions; now: Date }) {
  const [row] = await db
    .insert(measurements)
    .values({ ...p.values, projectId: p.projectId, reportedAt: p.now, updatedAt: p.now })
    .returning();
  return row;
}

export async function updateShortage(db: Db, p: { projectId: string; id: string; values: ReportValues; now: Date }) {
  const [row] = await db
    .update(shortages)
    .set({ ...p.values, updatedAt: p.now })
    .where(and(eq(shortages.projectId, p.projectId), eq(shortages.id, p.id)))
    .returning();
  return row;
}

export async function updateMeasurement(db: Db, p: { projectId: string; id: string; values: ReportValues & Dimensions; now: Date }) {
  const [row] = await db
    .update(measurements)
    .set({ ...p.values, updatedAt: p.now })
    .where(and(eq(measurements.projectId, p.projectId), eq(measurements.id, p.id)))
    .returning();
  return row;
}

export async function deleteShortage(db: Db, p: { projectId: string; id: string }) {
  const rows = await db
    .delete(shortages)
    .where(and(eq(shortages.projectId, p.projectId), eq(shortages.id, p.id)))
    .returning({ id: shortages.id });
  return rows.length > 0;
}

export async function deleteMeasurement(db: Db, p: { projectId: string; id: string }) {
  const rows = await db
    .delete(measurements)
    .where(and(eq(measurements.projectId, p.projectId), eq(measurements.id, p.id)))
    .returning({ id: measurements.id });
  return rows.length > 0;
}
