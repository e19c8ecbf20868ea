import type { z } from 'zod';
import { measurementInput, shortageInput } from '#contract/reports.ts';
import { measurementPublicInput, shortagePublicInput } from '#contract/worker.ts';

/**
 * The one client check of a shortage or measurement form, for the worker's dialog and the manager's
 * alike, so the two cannot disagree. It runs the fields through the contract's own schemas (the
 * worker API's, which also turn an empty quantity into 1 and empty millimetres into 0 as
 * docs/product.md, "Reports", asks): whatever passes here the server accepts, and nothing else does —
 * "2.5" is not a quantity, nor "abc"; "1e3" is 1000. The manager API's schemas have the same bounds
 * (report-validation.test.ts holds them to it).
 */

export const QUANTITY_MAX = shortageInput.shape.quantity.maxValue ?? 100_000;
export const MM_MAX = measurementInput.shape.height.maxValue ?? 1_000_000;

export type ReportProblem = 'nameRequired' | 'quantityMin' | 'quantityMax' | 'mmMin' | 'mmMax';
export type ReportField = 'name' | 'quantity' | 'height' | 'width' | 'thickness';
export type ReportProblems = Partial<Record<ReportField, ReportProblem>>;

/** The fields as typed; the dimensions only matter with `withDimensions`. */
export interface ReportText {
  name: string;
  quantity: string;
  height?: string;
  width?: string;
  thickness?: string;
}
export interface ReportValues {
  name: string;
  quantity: number;
  height: number;
  width: number;
  thickness: number;
}

const DIMENSIONS = ['height', 'width', 'thickness'] as const;

/** The number a field holds, or whether it is too small (or not a whole number) or too large. */
function parseNumber(schema: z.ZodType<number, unknown>, text: string): number | 'min' | 'max' {
  const result = schema.safeParse(text.trim());
  if (result.success) return result.data;
  if (result.error.issues.some((i) => i.code === 'too_big')) return 'max';
  // Below the minimum, empty of digits, or a fraction: the dialogs say "a whole number, n or more".
  return 'min';
}

export function checkReport(text: ReportText, withDimensions: boolean): { problems: ReportProblems; value: ReportValues } {
  const problems: ReportProblems = {};
  const value: ReportValues = { name: text.name.trim(), quantity: 1, height: 0, width: 0, thickness: 0 };
  if (!shortagePublicInput.shape.name.safeParse(text.name).success) problems.name = 'nameRequired';
  const quantity = parseNumber(shortagePublicInput.shape.quantity, text.quantity);
  if (quantity === 'min') problems.quantity = 'quantityMin';
  else if (quantity === 'max') problems.quantity = 'quantityMax';
  else value.quantity = quantity;
  if (withDimensions) {
    for (const field of DIMENSIONS) {
      const mm = parseNumber(measurementPublicInput.shape[field], text[field] ?? '');
      if (mm === 'min') problems[field] = 'mmMin';
      else if (mm === 'max') problems[field] = 'mmMax';
      else value[field] = mm;
    }
  }
  return { problems, value };
}
