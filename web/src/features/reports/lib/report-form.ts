import type { ReportStatus } from '../../../../../contract/reports.ts';
import type { Report, ReportInput } from './report-kind.ts';

export const QUANTITY_MAX = 100_000;
export const MM_MAX = 1_000_000;

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

/** Spec §5: a quantity that is not a number (or empty) falls back to 1; fractions are cut. */
export function parseQuantity(text: string): number {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? 1 : Math.trunc(n);
}
/** Spec §5: millimetres that are not a number (or empty) fall back to 0; fractions are cut. */
export function parseMm(text: string): number {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? 0 : Math.trunc(n);
}

export type DraftProblem = 'nameRequired' | 'quantityMin' | 'quantityMax' | 'mmMin' | 'mmMax';
export type DraftProblems = Partial<Record<'name' | 'quantity' | 'height' | 'width' | 'thickness', DraftProblem>>;

/** What keeps Save disabled (spec §5: an empty name or a quantity below 1; and what the server would refuse). */
export function draftProblems(d: ReportDraft, withDimensions: boolean): DraftProblems {
  const problems: DraftProblems = {};
  if (d.name.trim() === '') problems.name = 'nameRequired';
  const q = parseQuantity(d.quantity);
  if (q < 1) problems.quantity = 'quantityMin';
  else if (q > QUANTITY_MAX) problems.quantity = 'quantityMax';
  if (withDimensions) {
    for (const field of ['height', 'width', 'thickness'] as const) {
      const mm = parseMm(d[field]);
      if (mm < 0) problems[field] = 'mmMin';
      else if (mm > MM_MAX) problems[field] = 'mmMax';
    }
  }
  return problems;
}

const optional = (s: string) => (s.trim() === '' ? null : s.trim());

/** The request body. The status is sent only when editing: a new report starts as pending on the server. */
export function inputFrom(d: ReportDraft, withDimensions: boolean, editing: boolean): ReportInput {
  const base = {
    name: d.name.trim(),
    quantity: parseQuantity(d.quantity),
    apartmentNumber: optional(d.unitNumber),
    reportedBy: optional(d.reportedBy),
    notes: optional(d.notes),
    ...(editing ? { status: d.status } : {}),
  };
  return withDimensions ? { ...base, height: parseMm(d.height), width: parseMm(d.width), thickness: parseMm(d.thickness) } : base;
}
