/**
 * Photo uploads behind the routes (docs/decisions/005-photo-storage.md, 011-uploads-under-load.md,
 * 027-storage-and-quota.md): the single-use upload address, its claim by one request, the project's
 * daily storage quota, and reading a member's photo. The routes keep the HTTP side (limits, hooks).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES, RESERVED_PHOTO_BYTES, type UploadTicket } from '#contract/objects.ts';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.ts';
import { isUuid, randomToken, sha256 } from '../../lib/ids.ts';
import { projectToday, secondsToLocalMidnight } from '../../lib/calendar.ts';
import { loggableError } from '../../plugins/errors.ts';
import { STORAGE_REQUEST_TIMEOUT_MS } from '../../storage/storage.ts';
import { findUnitWithProject } from '../worker/worker.queries.ts';
import { PROJECT_INACTIVE, UNIT_NOT_FOUND, acceptsWork } from '../worker/facility.ts';
import { claimMarker } from './upload-claim.ts';
import {
  claimUploadTicket,
  countOpenTickets,
  dailyStorageUse,
  findTicketByHash,
  findUploadedPhoto,
  insertUploadTicket,
  releaseTicket,
  spendTicket,
} from './objects.queries.ts';

/**
 * An upload address must be used within 2 minutes (the page PUTs at once; a claim then holds it for
 * the upload) and works once: an address never used stops counting against the quota soon.
 */
export const TICKET_MS = 2 * 60_000;
/** Slack on top of the longest a live upload can hold its claim (clocks of several server processes differ a little). */
const CLAIM_MARGIN_MS = 30_000;
/** Unused upload addresses one unit may have at a time. */
export const MAX_OPEN_TICKETS_PER_UNIT = 20;
/** Upload addresses one phone (X-Shalav-Device) may ask for within one address lifetime. */
export const MAX_TICKETS_PER_DEVICE = 10;
export const UPLOAD_UNKNOWN = 'This upload address is unknown or was already used';

/** The upload address one PUT holds, from its first byte to its answer. */
export interface UploadClaim {
  hash: string;
  /** What the row holds while this request has the address (upload-claim.ts). */
  marker: string;
  ticket: { id: string; key: string; projectId: string; unitId: string | null; reservedBytes: number | null };
  /** claimed → storing → spent; or claimed → released (the address works again). */
  state: 'claimed' | 'storing' | 'spent' | 'released';
  timer?: NodeJS.Timeout;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploadClaim?: UploadClaim;
  }
}

/** The unit a photo is for, in a project that takes work; 404 / 403 otherwise. */
export async function unitForUpload(app: FastifyInstance, roomId: string) {
  const row = isUuid(roomId) ? await findUnitWithProject(app.db, roomId) : undefined;
  if (!row) throw notFound('unit_not_found', UNIT_NOT_FOUND);
  if (!acceptsWork(row.project, projectToday(row.project, app.now()))) throw forbidden('project_inactive', PROJECT_INACTIVE);
  return row;
}

/** Anyone with a unit's label may upload: what can wait unused on one unit is capped. */
export async function checkOpenTickets(app: FastifyInstance, unitId: string, reply: FastifyReply) {
  const open = await countOpenTickets(app.db, { unitId, now: app.now() });
  if (open < MAX_OPEN_TICKETS_PER_UNIT) return;
  reply.header('retry-after', String(TICKET_MS / 1000));
  throw tooManyRequests('unit_uploads_busy', 'Too many photos are being uploaded for this unit. Finish those first, then try again.');
}

/** A single-use upload address for one photo of the unit, its size reserved against the quota. */
export async function issueUploadTicket(
  app: FastifyInstance,
  row: Awaited<ReturnType<typeof unitForUpload>>,
  size: number | undefined,
  reply: FastifyReply,
): Promise<UploadTicket> {
  const reservedBytes = size ?? RESERVED_PHOTO_BYTES;
  await checkDailyQuota(app, row.project, reply, reservedBytes);
  const token = randomToken(32);
  const key = `units/${row.unit.id}/${randomToken(16)}`;
  const expiresAt = new Date(app.now().getTime() + TICKET_MS);
  await insertUploadTicket(app.db, {
    projectId: row.project.id,
    unitId: row.unit.id,
    key,
    tokenHash: sha256(token),
    expiresAt,
    reservedBytes,
  });
  return { uploadURL: `/api/objects/upload/${token}`, objectPath: `/objects/${key}`, expiresAt: expiresAt.toISOString() };
}

/** Marks the claimed address spent with what was stored; false when its row went away meanwhile. */
export const spendClaim = (app: FastifyInstance, claim: UploadClaim, contentType: string, size: number) =>
  spendTicket(app.db, { id: claim.ticket.id, claimedHash: claim.marker, contentType, size, now: app.now() });

/** A stored photo of the member's project, or undefined. */
export const photoOf = (app: FastifyInstance, projectId: string, key: string) => findUploadedPhoto(app.db, { projectId, key });

/**
 * The project's daily storage quota: photos stored today (the project's local day) plus what every
 * open upload address reserved (docs/decisions/027-storage-and-quota.md), plus `bytes` — less
 * `reserved`, when they replace an address's own reservation.
 */
export async function checkDailyQuota(
  app: FastifyInstance,
  project: { id: string; timezone: string },
  reply: FastifyReply,
  bytes: number,
  reserved = 0,
) {
  const now = app.now();
  const today = projectToday(project, now);
  const { stored, open } = await dailyStorageUse(app.db, { projectId: project.id, timezone: project.timezone, today, now });
  const quota = app.config.uploadQuotaBytesPerDay;
  if (stored + open - reserved + bytes <= quota) return;
  // Open addresses free their share within TICKET_MS; stored photos only at the local midnight.
  const retryAfter = stored + bytes <= quota ? TICKET_MS / 1000 : secondsToLocalMidnight(project.timezone, now);
  reply.header('retry-after', String(retryAfter));
  const mb = Math.round((quota / 1_048_576) * 10) / 10;
  throw tooManyRequests('photo_quota_exceeded', `This project has reached its photo limit of ${mb} MB per day. Please try again later.`, {
    mb,
  });
}

/** Bytes larger than the address reserved must still fit the quota (a page may not say, or say less). */
export async function settleReservation(app: FastifyInstance, ticket: UploadClaim['ticket'], size: number, reply: FastifyReply) {
  const reserved = ticket.reservedBytes ?? MAX_PHOTO_BYTES;
  if (size <= reserved || !ticket.unitId) return;
  const row = await findUnitWithProject(app.db, ticket.unitId);
  if (row) await checkDailyQuota(app, row.project, reply, size, reserved);
}

/**
 * Takes the upload address for this request alone (one UPDATE, so two requests can never both win),
 * or says why not: unknown or spent (404), expired (403), another upload under way (409).
 */
export async function claimTicket(app: FastifyInstance, hash: string): Promise<UploadClaim> {
  const now = app.now();
  const marker = claimMarker(hash, now);
  // No live request holds a claim longer than its body deadline plus one store write.
  const staleBefore = new Date(now.getTime() - app.config.uploadTimeoutMs - STORAGE_REQUEST_TIMEOUT_MS - CLAIM_MARGIN_MS);
  const ticket = await claimUploadTicket(app.db, { hash, claimedHash: marker, staleBefore, now });
  if (ticket) return { hash, marker, ticket, state: 'claimed' };
  const found = await findTicketByHash(app.db, hash);
  if (!found) throw notFound('upload_unknown', UPLOAD_UNKNOWN);
  if (!found.uploadExpiresAt || found.uploadExpiresAt.getTime() <= app.now().getTime())
    throw forbidden('upload_expired', 'Request has expired');
  throw conflict('upload_in_progress', 'This photo is already being uploaded. Wait for that upload to finish.');
}

/** Gives a claimed (not stored) address back, once; a failure is logged, the address then just expires. */
export async function releaseClaim(app: FastifyInstance, request: FastifyRequest, claim: UploadClaim) {
  if (claim.state !== 'claimed') return;
  claim.state = 'released';
  clearTimeout(claim.timer);
  try {
    await releaseTicket(app.db, { id: claim.ticket.id, claimedHash: claim.marker, hash: claim.hash });
  } catch (err) {
    request.log.warn({ err: loggableError(err) }, 'could not free an upload address');
  }
}
