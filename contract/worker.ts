import { z } from 'zod';
import { isoDate, roomSchema } from './rooms.ts';

/**
 * The worker ("public") API: no login. The printed QR id or unit id is the capability; the server
 * derives the project from the unit or QR id and never trusts a project id from the client.
 */

const translations = z.record(z.string(), z.object({ name: z.string().optional(), description: z.string().optional() })).nullable();

export const publicFacilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  facilityType: z.string(),
  isActive: z.boolean(),
});
export type PublicFacility = z.infer<typeof publicFacilitySchema>;

export const publicRoomSchema = roomSchema.pick({
  id: true,
  number: true,
  name: true,
  description: true,
  floor: true,
  type: true,
  facilityType: true,
  status: true,
});
export type PublicRoom = z.infer<typeof publicRoomSchema>;

/** One unit for the work-tasks page, with its project's name and whether new work is accepted. */
export const publicRoomDetailsSchema = publicRoomSchema.extend({
  facilityName: z.string(),
  projectActive: z.boolean(),
  /** The project's local date: what "today" means on the work-tasks page. */
  today: z.string(),
});
export type PublicRoomDetails = z.infer<typeof publicRoomDetailsSchema>;

export const roomsPublicQuery = z.object({
  qrId: z.string().min(1).max(200),
  facilityType: z.string().max(40).optional(),
  /** What the worker typed: at most MAX_UNIT_SUGGESTIONS units, best match first (suggestUnits' rules). */
  q: z.string().max(100).optional(),
});

export const workerNamesQuery = z.object({ qrId: z.string().min(1).max(200) });

const workerName = z.string().trim().min(1, 'Please enter your name').max(100);

export const createWorkSessionInput = z.object({
  roomId: z.string().min(1),
  workerName,
  floorNumber: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(-20).max(300).optional(),
  ),
});
export const workSessionResult = z.object({
  message: z.string(),
  /** true when this worker already had work on this unit today. */
  continuing: z.boolean(),
  sessionId: z.string(),
});

export const publicTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  translations,
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  workerName: z.string().nullable(),
  requiresPhoto: z.boolean(),
  estimatedMinutes: z.number().int(),
  recurrence: z.string(),
  roomNumber: z.string(),
  /**
   * The manager sent the stage back (docs/product.md "Quality loop"); null once it is completed
   * again. The server always sends it; optional only for clients' own fixtures of older answers.
   */
  rejection: z.object({ reason: z.string(), rejectedAt: z.string() }).nullable().optional(),
});
export type PublicTask = z.infer<typeof publicTaskSchema>;
export const publicTasksQuery = z.object({ date: isoDate.optional() });

export const completeTaskInput = z.object({
  notes: z.string().trim().max(2000).optional().nullable(),
  photoUrl: z.string().trim().max(500).optional().nullable(),
  workerName,
  /**
   * When the worker pressed "complete" on the phone (docs/product.md "Working without signal"): a
   * completion that waited in the outbox is recorded at that time, and counts for that local day.
   * Missing: now.
   */
  completedAt: z.iso.datetime({ offset: true }).optional(),
  /**
   * The phone's clock when this request left it: the server shifts `completedAt` by the difference
   * to its own clock, so a phone whose clock or time zone is wrong still records the right moment.
   */
  sentAt: z.iso.datetime({ offset: true }).optional(),
});
export const completeTaskResult = z.object({
  message: z.string(),
  taskId: z.string(),
  completedAt: z.string(),
  workDate: z.string(),
});

/** Quantity: an integer ≥ 1 (1 when missing); dimensions: integers ≥ 0 in mm (0 when missing). */
const count = z.preprocess((v) => (v === '' || v === null || v === undefined ? 1 : v), z.coerce.number().int().min(1).max(100_000));
const mm = z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number().int().min(0).max(1_000_000));

export const shortagePublicInput = z.object({
  name: z.string().trim().min(1, 'Please enter an item name').max(200),
  quantity: count,
  apartmentId: z.string().min(1),
  reportedBy: z.string().trim().max(100).optional().nullable(),
  notes: z.string().trim().max(2000).optional().nullable(),
  /** Ignored: the project is taken from the unit (docs/product.md "Unguessable worker links"). */
  projectId: z.unknown().optional(),
});
export const measurementPublicInput = shortagePublicInput.extend({ height: mm, width: mm, thickness: mm });

export const reportResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  reportedBy: z.string().nullable(),
  apartmentId: z.string(),
  status: z.string(),
  reportedAt: z.string(),
});
export const measurementResultSchema = reportResultSchema.extend({
  height: z.number().int(),
  width: z.number().int(),
  thickness: z.number().int(),
});

export { locationNote } from './worker-rules.ts';
