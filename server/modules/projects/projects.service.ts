import { INACTIVE_REASONS, PROJECT_STATUSES, type AdminProject } from '../../../contract/billing.ts';
import { oneOf } from '../../db/raw-rows.ts';
import type { ProjectRow } from './projects.queries.ts';

/** A project as the platform admin sees it (`GET /api/admin/hotels` and the admin's project actions). */
export function toAdminProject(p: ProjectRow): AdminProject {
  return {
    id: p.id,
    name: p.name,
    facilityType: p.facilityType,
    qrId: p.qrId,
    isActive: p.status !== 'inactive',
    status: oneOf(PROJECT_STATUSES, p.status),
    inactiveReason: p.inactiveReason === null ? null : oneOf(INACTIVE_REASONS, p.inactiveReason),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
