import { z } from 'zod';
import { stageReviewSchema } from './review-state.ts';
import { LIMITS } from './limits.ts';

export const RECURRENCES = ['once', 'daily'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export const SCHEDULE_MINUTES = { min: 1, max: 120, default: 10 } as const;
const MINUTES_MESSAGE = 'Estimated minutes must be between 1 and 120';
/** docs/product.md "Validation rules" ('אנא הוסף לפחות משימה אחת'): no task with a non-blank name remains. */
export const NO_TASKS_MESSAGE = 'Add at least one task';
export const MAX_SCHEDULE_UNITS = LIMITS.unitsPerSchedule;
export const MAX_SCHEDULE_TASKS = LIMITS.tasksPerSchedule;
export const TOO_MANY_SCHEDULE_UNITS = `One schedule can cover at most ${MAX_SCHEDULE_UNITS} units`;
export const TOO_MANY_SCHEDULE_TASKS = `One schedule can carry at most ${MAX_SCHEDULE_TASKS} tasks`;
export const TOO_MANY_SCHEDULE_ROWS = `One schedule can write at most ${LIMITS.taskRowsPerSchedule.toLocaleString('en')} tasks (units × tasks): choose fewer units or tasks`;
export const TOO_MANY_UNIT_TASKS = `A unit can carry at most ${LIMITS.tasksPerUnit} tasks`;

/**
 * One task of a schedule. The web sends 10 minutes on invalid input (docs/product.md "Validation rules"); the server refuses
 * a value outside 1–120 with 400 rather than guessing. Without a recurrence, a task on a hotel,
 * school or office unit is a daily routine and any other unit's task a once-only stage.
 */
export const scheduleTaskInput = z.object({
  name: z.string().max(200),
  description: z.string().trim().max(2000).optional().nullable(),
  requiresPhoto: z.boolean().default(false),
  estimatedMinutes: z
    .number()
    .int(MINUTES_MESSAGE)
    .min(SCHEDULE_MINUTES.min, MINUTES_MESSAGE)
    .max(SCHEDULE_MINUTES.max, MINUTES_MESSAGE)
    .default(SCHEDULE_MINUTES.default),
  recurrence: z.enum(RECURRENCES).optional(),
  translations: z
    .record(z.string(), z.object({ name: z.string().max(200).optional(), description: z.string().max(2000).optional() }))
    .optional()
    .nullable(),
});
export type ScheduleTaskInput = z.input<typeof scheduleTaskInput>;

/**
 * POST /api/task-schedules. Every listed unit must belong to the caller's project (else 404 and
 * nothing written). Blank-named tasks are dropped; none left → 400 NO_TASKS_MESSAGE. A unit that
 * already has a task of the same name (trimmed, exact) keeps it and the new one is skipped
 * (counted in tasksSkipped); a name repeated in the list counts once.
 */
export const createScheduleInput = z
  .object({
    roomId: z.string().optional(),
    roomIds: z.array(z.string()).max(MAX_SCHEDULE_UNITS, TOO_MANY_SCHEDULE_UNITS).optional(),
    taskTemplates: z.array(scheduleTaskInput).max(MAX_SCHEDULE_TASKS, TOO_MANY_SCHEDULE_TASKS),
  })
  .refine((v) => Boolean(v.roomId) || (v.roomIds?.length ?? 0) > 0, { message: 'Choose at least one unit', path: ['roomIds'] });
export type CreateScheduleInput = z.output<typeof createScheduleInput>;

/** The tasks that will be written: trimmed names, blank ones dropped, repeated names once. */
export function cleanScheduleTasks<T extends { name: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const t of list) {
    const name = t.name.trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push({ ...t, name });
  }
  return out;
}

export const createScheduleResult = z.object({
  message: z.string(),
  /** Units the schedule was applied to (every unit asked for). */
  roomsScheduled: z.number().int(),
  tasksCreated: z.number().int(),
  /** Tasks not added because the unit already has a task of that name. */
  tasksSkipped: z.number().int(),
});
export type CreateScheduleResult = z.infer<typeof createScheduleResult>;

/** GET /api/task-schedules?roomId= */
export const unitTasksQuery = z.object({ roomId: z.string().min(1, 'roomId is required') });

/** A unit's tasks, for the scheduling screen. */
export const unitTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  requiresPhoto: z.boolean(),
  estimatedMinutes: z.number().int(),
  recurrence: z.enum(RECURRENCES),
  sortOrder: z.number().int(),
});

export const SCHEDULED_TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export const scheduledTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  recurrence: z.enum(RECURRENCES),
  apartmentId: z.string(),
  apartmentNumber: z.string(),
  apartmentName: z.string().nullable(),
  apartmentType: z.string(),
  apartmentFloor: z.number().int().nullable(),
  facilityType: z.string(),
  workerName: z.string().nullable(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  /**
   * When the server received the completion: well after `completedAt` when the phone kept it without
   * signal (docs/product.md "Working without signal"); null before this was recorded.
   */
  receivedAt: z.string().nullable(),
  photoUrl: z.string().nullable(),
  notes: z.string().nullable(),
  /** completed when done; in_progress when a worker is on the unit today; else pending. */
  status: z.enum(SCHEDULED_TASK_STATUSES),
  /** The stage's review state (docs/decisions/029-quality-loop.md); null: open, never sent back. */
  review: stageReviewSchema.nullable(),
});
export type ScheduledTask = z.infer<typeof scheduledTaskSchema>;

/**
 * GET /api/scheduled-tasks. `search` matches the unit number, unit name, worker name or task name
 * (case-insensitive substring). A daily task is completed when it was done today (project time).
 * `counts` are over the search and project-type filters but not the status filter, so every
 * status tab shows its number; `total` is the number of items the status filter leaves.
 * Items are ordered by unit label (first number, then text), then the unit's task order.
 */
export const scheduledTasksQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', ...SCHEDULED_TASK_STATUSES]).default('all'),
  projectType: z.string().trim().max(40).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ScheduledTasksQuery = z.output<typeof scheduledTasksQuery>;
export const scheduledTasksPage = z.object({
  items: z.array(scheduledTaskSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ all: z.number().int(), pending: z.number().int(), in_progress: z.number().int(), completed: z.number().int() }),
});
export type ScheduledTasksPage = z.infer<typeof scheduledTasksPage>;
