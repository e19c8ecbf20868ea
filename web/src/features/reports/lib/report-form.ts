import type { ReportStatus } from '#contract/reports.ts';
import type { Report, ReportInput } from './report-kind.ts';
import { checkReport, type ReportProblem, type ReportProblems } from '#web/lib/report-validation.ts';

export { MM_MAX, QUANTITY_MAX } from '#web/lib/report-validation.ts';

/** What the dialog's fields hold: text as typed, parsed on the way out. */
export interface ReportDraft {
  name: string;
  quantity: string;
  unitNumber: string;
  reportedBy: string;
  notes: string;
  status: ReportStatus;
  height: string;
  width: string;
  thickness: string;
}

export function draftFrom(report: Report | null): ReportDraft {
  return {
    name: report?.name ?? '',
    quantity: String(report?.quantity ?? 1),
    unitNumber: report?.apartmentNumber ?? '',
    reportedBy: report?.reportedBy ?? '',
    notes: report?.notes ?? '',
    status: report?.status ?? 'pending',
    height: String(report?.height ?? 0),
    width: String(report?.width ?? 0),
    thickness: String(report?.thickness ?? 0),
  };
}

export type DraftProblem = ReportProblem;
export type DraftProblems = ReportProblems;

/** What keeps Save disabled: the rules the worker's form and the server use too (lib/report-validation.ts). */
export function draftProblems(d: ReportDraft, withDimensions: boolean): DraftProblems {
  return checkReport(d, withDimensions).problems;
}

const optional = (s: string) => (s.trim() === '' ? null : s.trim());

/** The request body. The status is sent only when editing: a new report starts as pending on the server. */
export function inputFrom(d: ReportDraft, withDimensions: boolean, editing: boolean): ReportInput {
  const { value } = checkReport(d, withDimensions);
  const base = {
    name: value.name,
    quantity: value.quantity,
    apartmentNumber: optional(d.unitNumber),
    reportedBy: optional(d.reportedBy),
    notes: optional(d.notes),
    ...(editing ? { status: d.status } : {}),
  };
  return withDimensions ? { ...base, height: value.height, width: value.width, thickness: value.thickness } : base;
}
