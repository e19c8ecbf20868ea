import { describe, expect, it } from 'vitest';
import { resolveUnit } from './unit-match.ts';

const unit = (id: string, number: string) => ({ id, number, name: null });

describe('resolveUnit', () => {
  it('picks A101 for "a101", without regard to case', () => {
    const units = [unit('u1', 'A101'), unit('u2', 'B101'), unit('u3', 'A1010')];
    expect(resolveUnit(units, 'a101').chosen?.id).toBe('u1');
    expect(resolveUnit(units, ' A101 ').chosen?.id).toBe('u1');
  });

  it('chooses neither of two units differing only in case, and offers both to tap', () => {
    const units = [unit('u1', 'A101'), unit('u2', 'a101'), unit('u3', 'B7')];
    for (const typed of ['a101', 'A101']) {
      const { matches, chosen } = resolveUnit(units, typed);
      expect(chosen).toBeNull();
      expect(matches.map((u) => u.id)).toEqual(['u1', 'u2']);
    }
  });

  it('still picks the only match and the exact number among longer ones', () => {
    const units = [unit('u1', '12'), unit('u2', '112'), unit('u3', 'C205')];
    expect(resolveUnit(units, '12').chosen?.id).toBe('u1');
    expect(resolveUnit(units, 'c20').chosen?.id).toBe('u3');
    expect(resolveUnit(units, '1').chosen).toBeNull();
  });
});
