import { describe, expect, it } from 'vitest';
import { A4, AVERY_L7160, LABELS_PER_SHEET, floorPrefixes, labelsPerPage, paginate, selectUnits } from './label-layout.ts';

const unit = (number: string) => ({ id: `id-${number}`, number });
const numbers = (us: { number: string }[]) => us.map((u) => u.number);

describe('Avery L7160 layout', () => {
  it('is 3 × 7 labels whose grid, margins and gaps fill an A4 page exactly', () => {
    const a = AVERY_L7160;
    expect(LABELS_PER_SHEET).toBe(21);
    expect(2 * a.marginSide + a.columns * a.labelWidth + (a.columns - 1) * a.columnGap).toBeCloseTo(A4.width, 6);
    expect(2 * a.marginTop + a.rows * a.labelHeight + (a.rows - 1) * a.rowGap).toBeCloseTo(A4.height, 6);
  });

  it('splits n labels into ceil(n / 21) pages of 21, the rest on the last', () => {
    const units = Array.from({ length: 50 }, (_, i) => unit(`A${i + 1}`));
    const pages = paginate(units, labelsPerPage('avery'));
    expect(pages.map((p) => p.length)).toEqual([21, 21, 8]);
    expect(pages.flat()).toEqual(units);
    expect(paginate(units.slice(0, 21), 21)).toHaveLength(1);
    expect(paginate(units.slice(0, 22), 21)).toHaveLength(2);
    expect(paginate([], 21)).toEqual([]);
    expect(paginate(units, labelsPerPage('single'))).toHaveLength(50);
  });
});

describe('selectUnits', () => {
  const units = ['B202', 'A101', 'b201', 'C301', 'B-9', '201', 'AB1'].map(unit);

  it('by floor prefix keeps the numbers starting with it, case-insensitively, in map order', () => {
    expect(numbers(selectUnits(units, { mode: 'prefix', prefix: 'B' }))).toEqual(['B-9', 'b201', 'B202']);
    expect(numbers(selectUnits(units, { mode: 'prefix', prefix: ' a ' }))).toEqual(['AB1', 'A101']);
    expect(numbers(selectUnits(units, { mode: 'prefix', prefix: '2' }))).toEqual(['201']);
  });

  it('with an empty prefix selects nothing rather than everything', () => {
    expect(selectUnits(units, { mode: 'prefix', prefix: '  ' })).toEqual([]);
  });

  it('all and picked', () => {
    expect(selectUnits(units, { mode: 'all' })).toHaveLength(units.length);
    expect(numbers(selectUnits(units, { mode: 'picked', ids: new Set(['id-C301', 'id-A101']) }))).toEqual(['A101', 'C301']);
  });
});

describe('floorPrefixes', () => {
  it('offers the letters before the digits, or the floor digits of numeric units, each once', () => {
    expect(floorPrefixes(['A101', 'A102', 'b201', 'B-202', 'P1', '101', '1203', '12'].map(unit))).toEqual(['1', '12', 'A', 'B', 'P']);
  });
});
