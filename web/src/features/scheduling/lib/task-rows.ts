import { LOCALES } from '#contract/constants.ts';
import { localeOf } from '#web/lib/stored-language.ts';
import { LIMITS } from '#contract/limits.ts';
import { DEFAULT_CLEANING_TASKS, DEFAULT_INSPECTION_TASKS, type DefaultTask } from '#contract/default-tasks.ts';
import type { CreateScheduleInput, Recurrence, ScheduleTaskInput } from '#contract/schedules.ts';
import type { TaskTemplate } from '#contract/templates.ts';

export const MIN_MINUTES = 1;
export const MAX_MINUTES = 120;
export const DEFAULT_MINUTES = 10;
/** The server's limits on one scheduling request (contract/limits.ts). */
export const MAX_BULK_UNITS = LIMITS.unitsPerSchedule;
export const MAX_TASKS = LIMITS.tasksPerSchedule;

type Translations = NonNullable<ScheduleTaskInput['translations']>;

/** One row of the scheduling editor. Minutes stay the raw text while typing; they are normalized on blur and on save. */
export interface TaskRow {
  key: string;
  name: string;
  description: string;
  requiresPhoto: boolean;
  estimatedMinutes: string;
  recurrence: Recurrence;
  /**
   * Text in every language, so workers read the task in their own. Dropped as soon as the manager
   * edits the name or description: a stale translation would show workers a different task.
   */
  translations: Translations | null;
}

let keySeq = 0;
const nextKey = () => `row-${++keySeq}`;

/**
 * docs/product.md "Validation rules": estimated minutes 1–120, 10 on invalid input. A number out of range is clamped to the
 * nearest bound (typing 500 means "a lot", not "unknown"); a fraction is rounded.
 */
export function parseMinutes(input: string | number): number {
  const text = String(input).trim();
  if (text === '') return DEFAULT_MINUTES;
  const n = Number(text);
  if (!Number.isFinite(n)) return DEFAULT_MINUTES;
  return Math.min(MAX_MINUTES, Math.max(MIN_MINUTES, Math.round(n)));
}

export function emptyRow(): TaskRow {
  return {
    key: nextKey(),
    name: '',
    description: '',
    requiresPhoto: false,
    estimatedMinutes: String(DEFAULT_MINUTES),
    recurrence: 'once',
    translations: null,
  };
}

/** Rows from a default list (the seven inspection stages by default, docs/product.md "Defaults and other constants"), in the reader's language. */
export function defaultRows(lng: string, list: DefaultTask[] = DEFAULT_INSPECTION_TASKS, recurrence: Recurrence = 'once'): TaskRow[] {
  const locale = localeOf(lng);
  return list.map((t) => ({
    key: nextKey(),
    name: t.text[locale].name,
    description: t.text[locale].description,
    requiresPhoto: t.requiresPhoto,
    estimatedMinutes: String(t.estimatedMinutes),
    recurrence,
    translations: Object.fromEntries(LOCALES.map((l) => [l, { name: t.text[l].name, description: t.text[l].description }])),
  }));
}

/**
 * The list the editor starts from and resets to: the seven inspection stages (docs/product.md "Task scheduling") for
 * construction-type projects, done once; the daily cleaning routine for hotel, school and office
 * projects (docs/product.md "Task status": a cleaning routine opens again each day).
 */
export const projectDefaultRows = (lng: string, recurrence: Recurrence) =>
  recurrence === 'daily' ? defaultRows(lng, DEFAULT_CLEANING_TASKS, 'daily') : defaultRows(lng);

/** Rows from the project's templates; a template's own translation wins when it has one. */
export function templateRows(templates: TaskTemplate[], lng: string, recurrence: Recurrence): TaskRow[] {
  return [...templates]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((t) => {
      const tr = t.translations?.[lng];
      return {
        key: nextKey(),
        name: tr?.name || t.name,
        description: tr?.description || t.description || '',
        requiresPhoto: t.requiresPhoto,
        estimatedMinutes: String(parseMinutes(t.estimatedMinutes)),
        recurrence,
        translations: t.translations
          ? { ...t.translations, [lng]: { name: tr?.name || t.name, description: tr?.description || t.description || '' } }
          : null,
      };
    });
}

/** Applies an edit to a row, dropping translations when the text changes. */
export function editRow(row: TaskRow, patch: Partial<Omit<TaskRow, 'key' | 'translations'>>): TaskRow {
  const textChanged =
    (patch.name !== undefined && patch.name !== row.name) || (patch.description !== undefined && patch.description !== row.description);
  return { ...row, ...patch, translations: textChanged ? null : row.translations };
}

export type ScheduleMode = 'single' | 'bulk';
export type ScheduleValidationError = 'selectRoom' | 'selectRooms' | 'tooManyRooms' | 'addTask' | 'tooManyTasks' | 'tooManyTaskRows';

/** The number a validation message names: {{max}}. */
export function validationLimit(error: ScheduleValidationError): number {
  if (error === 'tooManyRooms') return MAX_BULK_UNITS;
  if (error === 'tooManyTaskRows') return LIMITS.taskRowsPerSchedule;
  return MAX_TASKS;
}

export type SchedulePayloadResult = { ok: true; payload: CreateScheduleInput } | { ok: false; error: ScheduleValidationError };

/**
 * The POST /api/task-schedules body, or the first rule it breaks (docs/product.md "Validation rules"): a unit (or units in
 * bulk) is required, and at least one task with a non-blank name; blank-named rows are dropped.
 */
export function buildSchedulePayload(args: {
  mode: ScheduleMode;
  roomId: string;
  roomIds: readonly string[];
  rows: readonly TaskRow[];
}): SchedulePayloadResult {
  if (args.mode === 'single' && !args.roomId) return { ok: false, error: 'selectRoom' };
  if (args.mode === 'bulk' && args.roomIds.length === 0) return { ok: false, error: 'selectRooms' };
  if (args.mode === 'bulk' && args.roomIds.length > MAX_BULK_UNITS) return { ok: false, error: 'tooManyRooms' };
  const tasks = args.rows
    .filter((r) => r.name.trim() !== '')
    .map((r) => ({
      name: r.name.trim(),
      description: r.description.trim() || null,
      requiresPhoto: r.requiresPhoto,
      estimatedMinutes: parseMinutes(r.estimatedMinutes),
      recurrence: r.recurrence,
      translations: r.translations,
    }));
  if (tasks.length === 0) return { ok: false, error: 'addTask' };
  if (tasks.length > MAX_TASKS) return { ok: false, error: 'tooManyTasks' };
  const units = args.mode === 'single' ? 1 : args.roomIds.length;
  if (units * tasks.length > LIMITS.taskRowsPerSchedule) return { ok: false, error: 'tooManyTaskRows' };
  const target = args.mode === 'single' ? { roomId: args.roomId } : { roomIds: [...args.roomIds] };
  return { ok: true, payload: { ...target, taskTemplates: tasks } };
}

/** Number of named tasks in the editor. */
export const countNamedRows = (rows: readonly TaskRow[]) => rows.filter((r) => r.name.trim() !== '').length;
