import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/constants.ts';
import { DEFAULT_CLEANING_TASKS, DEFAULT_INSPECTION_TASKS } from '#contract/default-tasks.ts';
import {
  buildSchedulePayload,
  defaultRows,
  editRow,
  emptyRow,
  parseMinutes,
  projectDefaultRows,
  validationLimit,
  type TaskRow,
} from './task-rows.ts';
import { filterUnits, emptyFilter } from './unit-filter.ts';
import type { Room } from '#contract/rooms.ts';
import { createScheduleInput } from '#contract/schedules.ts';

const named = (name: string, patch: Partial<TaskRow> = {}): TaskRow => ({ ...emptyRow(), name, ...patch });

describe('parseMinutes', () => {
  it('falls back to 10 on blank or non-numeric input', () => {
    expect(parseMinutes('')).toBe(10);
    expect(parseMinutes('   ')).toBe(10);
    expect(parseMinutes('abc')).toBe(10);
    expect(parseMinutes('1e999')).toBe(10);
  });
  it('clamps out-of-range numbers to 1..120 and rounds fractions', () => {
    expect(parseMinutes('0')).toBe(1);
    expect(parseMinutes('-5')).toBe(1);
    expect(parseMinutes('121')).toBe(120);
    expect(parseMinutes('500')).toBe(120);
    expect(parseMinutes('7.6')).toBe(8);
    expect(parseMinutes(' 45 ')).toBe(45);
  });
});

describe('defaultRows', () => {
  it('gives the seven inspection stages in the reader language with every locale as translations', () => {
    const rows = defaultRows('ru');
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => Number(r.estimatedMinutes))).toEqual([30, 20, 25, 15, 10, 20, 15]);
    expect(rows.map((r) => r.requiresPhoto)).toEqual([true, true, false, true, false, true, false]);
    expect(rows[0].name).toBe(DEFAULT_INSPECTION_TASKS[0].text.ru.name);
    expect(Object.keys(rows[0].translations ?? {}).sort()).toEqual([...LOCALES].sort());
    expect(rows[0].translations?.am?.name).toBe(DEFAULT_INSPECTION_TASKS[0].text.am.name);
    expect(rows.every((r) => r.recurrence === 'once')).toBe(true);
  });

  it('gives cleaning projects the daily cleaning routine instead of the inspection stages', () => {
    const rows = projectDefaultRows('he', 'daily');
    expect(rows.map((r) => r.name)).toEqual(DEFAULT_CLEANING_TASKS.map((t) => t.text.he.name));
    expect(rows.every((r) => r.recurrence === 'daily')).toBe(true);
    expect(projectDefaultRows('he', 'once')).toHaveLength(7);
  });

  it('drops the translations of a row whose name is edited, keeps them for other edits', () => {
    const [row] = defaultRows('en');
    expect(editRow(row, { requiresPhoto: false }).translations).not.toBeNull();
    expect(editRow(row, { name: 'Something else' }).translations).toBeNull();
    expect(editRow(row, { description: 'changed' }).translations).toBeNull();
  });
});

describe('buildSchedulePayload', () => {
  it('requires a unit in single mode and units in bulk mode', () => {
    const rows = [named('Paint')];
    expect(buildSchedulePayload({ mode: 'single', roomId: '', roomIds: ['a'], rows })).toEqual({ ok: false, error: 'selectRoom' });
    expect(buildSchedulePayload({ mode: 'bulk', roomId: 'a', roomIds: [], rows })).toEqual({ ok: false, error: 'selectRooms' });
  });

  it('drops blank-named tasks and refuses a list with none left', () => {
    expect(buildSchedulePayload({ mode: 'single', roomId: 'u1', roomIds: [], rows: [named(''), named('   ')] })).toEqual({
      ok: false,
      error: 'addTask',
    });
    const result = buildSchedulePayload({
      mode: 'single',
      roomId: 'u1',
      roomIds: [],
      rows: [named('  Tiles  ', { estimatedMinutes: 'x' }), named(' ')],
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        roomId: 'u1',
        taskTemplates: [
          { name: 'Tiles', description: null, requiresPhoto: false, estimatedMinutes: 10, recurrence: 'once', translations: null },
        ],
      },
    });
  });

  it('builds a body the API contract accepts, defaults with translations included', () => {
    const result = buildSchedulePayload({ mode: 'bulk', roomId: '', roomIds: ['a', 'b'], rows: defaultRows('hi') });
    expect(result.ok).toBe(true);
    const parsed = createScheduleInput.safeParse(result.ok && result.payload);
    expect(parsed.success).toBe(true);
  });

  it('refuses more units or tasks than the API takes in one save', () => {
    const ids = Array.from({ length: 5001 }, (_, i) => `u${i}`);
    expect(buildSchedulePayload({ mode: 'bulk', roomId: '', roomIds: ids, rows: [named('Paint')] })).toEqual({
      ok: false,
      error: 'tooManyRooms',
    });
    expect(buildSchedulePayload({ mode: 'bulk', roomId: '', roomIds: ids.slice(0, 5000), rows: [named('Paint')] }).ok).toBe(true);
    const many = Array.from({ length: 101 }, (_, i) => named(`T${i}`));
    expect(buildSchedulePayload({ mode: 'single', roomId: 'u1', roomIds: [], rows: many })).toEqual({ ok: false, error: 'tooManyTasks' });
  });

  it('refuses more than 100,000 tasks (units × tasks) in one save, as the server does', () => {
    const ids = Array.from({ length: 2001 }, (_, i) => `u${i}`);
    const fifty = Array.from({ length: 50 }, (_, i) => named(`T${i}`));
    expect(buildSchedulePayload({ mode: 'bulk', roomId: '', roomIds: ids, rows: fifty })).toEqual({ ok: false, error: 'tooManyTaskRows' });
    expect(buildSchedulePayload({ mode: 'bulk', roomId: '', roomIds: ids.slice(0, 2000), rows: fifty }).ok).toBe(true);
    expect(validationLimit('tooManyTaskRows')).toBe(100_000);
  });

  it('sends roomIds (and no roomId) in bulk mode', () => {
    const result = buildSchedulePayload({
      mode: 'bulk',
      roomId: 'ignored',
      roomIds: ['a', 'b'],
      rows: [named('Paint', { estimatedMinutes: '999', recurrence: 'daily' })],
    });
    expect(result.ok && result.payload).toEqual({
      roomIds: ['a', 'b'],
      taskTemplates: [
        { name: 'Paint', description: null, requiresPhoto: false, estimatedMinutes: 120, recurrence: 'daily', translations: null },
      ],
    });
  });
});

describe('filterUnits', () => {
  const unit = (id: string, number: string, type = 'apartment', facilityType = 'construction'): Room => ({
    id,
    number,
    type,
    facilityType,
    name: null,
    description: null,
    floor: null,
    status: 'needs_cleaning',
    lastCleaned: null,
    lastCleanedBy: null,
    totalTasksToday: 0,
    completedTasksToday: 0,
  });
  const units = [
    unit('1', '101'),
    unit('2', '201'),
    unit('3', '1201'),
    unit('4', 'A201'),
    unit('5', '205', 'penthouse'),
    unit('6', '210', 'standard', 'hotel'),
  ];

  it('matches the floor as a prefix of the unit number only', () => {
    expect(filterUnits(units, { ...emptyFilter, floorPrefix: '2' }).map((u) => u.number)).toEqual(['201', '205', '210']);
    expect(filterUnits(units, { ...emptyFilter, floorPrefix: 'a2' }).map((u) => u.number)).toEqual(['A201']);
  });
  it('combines the facility type, unit type and floor filters', () => {
    expect(filterUnits(units, { facilityType: 'construction', unitType: 'all', floorPrefix: '2' }).map((u) => u.id)).toEqual(['2', '5']);
    expect(filterUnits(units, { facilityType: 'all', unitType: 'penthouse', floorPrefix: '' }).map((u) => u.id)).toEqual(['5']);
  });
});
