import { describe, expect, it } from 'vitest';
import { measurementInput, shortageInput } from '#contract/reports.ts';
import { measurementPublicInput, shortagePublicInput } from '#contract/worker.ts';
import { draftFrom, draftProblems, inputFrom } from '#web/features/reports/lib/report-form.ts';
import { MEASUREMENT_DEFAULTS, validateMeasurement } from '#web/features/work-tasks/lib/report-form.ts';
import { MM_MAX, QUANTITY_MAX } from './report-validation.ts';

/** Quantity as typed → what both forms make of it: a number, or the problem they show. */
const QUANTITIES: [string, number | 'quantityMin' | 'quantityMax'][] = [
  ['', 1],
  ['1', 1],
  [' 4 ', 4],
  ['2.5', 'quantityMin'],
  ['3.0', 3],
  ['0', 'quantityMin'],
  ['-1', 'quantityMin'],
  ['abc', 'quantityMin'],
  ['1e3', 1000],
  [String(QUANTITY_MAX), QUANTITY_MAX],
  [String(QUANTITY_MAX + 1), 'quantityMax'],
];
const MILLIMETRES: [string, number | 'mmMin' | 'mmMax'][] = [
  ['', 0],
  ['0', 0],
  ['1200', 1200],
  ['2.5', 'mmMin'],
  ['-1', 'mmMin'],
  ['x', 'mmMin'],
  [String(MM_MAX), MM_MAX],
  [String(MM_MAX + 1), 'mmMax'],
];

function worker(quantity: string, mm = '0') {
  const { errors, value } = validateMeasurement({ ...MEASUREMENT_DEFAULTS, name: 'Tiles', quantity, height: mm, width: mm, thickness: mm });
  return { quantity: errors.quantity ?? value.quantity, height: errors.height ?? value.height };
}
function manager(quantity: string, mm = '0') {
  const draft = { ...draftFrom(null), name: 'Tiles', quantity, height: mm, width: mm, thickness: mm };
  const problems = draftProblems(draft, true);
  const input = inputFrom(draft, true, false) as { quantity: number; height: number };
  return { quantity: problems.quantity ?? input.quantity, height: problems.height ?? input.height };
}

describe('report validation: the worker and the manager forms agree, with the server', () => {
  it.each(QUANTITIES)('quantity %j → %j on both forms', (text, expected) => {
    expect(worker(text).quantity).toBe(expected);
    expect(manager(text).quantity).toBe(expected);
  });

  it.each(MILLIMETRES)('millimetres %j → %j on both forms', (text, expected) => {
    expect(worker('1', text).height).toBe(expected);
    expect(manager('1', text).height).toBe(expected);
  });

  it.each(QUANTITIES)('quantity %j: both APIs accept exactly what the forms accept', (text, expected) => {
    const accepted = typeof expected === 'number';
    // The worker API takes the text as typed (an empty quantity is 1 there too).
    expect(shortagePublicInput.safeParse({ name: 'Tiles', quantity: text.trim(), apartmentId: 'r1' }).success).toBe(accepted);
    // The manager's form sends the number it parsed.
    if (accepted) expect(shortageInput.safeParse({ name: 'Tiles', quantity: expected }).success).toBe(true);
    else expect(shortageInput.safeParse({ name: 'Tiles', quantity: text }).success).toBe(false);
  });

  it.each(MILLIMETRES)('millimetres %j: both APIs accept exactly what the forms accept', (text, expected) => {
    const accepted = typeof expected === 'number';
    const worker = { name: 'Tiles', apartmentId: 'r1', height: text, width: '1', thickness: '1' };
    expect(measurementPublicInput.safeParse(worker).success).toBe(accepted);
    const manager = { name: 'Tiles', quantity: 1, width: 1, height: accepted ? expected : text };
    expect(measurementInput.safeParse(manager).success).toBe(accepted);
  });

  it('both forms require an item name (spaces are not one)', () => {
    expect(validateMeasurement({ ...MEASUREMENT_DEFAULTS, name: '  ' }).errors.name).toBe('nameRequired');
    expect(draftProblems({ ...draftFrom(null), name: '  ' }, false).name).toBe('nameRequired');
  });

  it('a shortage ignores the dimension fields on both forms', () => {
    expect(validateMeasurement({ ...MEASUREMENT_DEFAULTS, name: 'Tiles', height: '-5' }, false).errors).toEqual({});
    expect(draftProblems({ ...draftFrom(null), name: 'Tiles', height: '-5' }, false)).toEqual({});
  });
});
