import { checkReport, type ReportProblem } from '#web/lib/report-validation.ts';

/**
 * The worker's report forms: the fields as typed, checked by the same rules as the manager's
 * form (lib/report-validation.ts). A shortage has no dimensions.
 */

export type FieldError = ReportProblem;

export interface ShortageValues {
  name: string;
  quantity: string;
}
export interface MeasurementValues extends ShortageValues {
  height: string;
  width: string;
  thickness: string;
}

export const MEASUREMENT_DEFAULTS: MeasurementValues = { name: '', quantity: '1', height: '0', width: '0', thickness: '0' };

export function validateMeasurement(v: MeasurementValues, withDimensions = true) {
  const { problems, value } = checkReport(v, withDimensions);
  return { errors: problems, value };
}
