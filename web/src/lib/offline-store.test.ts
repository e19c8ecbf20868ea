import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicRoom } from '#contract/worker.ts';
import {
  MAX_SAVED_ANSWERS,
  MAX_SAVED_CHARS,
  MAX_SEEN_UNITS,
  clearSavedForTests,
  findSavedAnswer,
  formatSavedAt,
  freeSavedAnswers,
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

  it('keeps the answers within a size too: big answers push the oldest out long before the count bound', () => {
    const big = 'x'.repeat(Math.floor(MAX_SAVED_CHARS / 10));
    for (let i = 0; i < 30; i++) saveAnswer(`/api/big/${i}`, big, 1_000 + i);
    expect(localStorage.getItem('shalav.worker-saved')!.length).toBeLessThanOrEqual(MAX_SAVED_CHARS);
    expect(findSavedAnswer('/api/big/0')).toBeUndefined();
    expect(findSavedAnswer('/api/big/29')?.data).toBe(big);
  });

  it('when the phone storage is full, keeps what fits, the newest answer first', () => {
    const original = Storage.prototype.setItem;
    // A storage that holds 5,000 characters under this key.
    Storage.prototype.setItem = function (key: string, value: string) {
      if (value.length > 5_000) throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    };
    try {
      for (let i = 0; i < 20; i++) saveAnswer(`/api/u/${i}`, 'y'.repeat(1_000), 1_000 + i);
      expect(findSavedAnswer('/api/u/19')).toBeDefined();
      expect(findSavedAnswer('/api/u/0')).toBeUndefined();
    } finally {
      Storage.prototype.setItem = original;
    }
  });

  it('frees the older half of the saved answers on demand (the outbox needs the room)', () => {
    for (let i = 0; i < 4; i++) saveAnswer(`/api/u/${i}`, i, 1_000 + i);
    expect(freeSavedAnswers()).toBe(true);
    expect([0, 1, 2, 3].map((i) => findSavedAnswer(`/api/u/${i}`) !== undefined)).toEqual([false, false, true, true]);
    freeSavedAnswers();
    freeSavedAnswers();
    expect(findSavedAnswer('/api/u/3')).toBeUndefined();
    expect(freeSavedAnswers()).toBe(false);
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
