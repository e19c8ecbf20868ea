import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PHOTO_BYTES,
  PHOTO_TYPES,
  RESERVED_PHOTO_BYTES,
  uploadDoneSchema,
  uploadTicketInput,
  uploadTicketSchema,
} from '../../../contract/objects.ts';
import { AppError, conflict, notFound, forbidden, tooManyRequests } from '../../lib/errors.ts';
import { loggableError } from '../../plugins/errors.ts';
import { isUuid, randomToken, sha256 } from '../../lib/ids.ts';
import { projectToday } from '../../lib/calendar.ts';
import { userOf } from '../../plugins/access.ts';
import { detectImageType } from '../../storage/image-type.ts';
import { findUnitWithProject } from '../worker/worker.queries.ts';
import { PROJECT_INACTIVE, UNIT_NOT_FOUND, acceptsWork } from '../worker/facility.ts';
import { clientKey, deviceIdOf, workerLimit } from '../../lib/client-key.ts';
import { STORAGE_REQUEST_TIMEOUT_MS } from '../../storage/storage.ts';
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
const UPLOAD_UNKNOWN = 'This upload address is unknown or was already used';

/** The upload address one PUT holds, from its first byte to its answer. */
interface UploadClaim {
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

const tooMany = () => tooManyRequests('rate_limited', 'Too many uploads. Please wait a minute and try again.');

/**
 * Photos (docs/decisions/005-photo-storage.md, 011-uploads-under-load.md): the worker page asks for a single-use upload address bound to
 * the unit, PUTs the bytes there, then completes the task with the `/objects/...` path. The server
 * checks the bytes (JPEG, PNG, WebP, HEIC; ≤ 10 MB) before anything is stored.
 *
 * Longer than 150 lines on purpose: it is the module's route table (ticket, upload with its
 * preParsing claim, read), and the upload's single-use rules read best side by side.
 */
export async function objectRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('uploadClaim', undefined);
  // Per worker's phone, under a per-address ceiling: a crew shares one address (docs/decisions/012-worker-rate-limits.md).
  const photoLimit = workerLimit(app, { perDevice: 30, errorResponseBuilder: tooMany });
  // Uploads need no sign-in: the unit id, then the single-use address, is the capability.
  const workerPhotos = { ...photoLimit, config: { ...photoLimit.config, access: 'worker' as const } };
  // Tickets asked within one ticket lifetime bound the addresses a phone can hold open (per process;
  // docs/decisions/027-storage-and-quota.md): a stuck page cannot reserve a project's quota.
  const deviceTickets = app.createRateLimit({
    max: MAX_TICKETS_PER_DEVICE,
    timeWindow: TICKET_MS,
    keyGenerator: (r) => `tickets:${clientKey(r)}`,
  });

  // Raw bytes for the upload route, whatever the client calls them; checked by their content.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/api/objects/upload',
    { ...workerPhotos, schema: { body: uploadTicketInput, response: { 200: uploadTicketSchema } } },
    async (request, reply) => {
      const roomId = request.body.roomId;
      const row = isUuid(roomId) ? await findUnitWithProject(app.db, roomId) : undefined;
      if (!row) throw notFound('unit_not_found', UNIT_NOT_FOUND);
      if (!acceptsWork(row.project, projectToday(row.project, app.now()))) throw forbidden('project_inactive', PROJECT_INACTIVE);
      // Anyone with a unit's label may upload: cap what can wait unused on one unit.
      const open = await countOpenTickets(app.db, { unitId: row.unit.id, now: app.now() });
      if (open >= MAX_OPEN_TICKETS_PER_UNIT) {
        reply.header('retry-after', String(TICKET_MS / 1000));
        throw tooManyRequests('unit_uploads_busy', 'Too many photos are being uploaded for this unit. Finish those first, then try again.');
      }
      if (deviceIdOf(request)) {
        const limit = await deviceTickets(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', String(limit.ttlInSeconds));
          throw tooManyRequests(
            'device_uploads_busy',
            'This phone has too many photos waiting to upload. Let those finish, then try again.',
          );
        }
      }
      const reservedBytes = request.body.size ?? RESERVED_PHOTO_BYTES;
      await checkDailyQuota(row.project, reply, reservedBytes);
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
    },
  );

  app.put(
    '/api/objects/upload/:token',
    {
      bodyLimit: MAX_PHOTO_BYTES,
      ...workerPhotos,
      // `consumes` only documents the raw body (OpenAPI); the bytes are checked by their content.
      schema: {
        params: z.object({ token: z.string().min(20).max(100) }),
        consumes: [...PHOTO_TYPES, 'application/octet-stream'],
        response: { 200: uploadDoneSchema },
      },
      // Fastify parses the body before preValidation: the address is claimed here, before one byte
      // of it is read, so an unknown, spent, expired or busy address costs no upload. (preParsing,
      // not onRequest: the rate limit's onRequest hook must count every attempt first.)
      preParsing: async (request, reply, payload) => {
        const token = (request.params as { token?: string }).token ?? '';
        const hash = sha256(token);
        const claim = await claimTicket(hash);
        request.uploadClaim = claim;
        // A client that goes away mid-upload (or is cut off) frees the address for its retry.
        reply.raw.once('close', () => void releaseClaim(request, claim));
        // One deadline for the whole body (docs/decisions/011-uploads-under-load.md): a trickle ends.
        claim.timer = setTimeout(() => {
          if (claim.state !== 'claimed') return;
          request.log.warn({ timeoutMs: app.config.uploadTimeoutMs }, 'photo upload too slow, connection closed');
          void releaseClaim(request, claim).finally(() => request.raw.socket?.destroy());
        }, app.config.uploadTimeoutMs);
        claim.timer.unref();
        return payload;
      },
      preValidation: async (request) => {
        clearTimeout(request.uploadClaim?.timer);
      },
      // Any answer but success (400, 413, 415, 500…) frees the address before the client hears it,
      // so its retry finds the address free again.
      onSend: async (request, reply, payload) => {
        const claim = request.uploadClaim;
        if (claim) {
          clearTimeout(claim.timer);
          if (reply.statusCode !== 200) await releaseClaim(request, claim);
        }
        return payload;
      },
    },
    async (request, reply) => {
      const claim = request.uploadClaim!;
      const ticket = claim.ticket;
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        throw new AppError(415, 'photo_empty', 'Send the photo bytes (JPEG, PNG, WebP or HEIC)');
      const contentType = detectImageType(bytes);
      if (!contentType) throw new AppError(415, 'photo_type_unsupported', 'Only JPEG, PNG, WebP or HEIC photos can be uploaded');
      await settleReservation(ticket, bytes.length, reply);
      // Store first (no other I/O inside a transaction), then spend the claimed ticket atomically.
      claim.state = 'storing';
      try {
        await app.storage.put(ticket.key, bytes, contentType);
        const spent = await spendTicket(app.db, {
          id: ticket.id,
          claimedHash: claim.marker,
          contentType,
          size: bytes.length,
          now: app.now(),
        });
        if (!spent) {
          // The row went away meanwhile (only the sweep deletes one): the bytes have no owner.
          await app.storage.delete(ticket.key).catch(() => undefined);
          claim.state = 'spent';
          throw notFound('upload_unknown', UPLOAD_UNKNOWN);
        }
        claim.state = 'spent';
      } finally {
        if (claim.state === 'storing') claim.state = 'claimed';
      }
      return { objectPath: `/objects/${ticket.key}`, contentType, size: bytes.length };
    },
  );

  /**
   * The project's daily storage quota: photos stored today (the project's local day) plus what every
   * open upload address reserved (docs/decisions/027-storage-and-quota.md), plus `bytes` — less
   * `reserved`, when they replace an address's own reservation.
   */
  async function checkDailyQuota(project: { id: string; timezone: string }, reply: FastifyReply, bytes: number, reserved = 0) {
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
  async function settleReservation(ticket: UploadClaim['ticket'], size: number, reply: FastifyReply) {
    const reserved = ticket.reservedBytes ?? MAX_PHOTO_BYTES;
    if (size <= reserved || !ticket.unitId) return;
    const row = await findUnitWithProject(app.db, ticket.unitId);
    if (row) await checkDailyQuota(row.project, reply, size, reserved);
  }

  /**
   * Takes the upload address for this request alone (one UPDATE, so two requests can never both win),
   * or says why not: unknown or spent (404), expired (403), another upload under way (409).
   */
  async function claimTicket(hash: string): Promise<UploadClaim> {
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
  async function releaseClaim(request: FastifyRequest, claim: UploadClaim) {
    if (claim.state !== 'claimed') return;
    claim.state = 'released';
    clearTimeout(claim.timer);
    try {
      await releaseTicket(app.db, { id: claim.ticket.id, claimedHash: claim.marker, hash: claim.hash });
    } catch (err) {
      request.log.warn({ err: loggableError(err) }, 'could not free an upload address');
    }
  }

  /** A photo, only for signed-in members of its project. Keys never change, so it caches for good. */
  // `produces` only documents the answer's bytes (OpenAPI); the stored type is sent.
  app.get('/objects/*', { config: { access: 'member' }, schema: { produces: [...PHOTO_TYPES] } }, async (request, reply) => {
    const auth = userOf(request);
    const key = (request.params as { '*': string })['*'];
    const object = await findUploadedPhoto(app.db, { projectId: auth.projectId, key });
    if (!object) throw notFound('photo_not_found', 'Photo not found');
    const stored = await app.storage.get(object.key);
    if (!stored) throw notFound('photo_not_found', 'Photo not found');
    // The length of the bytes actually sent, never the row's: a disagreement would corrupt the
    // keep-alive connection (the next answer would start inside this one).
    if (stored.size !== undefined) reply.header('content-length', String(stored.size));
    return reply
      .header('content-type', object.contentType ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(stored.stream);
  });
}

/** Whole seconds until the next midnight in a time zone (at least one minute). */
export function secondsToLocalMidnight(timeZone: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Math.max(60, 86_400 - (get('hour') * 3600 + get('minute') * 60 + get('second')));
}
