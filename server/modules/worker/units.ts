import type { FastifyInstance } from 'fastify';
import type { PublicRoom, PublicRoomDetails } from '#contract/worker.ts';
import { notFound } from '../../lib/errors.ts';
import { listUnitsWithCounts } from '../rooms/rooms.queries.ts';
import { toRoom, unitMap } from '../rooms/rooms.service.ts';
import { UNIT_NOT_FOUND, acceptsWork, getProjectByQr, getUnit } from './facility.ts';
import { projectToday } from '../../lib/calendar.ts';
import { searchPublicUnits } from './worker.queries.ts';

const publicRoom = (r: ReturnType<typeof toRoom>): PublicRoom => ({
  id: r.id,
  number: r.number,
  name: r.name,
  description: r.description,
  floor: r.floor,
  type: r.type,
  facilityType: r.facilityType,
  status: r.status,
});

/**
 * The QR page's units: suggestions for what the worker typed, or the whole list. A crew opening the
 * page at the start of the day types the same few labels: each answer is computed once per change
 * of the project and shared (server/plugins/project-cache.ts). The original `facilityType` filter (docs/product.md "Worker routes") is
 * accepted but not applied: one project mixes unit facility types (a mixed building has commercial
 * and residential units), and the QR already names the project.
 */
export async function listPublicRooms(app: FastifyInstance, qrId: string, q?: string): Promise<PublicRoom[]> {
  const project = await getProjectByQr(app, qrId);
  const date = projectToday(project, app.now());
  const typed = q?.trim() ?? '';
  if (typed === '') {
    // The manager's map, already sorted and shared: the worker's full list is its active units.
    return (await unitMap(app, project.id, date)).filter((r) => r.status !== 'inactive').map(publicRoom);
  }
  return app.projectCache.get(project.id, `rooms-public:${typed}`, date, async () => {
    const found = await searchPublicUnits(app.db, { projectId: project.id, q: typed, date });
    return found.map(toRoom).map(publicRoom);
  });
}

export async function getPublicRoom(app: FastifyInstance, unitId: string): Promise<PublicRoomDetails> {
  const { project } = await getUnit(app, unitId);
  const today = projectToday(project, app.now());
  const [row] = await listUnitsWithCounts(app.db, { projectId: project.id, date: today, unitId });
  if (!row) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  return { ...publicRoom(toRoom(row)), facilityName: project.name, projectActive: acceptsWork(project, today), today };
}
