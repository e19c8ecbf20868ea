import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  REPORT_STATUSES,
  type Measurement,
  type ReportStatus,
  type Shortage,
  type measurementInput,
  type reportListQuery,
  type shortageInput,
} from '../../../contract/reports.ts';
import { badRequest, notFound, sqlState } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { UserAuth } from '../../plugins/session.ts';
import * as q from './reports.queries.ts';

type ShortageInput = z.output<typeof shortageInput>;
type MeasurementInput = z.output<typeof measurementInput>;
type ListQuery = z.output<typeof reportListQuery>;

const SHORTAGE_NOT_FOUND = 'Shortage not found';
const MEASUREMENT_NOT_FOUND = 'Measurement not found';
const FOREIGN_KEY_VIOLATION = '23503';
const noSuchUnit = (number: string) => badRequest('unit_number_unknown', `No unit with number ${number} in this project`, { number });

/** Rows written before the status column was constrained read as pending (the spec's display default). */
const statusOf = (s: string): ReportStatus => ((REPORT_STATUSES as readonly string[]).includes(s) ? (s as ReportStatus) : 'pending');

function toShortage(r: q.ShortageRow | q.MeasurementRow, apartmentNumber: string | null): Shortage {
  return {
    id: r.id,
    name: r.name,
    quantity: r.quantity,
    notes: r.notes,
    reportedBy: r.reportedBy,
    apartmentId: r.unitId,
    apartmentNumber: r.unitId ? apartmentNumber : null,
    status: statusOf(r.status),
    reportedAt: r.reportedAt.toISOString(),
  };
}

const toMeasurement = (r: q.MeasurementRow, apartmentNumber: string | null): Measurement => ({
  ...toShortage(r, apartmentNumber),
  height: r.height,
  width: r.width,
  thickness: r.thickness,
});

const filterOf = (auth: UserAuth, query: ListQuery): q.ReportFilter => ({
  projectId: auth.projectId,
  search: query.search || undefined,
  status: query.status === 'all' ? undefined : query.status,
});

export async function listShortages(app: FastifyInstance, auth: UserAuth, query: ListQuery): Promise<Shortage[]> {
  const rows = await q.listShortages(app.db, filterOf(auth, query));
  return rows.map((r) => toShortage(r.report, r.apartmentNumber));
}

export async function listMeasurements(app: FastifyInstance, auth: UserAuth, query: ListQuery): Promise<Measurement[]> {
  const rows = await q.listMeasurements(app.db, filterOf(auth, query));
  return rows.map((r) => toMeasurement(r.report, r.apartmentNumber));
}

/**
 * The manager names the unit by its number (as typed in the dialog); it must be a unit of the
 * caller's project. No number: the report belongs to no unit.
 */
async function resolveUnit(app: FastifyInstance, auth: UserAuth, number: string | null) {
  if (!number) return { unitId: null, apartmentNumber: null };
  const unit = await q.findUnitByNumber(app.db, { projectId: auth.projectId, number });
  if (!unit) throw noSuchUnit(number);
  return { unitId: unit.id, apartmentNumber: unit.number };
}

/** The unit may be deleted between the lookup and the write: the foreign key refuses it, and so do we. */
async function writing<T>(number: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (number && sqlState(err) === FOREIGN_KEY_VIOLATION) throw noSuchUnit(number);
    throw err;
  }
}

const commonValues = (input: ShortageInput, unitId: string | null) => ({
  unitId,
  name: input.name,
  quantity: input.quantity,
  notes: input.notes,
  reportedBy: input.reportedBy,
  status: input.status,
});
const measurementValues = (input: MeasurementInput, unitId: string | null) => ({
  ...commonValues(input, unitId),
  height: input.height,
  width: input.width,
  thickness: input.thickness,
});

export async function createShortage(app: FastifyInstance, auth: UserAuth, input: ShortageInput): Promise<Shortage> {
  const { unitId, apartmentNumber } = await resolveUnit(app, auth, input.apartmentNumber);
  const row = await writing(input.apartmentNumber, () =>
    q.insertShortage(app.db, { projectId: auth.projectId, values: commonValues(input, unitId), now: app.now() }),
  );
  return toShortage(row, apartmentNumber);
}

export async function createMeasurement(app: FastifyInstance, auth: UserAuth, input: MeasurementInput): Promise<Measurement> {
  const { unitId, apartmentNumber } = await resolveUnit(app, auth, input.apartmentNumber);
  const row = await writing(input.apartmentNumber, () =>
    q.insertMeasurement(app.db, { projectId: auth.projectId, values: measurementValues(input, unitId), now: app.now() }),
  );
  return toMeasurement(row, apartmentNumber);
}

/** A full replacement (the dialog sends every field, status included). */
export async function updateShortage(app: FastifyInstance, auth: UserAuth, id: string, input: ShortageInput): Promise<Shortage> {
  if (!isUuid(id)) throw notFound('shortage_not_found', SHORTAGE_NOT_FOUND);
  const { unitId, apartmentNumber } = await resolveUnit(app, auth, input.apartmentNumber);
  const row = await writing(input.apartmentNumber, () =>
    q.updateShortage(app.db, { projectId: auth.projectId, id, values: commonValues(input, unitId), now: app.now() }),
  );
  if (!row) throw notFound('shortage_not_found', SHORTAGE_NOT_FOUND);
  return toShortage(row, apartmentNumber);
}

export async function updateMeasurement(app: FastifyInstance, auth: UserAuth, id: string, input: MeasurementInput): Promise<Measurement> {
  if (!isUuid(id)) throw notFound('measurement_not_found', MEASUREMENT_NOT_FOUND);
  const { unitId, apartmentNumber } = await resolveUnit(app, auth, input.apartmentNumber);
  const row = await writing(input.apartmentNumber, () =>
    q.updateMeasurement(app.db, { projectId: auth.projectId, id, values: measurementValues(input, unitId), now: app.now() }),
  );
  if (!row) throw notFound('measurement_not_found', MEASUREMENT_NOT_FOUND);
  return toMeasurement(row, apartmentNumber);
}

export async function deleteShortage(app: FastifyInstance, auth: UserAuth, id: string) {
  if (!isUuid(id) || !(await q.deleteShortage(app.db, { projectId: auth.projectId, id }))) throw notFound('shortage_not_found', SHORTAGE_NOT_FOUND);
}

export async function deleteMeasurement(app: FastifyInstance, auth: UserAuth, id: string) {
  if (!isUuid(id) || !(await q.deleteMeasurement(app.db, { projectId: auth.projectId, id }))) throw notFound('measurement_not_found', MEASUREMENT_NOT_FOUND);
}
