import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, uploadDoneSchema, uploadTicketInput, uploadTicketSchema } from '#contract/objects.ts';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.ts';
import { sha256 } from '../../lib/ids.ts';
import { userOf } from '../../plugins/access.ts';
import { detectImageType } from '../../storage/image-type.ts';
import { clientKey, deviceIdOf, workerLimit } from '../../lib/client-key.ts';
import {
  MAX_TICKETS_PER_DEVICE,
  TICKET_MS,
  UPLOAD_UNKNOWN,
  checkOpenTickets,
  claimTicket,
  issueUploadTicket,
  photoOf,
  releaseClaim,
  settleReservation,
  spendClaim,
  unitForUpload,
} from './objects.service.ts';

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
      const row = await unitForUpload(app, request.body.roomId);
      await checkOpenTickets(app, row.unit.id, reply);
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
      return issueUploadTicket(app, row, request.body.size, reply);
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
        const claim = await claimTicket(app, hash);
        request.uploadClaim = claim;
        // A client that goes away mid-upload (or is cut off) frees the address for its retry.
        reply.raw.once('close', () => void releaseClaim(app, request, claim));
        // One deadline for the whole body (docs/decisions/011-uploads-under-load.md): a trickle ends.
        claim.timer = setTimeout(() => {
          if (claim.state !== 'claimed') return;
          request.log.warn({ timeoutMs: app.config.uploadTimeoutMs }, 'photo upload too slow, connection closed');
          void releaseClaim(app, request, claim).finally(() => request.raw.socket?.destroy());
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
          if (reply.statusCode !== 200) await releaseClaim(app, request, claim);
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
      await settleReservation(app, ticket, bytes.length, reply);
      // Store first (no other I/O inside a transaction), then spend the claimed ticket atomically.
      claim.state = 'storing';
      try {
        await app.storage.put(ticket.key, bytes, contentType);
        const spent = await spendClaim(app, claim, contentType, bytes.length);
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

  /** A photo, only for signed-in members of its project. Keys never change, so it caches for good. */
  // `produces` only documents the answer's bytes (OpenAPI); the stored type is sent.
  app.get('/objects/*', { config: { access: 'member' }, schema: { produces: [...PHOTO_TYPES] } }, async (request, reply) => {
    const auth = userOf(request);
    const key = (request.params as { '*': string })['*'];
    const object = await photoOf(app, auth.projectId, key);
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
