import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicRoom } from '../../../contract/worker.ts';
import {
  MAX_SAVED_ANSWERS,
  MAX_SEEN_UNITS,
  clearSavedForTests,
  findSavedAnswer,
  formatSavedAt,
  isOffline,
  rememberUnits,
  saveAnswer,
  seenUnits,
  suggestSeenUnits,
} from './offline-store.ts';
import { ApiError } from './api.ts';

const unit = (id: string, number: string): PublicRoom => ({
  id,
  number,
  name: null,
  description: null,
  floor: 1,
  type: 'apartment',
  facilityType: 'construction',
  status: 'in_progress',
});

beforeEach(() => clearSavedForTests());

describe('what the worker pages keep on the phone', () => {
  it('keeps at most the bound of answers, dropping the oldest first', () => {
    for (let i = 0; i <= MAX_SAVED_ANSWERS; i++) saveAnswer(`/api/u/${i}`, { i }, 1_000 + i);
    expect(findSavedAnswer('/api/u/0')).toBeUndefined();
    expect(findSavedAnswer('/api/u/1')).toEqual({ data: { i: 1 }, at: 1_001 });
    expect(findSavedAnswer(`/api/u/${MAX_SAVED_ANSWERS}`)?.data).toEqual({ i: MAX_SAVED_ANSWERS });
  });

  it('never breaks the page when storage refuses', () => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(() => saveAnswer('/api/x', 1)).not.toThrow();
      expect(() => rememberUnits('qr1', [unit('a', 'A1')])).not.toThrow();
    } finally {
      Storage.prototype.setItem = original;
    }
  });

  it('suggests the seen units of that project only, exact number first, regardless of case', () => {
    rememberUnits('qr1', [unit('1', 'B101'), unit('2', 'A101'), unit('3', 'a10')]);
    rememberUnits('qr2', [unit('9', 'A10')]);
    expect(suggestSeenUnits('qr1', 'a10').map((u) => u.number)).toEqual(['a10', 'A101']);
    expect(suggestSeenUnits('qr1', '101').map((u) => u.number)).toEqual(['A101', 'B101']);
    expect(suggestSeenUnits('qr3', 'a10')).toEqual([]);
  });

  it('keeps the newest units of a project, each once, up to the bound', () => {
    rememberUnits('qr1', [unit('1', 'A1')]);
    rememberUnits('qr1', [unit('1', 'A1'), unit('2', 'A2')]);
    expect(seenUnits('qr1').map((u) => u.id)).toEqual(['1', '2']);
    rememberUnits(
      'qr1',
      Array.from({ length: MAX_SEEN_UNITS + 5 }, (_, i) => unit(`n${i}`, `N${i}`)),
    );
    expect(seenUnits('qr1')).toHaveLength(MAX_SEEN_UNITS);
  });

  it('says the time, and the date too when it is not from today', () => {
    const now = new Date(2026, 10, 23, 15, 0);
    expect(formatSavedAt(new Date(2026, 10, 23, 8, 5).getTime(), 'en-GB', now)).toBe('08:05');
    expect(formatSavedAt(new Date(2026, 10, 21, 8, 5).getTime(), 'en-GB', now)).toBe('21 Nov 08:05');
  });

  it('counts a failed fetch as no network, and a refusal from the server never', () => {
    expect(isOffline(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOffline(new ApiError(404, { code: 'unit_not_found', message: 'x' }, 'x'))).toBe(false);
  });
});
