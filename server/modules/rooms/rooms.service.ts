import { stageReviewOf } from '#contract/review-state.ts';
import { TOO_MANY_PROJECT_UNITS, planBulkUnits, type BulkRoomsInput } from '#contract/generator.ts';
import type { FastifyInstance } from 'fastify';
import type { Room, RoomStats, CreateRoomInput, UpdateRoomInput } from '#contract/rooms.ts';
import { compareUnitLabels, deriveFloor } from '#contract/rooms.ts';
import type { UnitStatus } from '#contract/constants.ts';
import { UNIQUE_VIOLATION, conflict, notFound, sqlState, unprocessable } from '../../lib/errors.ts';
import { LIMITS, WRITE_CHUNK_ROWS, chunks } from '#contract/limits.ts';
import { writeInTurns } from '../../lib/fairness.ts';
import { isUuid } from '../../lib/ids.ts';
import { projectToday } from '../../lib/calendar.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { findProject } from '../projects/projects.queries.ts';
import {
  countUnits,
  deleteUnit,
  findUnit,
  insertNewUnits,
  insertUnit,
  listUnitLabels,
  unitLabelTaken,
  listUnitsWithCounts,
  listUnitTasksForDate,
  updateUnit,
  type UnitChanges,
  type UnitWithCounts,
} from './rooms.queries.ts';

/** Status is derived from today's tasks and work, never stored (only 'inactive' is manual). */
export function deriveStatus(u: Pick<UnitWithCounts, 'manualStatus' | 'total' | 'completed' | 'hasSessionToday'>): UnitStatus {
  if (u.manualStatus === 'inactive') return 'inactive';
  if (u.total > 0 && u.completed === u.total) return 'clean';
  if (u.completed > 0 || u.hasSessionToday) return 'in_progress';
  return 'needs_cleaning';
}

export function toRoom(u: UnitWithCounts): Room {
  return {
    id: u.id,
    number: u.number,
    name: u.name,
    description: u.description,
    floor: u.floor,
    type: u.type,
    facilityType: u.facilityType,
    status: deriveStatus(u),
    lastCleaned: u.lastCompletedAt?.toISOString() ?? null,
    lastCleanedBy: u.lastWorker,
    totalTasksToday: u.total,
    completedTasksToday: u.completed,
  };
}

/**
 * A project's unit map for its local `date`, sorted by label: computed once per change of the
 * project and shared by the manager's map and stats and the QR page's full list (server/plugins/project-cache.ts).
 */
export function unitMap(app: FastifyInstance, projectId: string, date: string, gone?: () => boolean): Promise<Room[]> {
  const compute = async () => {
    const rows = await listUnitsWithCounts(app.db, { projectId, date });
    return rows.map(toRoom).sort((a, b) => compareUnitLabels(a.number, b.number));
  };
  return app.projectCache.get(projectId, 'map', date, compute, gone);
}

export const listRooms = (app: FastifyInstance, auth: UserAuth, gone?: () => boolean): Promise<Room[]> =>
  unitMap(app, auth.projectId, projectToday(auth, app.now()), gone);

export function summarize(rooms: Room[]): RoomStats {
  const count = (s: UnitStatus) => rooms.filter((r) => r.status === s).length;
  return {
    totalRooms: rooms.length,
    clean: count('clean'),
    inProgress: count('in_progress'),
    needsCleaning: count('needs_cleaning'),
    inactive: count('inactive'),
    total: rooms.length,
  };
}

async function getRoom(app: FastifyInstance, auth: UserAuth, roomId: string, date: string): Promise<Room> {
  if (!isUuid(roomId)) throw notFound('unit_not_found', 'Room not found');
  const [row] = await listUnitsWithCounts(app.db, { projectId: auth.projectId, date, unitId: roomId });
  if (!row) throw notFound('unit_not_found', 'Room not found');
  return toRoom(row);
}

export async function getRoomDetails(app: FastifyInstance, auth: UserAuth, roomId: string, date: string | undefined) {
  const day = date ?? projectToday(auth, app.now());
  const room = await getRoom(app, auth, roomId, day);
  const tasks = await listUnitTasksForDate(app.db, { projectId: auth.projectId, unitId: roomId, date: day });
  const mapped = tasks.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    isCompleted: t.completedAt !== null,
    completedAt: t.completedAt?.toISOString() ?? null,
    cleanerName: t.workerName,
    photoUrl: t.photoUrl,
    notes: t.notes,
    requiresPhoto: t.requiresPhoto,
    estimatedMinutes: t.estimatedMinutes,
    review: stageReviewOf({ completed: t.completedAt !== null, reviewStatus: t.reviewStatus, rejectionReason: t.rejectionReason }),
  }));
  return { room, date: day, tasks: mapped, totalTasks: mapped.length, completedTasks: mapped.filter((t) => t.isCompleted).length };
}

const numberTaken = () => conflict('unit_number_taken', 'Room number already exists');
const rethrowDuplicate = (err: unknown): never => {
  if (sqlState(err) === UNIQUE_VIOLATION) throw numberTaken();
  throw err;
};

/**
 * A label names one unit regardless of case (docs/product.md "Working without signal"). The unique
 * index says so too where migration 0008 could create it; this check also holds in a project that
 * still has look-alikes from before.
 */
async function assertLabelFree(app: FastifyInstance, auth: UserAuth, number: string, exceptUnitId?: string) {
  if (await unitLabelTaken(app.db, { projectId: auth.projectId, number, exceptUnitId })) throw numberTaken();
}

/** Refuses, before anything is written, a request that would take the project past its unit limit. */
async function assertUnitRoom(app: FastifyInstance, auth: UserAuth, adding: number) {
  if (adding > 0 && (await countUnits(app.db, { projectId: auth.projectId })) + adding > LIMITS.unitsPerProject) {
    throw unprocessable('too_many_project_units', TOO_MANY_PROJECT_UNITS, { max: LIMITS.unitsPerProject });
  }
}

/** The facility type a unit takes when none is given: its project's. */
async function projectFacilityType(app: FastifyInstance, auth: UserAuth): Promise<string> {
  const project = await findProject(app.db, auth.projectId);
  if (!project) throw notFound('project_not_found', 'Project not found');
  return project.facilityType;
}

export async function createRoom(app: FastifyInstance, auth: UserAuth, input: CreateRoomInput): Promise<Room> {
  await assertUnitRoom(app, auth, 1);
  await assertLabelFree(app, auth, input.number);
  const facilityType = await projectFacilityType(app, auth);
  const unitId = await insertUnit(app.db, {
    projectId: auth.projectId,
    values: {
      number: input.number,
      name: input.name ?? null,
      description: input.description ?? null,
      floor: input.floor ?? deriveFloor(input.number),
      type: input.type,
      facilityType: input.facilityType ?? facilityType,
      manualStatus: input.status === 'inactive' ? 'inactive' : null,
    },
  }).catch(rethrowDuplicate);
  return getRoom(app, auth, unitId, projectToday(auth, app.now()));
}

export async function updateRoom(app: FastifyInstance, auth: UserAuth, roomId: string, input: UpdateRoomInput): Promise<Room> {
  if (!isUuid(roomId) || !(await findUnit(app.db, { projectId: auth.projectId, unitId: roomId })))
    throw notFound('unit_not_found', 'Room not found');
  if (input.number !== undefined) await assertLabelFree(app, auth, input.number, roomId);
  const set: UnitChanges = { updatedAt: app.now() };
  if (input.number !== undefined) set.number = input.number;
  if (input.floor !== undefined) set.floor = input.floor;
  if (input.type !== undefined) set.type = input.type;
  if (input.facilityType !== undefined) set.facilityType = input.facilityType;
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.status !== undefined) set.manualStatus = input.status === 'inactive' ? 'inactive' : null;
  await updateUnit(app.db, { projectId: auth.projectId, unitId: roomId, set }).catch(rethrowDuplicate);
  return getRoom(app, auth, roomId, projectToday(auth, app.now()));
}

export async function deleteRoom(app: FastifyInstance, auth: UserAuth, roomId: string) {
  if (!isUuid(roomId)) throw notFound('unit_not_found', 'Room not found');
  if (!(await deleteUnit(app.db, { projectId: auth.projectId, unitId: roomId }))) throw notFound('unit_not_found', 'Room not found');
}

/**
 * Many units: labels that already exist (or repeat in the request) are skipped and counted; floors
 * are derived from the label where unambiguous. The insert goes in chunks of WRITE_CHUNK_ROWS, one
 * statement each, so a big request never holds the embedded database for long
 * (docs/decisions/014-tenant-limits.md); a request cut short is safe to send again.
 */
export async function createRoomsBulk(app: FastifyInstance, auth: UserAuth, input: BulkRoomsInput) {
  const facilityType = await projectFacilityType(app, auth);
  // "a1" and "A1" in one request, or "a1" beside an existing "A1", are one unit: the first is kept;
  // the web's preview plans with the same function.
  const { fresh } = planBulkUnits(input.rooms, await listUnitLabels(app.db, { projectId: auth.projectId }));
  await assertUnitRoom(app, auth, fresh.length);
  // A label created meanwhile by another request stays as it is, and is counted as skipped.
  const created = await writeInTurns(chunks(fresh, WRITE_CHUNK_ROWS), (part) =>
    insertNewUnits(app.db, {
      projectId: auth.projectId,
      rows: part.map((r) => ({
        number: r.number,
        floor: r.floor ?? deriveFloor(r.number),
        type: r.type,
        facilityType: r.facilityType ?? facilityType,
      })),
    }),
  );
  const skipped = input.rooms.length - created;
  const message = created === 0 ? 'All rooms in this range already exist in the system' : `Created ${created} new rooms`;
  return { created, skipped, message };
}
