import { describe, expect, it } from 'vitest';
import { TASK_TONE_CLASS, formatDateTime, normalizeStatus, taskTone } from './room-display.ts';

describe('taskTone (the completed-of-total badge)', () => {
  it('is green when every task of today is done', () => {
    expect(taskTone(7, 7)).toBe('all');
    expect(TASK_TONE_CLASS.all).toContain('emerald');
  });
  it('is yellow when some but not all are done', () => {
    expect(taskTone(1, 7)).toBe('some');
    expect(taskTone(6, 7)).toBe('some');
    expect(TASK_TONE_CLASS.some).toContain('amber');
  });
  it('is red when none is done', () => {
    expect(taskTone(0, 3)).toBe('none');
    expect(TASK_TONE_CLASS.none).toContain('red');
  });
  it('is neutral, not green, when the unit has no tasks', () => {
    expect(taskTone(0, 0)).toBe('empty');
    expect(TASK_TONE_CLASS.empty).toContain('slate');
  });
});

describe('normalizeStatus', () => {
  it('keeps the four API statuses and falls back to needs_cleaning for an unknown value', () => {
    expect(normalizeStatus('in_progress')).toBe('in_progress');
    expect(normalizeStatus('inactive')).toBe('inactive');
    expect(normalizeStatus('dirty')).toBe('needs_cleaning');
  });
});

describe('times on the map', () => {
  it("are shown in the project's time zone, not the browser's", () => {
    // 22:30 UTC is already 00:30 the next day in Jerusalem.
    expect(formatDateTime('2026-11-22T22:30:00Z', 'en-GB', 'Asia/Jerusalem')).toBe('23/11/2026, 00:30');
    expect(formatDateTime('2026-11-22T22:30:00Z', 'en-GB', 'UTC')).toBe('22/11/2026, 22:30');
  });
});
