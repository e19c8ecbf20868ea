import { z } from 'zod';
import { stageReviewSchema } from './review-state.ts';
import { UNIT_STATUSES } from './constants.ts';
import { UNIT_TYPES } from './project-types.ts';

export const roomSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  floor: z.number().int().nullable(),
  type: z.string(),
  facilityType: z.string(),
  status: z.enum(UNIT_STATUSES),
  lastCleaned: z.string().nullable(),
  lastCleanedBy: z.string().nullable(),
  totalTasksToday: z.number().int(),
  completedTasksToday: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

const floorInput = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.number().int().min(-20).max(300).nullable(),
);

export const createRoomInput = z.object({
  number: z.string().trim().min(1, 'Room number is required').max(30),
  floor: floorInput.optional(),
  type: z.enum(UNIT_TYPES).default('apartment'),
  facilityType: z.string().trim().max(40).optional(),
  status: z.enum(UNIT_STATUSES).optional(),
  name: z.string().trim().max(100).optional().nullable(),
  description: z.string().trim().max(1000).optional().nullable(),
});
export type CreateRoomInput = z.output<typeof createRoomInput>;

export const updateRoomInput = createRoomInput.partial();
export type UpdateRoomInput = z.output<typeof updateRoomInput>;

export const roomStatsSchema = z.object({
  totalRooms: z.number().int(),
  clean: z.number().int(),
  inProgress: z.number().int(),
  needsCleaning: z.number().int(),
  inactive: z.number().int(),
  total: z.number().int(),
});
export type RoomStats = z.infer<typeof roomStatsSchema>;

export const dailyTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  cleanerName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  notes: z.string().nullable(),
  requiresPhoto: z.boolean(),
  estimatedMinutes: z.number().int(),
  /** The stage's review state (docs/decisions/029-quality-loop.md); null: open, never sent back. */
  review: stageReviewSchema.nullable(),
});

export const roomDetailsSchema = z.object({
  room: roomSchema,
  date: z.string(),
  tasks: z.array(dailyTaskSchema),
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
});
export type RoomDetails = z.infer<typeof roomDetailsSchema>;

/** A real calendar date as YYYY-MM-DD (2024-02-30 and 0000-01-01 are refused, not sent to the database). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 2000 && y <= 2200 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Expected a real date between 2000 and 2200');

/**
 * Floor from a unit label where it is unambiguous: one run of at least three digits, the floor
 * being all but the last two (A101 → 1, 1203 → 12). Otherwise null (A1, P12, B-2-05).
 */
export function deriveFloor(label: string): number | null {
  const runs = label.match(/\d+/g);
  if (!runs || runs.length !== 1 || runs[0].length < 3 || runs[0].length > 5) return null;
  return Number(runs[0].slice(0, -2));
}

/** The map's order: by the first number in the label, then alphabetically. */
export function compareUnitLabels(a: string, b: string): number {
  const na = a.match(/\d+/);
  const nb = b.match(/\d+/);
  const va = na ? Number(na[0]) : Number.POSITIVE_INFINITY;
  const vb = nb ? Number(nb[0]) : Number.POSITIVE_INFINITY;
  if (va !== vb) return va < vb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
