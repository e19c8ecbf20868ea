/**
 * The worker's report forms (spec §5): item name required; quantity a whole number, 1 when empty,
 * at least 1; height, width and thickness whole millimetres, 0 when empty, at least 0.
 */

export type FieldError = 'itemRequired' | 'quantityMin' | 'dimensionMin';

/** '' → fallback; otherwise a whole number ≥ min, or undefined when it is not one. */
export function parseWhole(raw: string, fallback: number, min: number): number | undefined {
  const v = raw.trim();
  if (v === '') return fallback;
  if (!/^-?\d+$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
}

export interface ShortageValues {
  name: string;
  quantity: string;
}
export interface MeasurementValues extends ShortageValues {
  height: string;
  width: string;
  thickness: string;
}

export const SHORTAGE_DEFAULTS: ShortageValues = { name: '', quantity: '1' };
export const MEASUREMENT_DEFAULTS: MeasurementValues = { name: '', quantity: '1', height: '0', width: '0', thickness: '0' };

export function validateShortage(v: ShortageValues) {
  const errors: Partial<Record<keyof ShortageValues, FieldError>> = {};
  const name = v.name.trim();
  if (!name) errors.name = 'itemRequired';
  const quantity = parseWhole(v.quantity, 1, 1);
  if (quantity === undefined) errors.quantity = 'quantityMin';
  return { errors, value: { name, quantity: quantity ?? 1 } };
}

export function validateMeasurement(v: MeasurementValues) {
  const base = validateShortage(v);
  const errors: Partial<Record<keyof MeasurementValues, FieldError>> = { ...base.errors };
  const dims = { height: 0, width: 0, thickness: 0 };
  for (const key of ['height', 'width', 'thickness'] as const) {
    const n = parseWhole(v[key], 0, 0);
    if (n === undefined) errors[key] = 'dimensionMin';
    else dims[key] = n;
  }
  return { errors, value: { ...base.value, ...dims } };
}
