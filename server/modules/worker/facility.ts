import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { projectToday } from '../../lib/calendar.ts';
import { findProjectByQr, findUnitWithProject, listWorkerNames, type WorkerProject } from './worker.queries.ts';

/**
 * What every worker route starts from: the project, learnt from a QR id or a unit id (never from
 * the request body), and whether it takes new work today.
 */
export const UNIT_NOT_FOUND = 'Unit not found';
export const QR_NOT_FOUND = 'No project matches this QR code';
export const PROJECT_INACTIVE = 'This project is not active: new work cannot be recorded. Please tell your site manager.';

/** New work is accepted while the project is active, or cancelled but still inside its paid period. */
export function acceptsWork(project: Pick<WorkerProject, 'status' | 'paidUntil'>, today: string): boolean {
  if (project.status === 'active') return true;
  return project.status === 'cancelled' && project.paidUntil !== null && today < project.paidUntil;
}

export function assertAcceptsWork(app: FastifyInstance, project: WorkerProject) {
  if (!acceptsWork(project, projectToday(project, app.now()))) throw forbidden('project_inactive', PROJECT_INACTIVE);
}

/** A unit and its project, by the unit id a worker's page was opened with. */
export async function getUnit(app: FastifyInstance, unitId: string) {
  if (!isUuid(unitId)) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  const row = await findUnitWithProject(app.db, unitId);
  if (!row) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  return row;
}

export async function getProjectByQr(app: FastifyInstance, qrId: string) {
  const project = await findProjectByQr(app.db, qrId);
  if (!project) throw notFound('qr_not_found', QR_NOT_FOUND);
  return project;
}

export async function getFacilityByQr(app: FastifyInstance, qrId: string) {
  const project = await getProjectByQr(app, qrId);
  return {
    id: project.id,
    name: project.name,
    facilityType: project.facilityType,
    isActive: acceptsWork(project, projectToday(project, app.now())),
  };
}

export async function getWorkerNames(app: FastifyInstance, qrId: string) {
  const project = await getProjectByQr(app, qrId);
  return listWorkerNames(app.db, project.id);
}
