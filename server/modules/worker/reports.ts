import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { locationNote, type measurementPublicInput, type shortagePublicInput } from '#contract/worker.ts';
import { unprocessable } from '../../lib/errors.ts';
import { findReportByKey, insertReportOnce, type Dimensions, type ReportKind, type ReportRow } from '../reports/reports.queries.ts';
import { dimensionsOf } from '../reports/reports.service.ts';
import { assertAcceptsWork, getUnit } from './facility.ts';

type ShortageInput = z.output<typeof shortagePublicInput>;
type MeasurementInput = z.output<typeof measurementPublicInput>;

const reportAnswer = (r: ReportRow, apartmentId: string) => ({
  id: r.id,
  name: r.name,
  quantity: r.quantity,
  notes: r.notes,
  reportedBy: r.reportedBy,
  apartmentId,
  status: r.status,
  reportedAt: r.reportedAt.toISOString(),
});

/** A replayed key must be the same report (same unit, same item); another request reusing it is refused. */
function assertSameReport(earlier: ReportRow | undefined, unitId: string, name: string): ReportRow {
  if (!earlier || earlier.unitId !== unitId || earlier.name !== name)
    throw unprocessable('idempotency_key_reused', 'This Idempotency-Key was already used for another request');
  return earlier;
}

/** What differs between a worker's shortage and measurement: the dimensions sent, and answered. */
interface PublicReportKind<Input extends ShortageInput, Answer> {
  kind: ReportKind;
  dimensions: (input: Input) => Dimensions | null;
  answer: (row: ReportRow, apartmentId: string) => Answer;
}

/**
 * A worker's report of either kind; the project comes from the unit, never from the request. With an
 * Idempotency-Key, a retry gets the first answer and writes nothing.
 */
async function createPublicReport<Input extends ShortageInput, Answer>(
  app: FastifyInstance,
  spec: PublicReportKind<Input, Answer>,
  input: Input,
  idempotencyKey: string | undefined,
) {
  const { unit, project } = await getUnit(app, input.apartmentId);
  const answer = (row: ReportRow, replay: boolean) => ({
    projectId: project.id,
    unitId: unit.id,
    replay,
    result: spec.answer(row, unit.id),
  });
  const earlier = (key: string) => findReportByKey(app.db, spec.kind, { projectId: project.id, idempotencyKey: key });
  // A retry of a report saved before the project stopped taking work still gets its first answer.
  const first = idempotencyKey ? await earlier(idempotencyKey) : undefined;
  if (first) return answer(assertSameReport(first, unit.id, input.name), true);
  assertAcceptsWork(app, project);
  const row = await insertReportOnce(app.db, spec.kind, {
    projectId: project.id,
    values: {
      unitId: unit.id,
      name: input.name,
      quantity: input.quantity,
      reportedBy: input.reportedBy || null,
      notes: input.notes || locationNote(unit.number, unit.floor),
      dimensions: spec.dimensions(input),
    },
    idempotencyKey: idempotencyKey ?? null,
    now: app.now(),
  });
  // No row: a concurrent request with the same key was first (a key-less insert never conflicts).
  if (row) return answer(row, false);
  return answer(assertSameReport(idempotencyKey ? await earlier(idempotencyKey) : undefined, unit.id, input.name), true);
}

const SHORTAGE: PublicReportKind<ShortageInput, ReturnType<typeof reportAnswer>> = {
  kind: 'shortage',
  dimensions: () => null,
  answer: reportAnswer,
};

const MEASUREMENT: PublicReportKind<MeasurementInput, ReturnType<typeof reportAnswer> & Dimensions> = {
  kind: 'measurement',
  dimensions: (input) => ({ height: input.height, width: input.width, thickness: input.thickness }),
  answer: (r, apartmentId) => ({ ...reportAnswer(r, apartmentId), ...dimensionsOf(r) }),
};

export const createPublicShortage = (app: FastifyInstance, input: ShortageInput, idempotencyKey: string | undefined) =>
  createPublicReport(app, SHORTAGE, input, idempotencyKey);

export const createPublicMeasurement = (app: FastifyInstance, input: MeasurementInput, idempotencyKey: string | undefined) =>
  createPublicReport(app, MEASUREMENT, input, idempotencyKey);
