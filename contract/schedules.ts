import { z } from 'zod';

export const RECURRENCES = ['once', 'daily'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export const scheduleTaskInput = z.object({
  name: z.string().max(200),
  description: z.string().trim().max(2000).optional().nullable(),
  requiresPhoto: z.boolean().default(false),
  estimatedMinutes: z.number().int().min(1, 'Estimated minutes must be between 1 and 120').max(120, 'Estimated minutes must be between 1 and 120').default(10),
  recurrence: z.enum(RECURRENCES).default('once'),
  translations: z.record(z.string(), z.object({ name: z.string().optional(), description: z.string().optional() })).optional().nullable(),
});
export type ScheduleTaskInput = z.input<typeof scheduleTaskInput>;

export const createScheduleInput = z
  .object({
    roomId: z.string().optional(),
    roomIds: z.array(z.string()).max(5000).optional(),
    taskTemplates: z.array(scheduleTaskInput).max(100),
  })
  .refine((v) => Boolean(v.roomId) || (v.roomIds?.length ?? 0) > 0, { message: 'Choose at least one unit', path: ['roomIds'] });
export type CreateScheduleInput = z.output<typeof createScheduleInput>;

export const createScheduleResult = z.object({
  message: z.string(),
  roomsScheduled: z.number().int(),
  tasksCreated: z.number().int(),
  /** Tasks not added because the unit already has a task of that name. */
  tasksSkipped: z.number().int(),
});

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
  photoUrl: z.string().nullable(),
  notes: z.string().nullable(),
  /** completed when done; in_progress when a worker is on the unit today; else pending. */
  status: z.enum(SCHEDULED_TASK_STATUSES),
});
export type ScheduledTask = z.infer<typeof scheduledTaskSchema>;

export const scheduledTasksQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', ...SCHEDULED_TASK_STATUSES]).default('all'),
  projectType: z.string().trim().max(40).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const scheduledTasksPage = z.object({
  items: z.array(scheduledTaskSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ all: z.number().int(), pending: z.number().int(), in_progress: z.number().int(), completed: z.number().int() }),
});
export type ScheduledTasksPage = z.infer<typeof scheduledTasksPage>;
