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
} from '#contract/reports.ts';
import { exportWords, isRightToLeft, type reportExportQuery } from '#contract/export-words.ts';
import { exportChunkRows, exportFile, keysetRows, type ExportFileStream } from '../../lib/export-file.ts';
import { takesTurns } from '../../lib/fairness.ts';
import type { ExportValue } from '../../lib/export-columns.ts';
import { badRequest, notFound, sqlState, type AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { UserAuth } from '../../plugins/session.ts';
import * as q from './reports.queries.ts';

type ShortageInput = z.output<typeof shortageInput>;
type MeasurementInput = z.output<typeof measurementInput>;
type ListQuery = z.output<typeof reportListQuery>;
type ExportQuery = z.output<typeof reportExportQuery>;

const SHORTAGE_NOT_FOUND = 'Shortage not found';
const MEASUREMENT_NOT_FOUND = 'Measurement not found';
const FOREIGN_KEY_VIOLATION = '23503';
const noSuchUnit = (number: string) => badRequest('unit_number_unknown', `No unit with number ${number} in this project`, { number });

/** Rows written before the status column was constrained read as pending (docs/product.md "Report status"). */
const statusOf = (s: string): ReportStatus => REPORT_STATUSES.find((known) => known === s) ?? 'pending';

/** The manager's view of a report of either kind. */
function toShortage(r: q.ReportRow, apartmentNumber: string | null): Shortage {
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

/** A measurement's dimensions: its row mapper always reads them. */
export function dimensionsOf(r: q.ReportRow): q.Dimensions {
  if (!r.dimensions) throw new Error(`report ${r.id} has no dimensions`);
  return r.dimensions;
}

/** What differs between the kinds: the input's extra fields, the answer's, and the refusal's words. */
interface ReportKindSpec<Input extends ShortageInput, Answer> {
  kind: q.ReportKind;
  notFound: () => AppError;
  dimensions: (input: Input) => q.Dimensions | null;
  answer: (row: q.ReportRow, apartmentNumber: string | null) => Answer;
}

const SHORTAGE: ReportKindSpec<ShortageInput, Shortage> = {
  kind: 'shortage',
  notFound: () => notFound('shortage_not_found', SHORTAGE_NOT_FOUND),
  dimensions: () => null,
  answer: toShortage,
};

const MEASUREMENT: ReportKindSpec<MeasurementInput, Measurement> = {
  kind: 'measurement',
  notFound: () => notFound('measurement_not_found', MEASUREMENT_NOT_FOUND),
  dimensions: (input) => ({ height: input.height, width: input.width, thickness: input.thickness }),
  answer: (r, apartmentNumber) => ({ ...toShortage(r, apartmentNumber), ...dimensionsOf(r) }),
};

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

/** The table's filters: the export reads them the same way, so the file holds the rows the screen shows. */
const listFilter = (auth: UserAuth, query: ListQuery): q.ReportFilter => ({
  projectId: auth.projectId,
  search: query.search || undefined,
  status: query.status === 'all' ? undefined : query.status,
});

/** The manager's list, create, full update (the dialog sends every field, status included) and delete of one kind. */
function reportService<Input extends ShortageInput, Answer>(spec: ReportKindSpec<Input, Answer>) {
  const valuesOf = (input: Input, unitId: string | null): q.ReportValues => ({
    unitId,
    name: input.name,
    quantity: input.quantity,
    notes: input.notes,
    reportedBy: input.reportedBy,
    status: input.status,
    dimensions: spec.dimensions(input),
  });

  return {
    /** The table; its route computes it once per change of the project and shares its JSON (sendShared, docs/decisions/044-shared-json.md). */
    async list(app: FastifyInstance, auth: UserAuth, query: ListQuery): Promise<Answer[]> {
      const rows = await q.listReports(app.db, spec.kind, listFilter(auth, query));
      return rows.map((r) => spec.answer(r.report, r.apartmentNumber));
    },

    async create(app: FastifyInstance, auth: UserAuth, input: Input): Promise<Answer> {
      const { unitId, apartmentNumber } = await resolveUnit(app, auth, input.apartmentNumber);
      const row = await writing(input.apartmentNumber, () =>
        q.insertReport(app.db, spec.kind, { projectId: auth.projectId, values: valuesOf(input, unitId), now: app.now() }),
      );
      return spec.answer(row, apartmentNumber);
    },

    async update(app: FastifyInstance, auth: UserAuth, id: string, input: Input): Promise<Answer> {
      if (!isUuid(id)) throw spec.notFound();
      const { unitId, apartmentNumber } = await resolveUnit(app, auth, input.apartmentNumber);
      const row = await writing(input.apartmentNumber, () =>
        q.updateReport(app.db, spec.kind, { projectId: auth.projectId, id, values: valuesOf(input, unitId), now: app.now() }),
      );
      if (!row) throw spec.notFound();
      return spec.answer(row, apartmentNumber);
    },

    async remove(app: FastifyInstance, auth: UserAuth, id: string): Promise<void> {
      if (!isUuid(id) || !(await q.deleteReport(app.db, spec.kind, { projectId: auth.projectId, id }))) throw spec.notFound();
    },
  };
}

export const { list: listShortages, create: createShortage, update: updateShortage, remove: deleteShortage } = reportService(SHORTAGE);

export const {
  list: listMeasurements,
  create: createMeasurement,
  update: updateMeasurement,
  remove: deleteMeasurement,
} = reportService(MEASUREMENT);

/**
 * The table as a file (docs/product.md "Exports"): the same filters and order as the list, every
 * row, headers and statuses in the caller's language.
 */

export async function exportReports(
  app: FastifyInstance,
  auth: UserAuth,
  kind: q.ReportKind,
  query: ExportQuery,
  chunkRows = exportChunkRows(app),
): Promise<ExportFileStream> {
  const filter = listFilter(auth, query);
  // Read a keyset chunk at a time from the reports pool (docs/decisions/034-no-tenant-stalls.md).
  const chunked = <Out>(map: (r: Awaited<ReturnType<typeof q.listReportsAfter>>[number]) => Out) =>
    keysetRows({
      chunkRows,
      read: (after: q.ReportCursor | undefined, limit: number) => q.listReportsAfter(app.reportsDb, kind, { ...filter, limit, after }),
      cursorOf: (r) => r.cursor,
      map,
      embedded: takesTurns(app),
    });
  const words = exportWords(query.lang, auth.facilityType);
  const status = (s: string) => words.reportStatus[statusOf(s)];
  const file = { format: query.format, timeZone: auth.timezone, now: app.now() };
  const rightToLeft = isRightToLeft(query.lang);
  if (kind === 'shortage') {
    const c = words.shortages.columns;
    return exportFile(
      {
        name: 'shortages',
        sheetName: words.shortages.sheet,
        rightToLeft,
        columns: [
          { header: c.item, type: 'text' },
          { header: c.quantity, type: 'number' },
          { header: c.unit, type: 'text' },
          { header: c.reportedBy, type: 'text' },
          { header: c.status, type: 'text' },
          { header: c.reportedAt, type: 'datetime' },
          { header: c.notes, type: 'text' },
        ],
        rows: await chunked(({ report: r, apartmentNumber }): ExportValue[] => [
          r.name,
          r.quantity,
          r.unitId ? apartmentNumber : null,
          r.reportedBy,
          status(r.status),
          r.reportedAt,
          r.notes,
        ]),
      },
      file,
    );
  }
  const c = words.measurements.columns;
  return exportFile(
    {
      name: 'measurements',
      sheetName: words.measurements.sheet,
      rightToLeft,
      columns: [
        { header: c.item, type: 'text' },
        { header: c.height, type: 'number' },
        { header: c.width, type: 'number' },
        { header: c.thickness, type: 'number' },
        { header: c.quantity, type: 'number' },
        { header: c.unit, type: 'text' },
        { header: c.reportedBy, type: 'text' },
        { header: c.status, type: 'text' },
        { header: c.reportedAt, type: 'datetime' },
        { header: c.notes, type: 'text' },
      ],
      rows: await chunked(({ report: r, apartmentNumber }): ExportValue[] => {
        const d = dimensionsOf(r);
        return [
          r.name,
          d.height,
          d.width,
          d.thickness,
          r.quantity,
          r.unitId ? apartmentNumber : null,
          r.reportedBy,
          status(r.status),
          r.reportedAt,
          r.notes,
        ];
      }),
    },
    file,
  );
}
