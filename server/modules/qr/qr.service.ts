import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { projectQrLink, unitQrLink, type Facility, type QrCode } from '#contract/facility.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { findProject } from '../projects/projects.queries.ts';
import { findUnit } from '../rooms/rooms.queries.ts';

async function getProject(app: FastifyInstance, auth: UserAuth) {
  const project = await findProject(app.db, auth.projectId);
  if (!project) throw notFound('project_not_found', 'Facility not found');
  return project;
}

/** The project as the API's "facility" (docs/product.md "Wording"). A cancelled project stays active until its paid period ends. */
export async function getFacility(app: FastifyInstance, auth: UserAuth): Promise<Facility> {
  const p = await getProject(app, auth);
  return {
    id: p.id,
    name: p.name,
    facilityType: p.facilityType,
    uniqueQrId: p.qrId,
    isActive: p.status !== 'inactive',
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    publicUrl: app.config.publicUrl,
  };
}

/**
 * The project QR (PUBLIC_URL/qr-scan?qrId=…) or, with roomId, one unit's label
 * (PUBLIC_URL/work-tasks/<unit id>), as the encoded text and a PNG data URL.
 */
export async function getQrCode(app: FastifyInstance, auth: UserAuth, query: { size: number; roomId?: string }): Promise<QrCode> {
  let data: string;
  if (query.roomId) {
    if (!isUuid(query.roomId) || !(await findUnit(app.db, { projectId: auth.projectId, unitId: query.roomId })))
      throw notFound('unit_not_found', 'Room not found');
    data = unitQrLink(app.config.publicUrl, query.roomId);
  } else {
    data = projectQrLink(app.config.publicUrl, (await getProject(app, auth)).qrId);
  }
  // Medium error correction survives a scuffed sticker on site; the margin is the quiet zone scanners need.
  const dataURL = await QRCode.toDataURL(data, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: query.size });
  return { data, dataURL };
}
