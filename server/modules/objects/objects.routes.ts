import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, uploadDoneSchema, uploadTicketInput, uploadTicketSchema } from '../../../contract/objects.ts';
import { storedObjects } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid, randomToken, sha256 } from '../../lib/ids.ts';
import { localDate } from '../../lib/time.ts';
import { requireUser } from '../../plugins/session.ts';
import { detectImageType } from '../../storage/image-type.ts';
import { findUnitWithProject } from '../worker/worker.queries.ts';
import { PROJECT_INACTIVE, UNIT_NOT_FOUND, acceptsWork } from '../worker/worker.service.ts';

/** An upload address lives 10 minutes and works once. */
const TICKET_MS = 10 * 60_000;
/** Unused upload addresses one unit may have at a time. */
export const MAX_OPEN_TICKETS_PER_UNIT = 20;
const tooMany = () => ({ statusCode: 429, message: 'Too many uploads. Please wait a minute and try again.' });

/**
 * Photos (spec §7, DESIGN.md "Files"): the worker page asks for a single-use upload address bound to
 * the unit, PUTs the bytes there, then completes the task with the `/objects/...` path. The server
 * checks the bytes (JPEG, PNG, WebP, HEIC; ≤ 10 MB) before anything is stored.
 */
export async function objectRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Raw bytes for the upload route, whatever the client calls them; checked by their content.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/api/objects/upload',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute', errorResponseBuilder: tooMany } },
      schema: { body: uploadTicketInput, response: { 200: uploadTicketSchema } },
    },
    async (request) => {
      const roomId = request.body.roomId;
      const row = isUuid(roomId) ? await findUnitWithProject(app.db, roomId) : undefined;
      if (!row) throw notFound(UNIT_NOT_FOUND);
      if (!acceptsWork(row.project, localDate(row.project.timezone, app.now()))) throw new AppError(403, PROJECT_INACTIVE);
      // Anyone with a unit's label may upload: cap what can wait unused on one unit.
      const [{ open }] = await app.db
        .select({ open: sql<number>`count(*)::int` })
        .from(storedObjects)
        .where(and(eq(storedObjects.unitId, row.unit.id), isNull(storedObjects.uploadedAt), gt(storedObjects.uploadExpiresAt, app.now())));
      if (open >= MAX_OPEN_TICKETS_PER_UNIT) throw new AppError(429, 'Too many photos are being uploaded for this unit. Finish those first, then try again.');
      const token = randomToken(32);
      const key = `units/${row.unit.id}/${randomToken(16)}`;
      const expiresAt = new Date(app.now().getTime() + TICKET_MS);
      await app.db.insert(storedObjects).values({
        projectId: row.project.id,
        unitId: row.unit.id,
        key,
        uploadTokenHash: sha256(token),
        uploadExpiresAt: expiresAt,
      });
      return { uploadURL: `/api/objects/upload/${token}`, objectPath: `/objects/${key}`, expiresAt: expiresAt.toISOString() };
    },
  );

  app.put(
    '/api/objects/upload/:token',
    {
      bodyLimit: MAX_PHOTO_BYTES,
      config: { rateLimit: { max: 30, timeWindow: '1 minute', errorResponseBuilder: tooMany } },
      schema: { params: z.object({ token: z.string().min(20).max(100) }), response: { 200: uploadDoneSchema } },
    },
    async (request) => {
      const hash = sha256(request.params.token);
      const [ticket] = await app.db.select().from(storedObjects).where(eq(storedObjects.uploadTokenHash, hash)).limit(1);
      if (!ticket) throw notFound('This upload address is unknown or was already used');
      if (!ticket.uploadExpiresAt || ticket.uploadExpiresAt.getTime() < app.now().getTime()) throw new AppError(403, 'Request has expired');
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new AppError(415, 'Send the photo bytes (JPEG, PNG, WebP or HEIC)');
      const contentType = detectImageType(bytes);
      if (!contentType) throw new AppError(415, 'Only JPEG, PNG, WebP or HEIC photos can be uploaded');
      // Store first (no other I/O inside a transaction), then spend the ticket atomically.
      await app.storage.put(ticket.key, bytes, contentType);
      const spent = await app.db
        .update(storedObjects)
        .set({ uploadTokenHash: null, uploadedAt: app.now(), contentType, size: bytes.length })
        .where(and(eq(storedObjects.id, ticket.id), eq(storedObjects.uploadTokenHash, hash)))
        .returning({ id: storedObjects.id });
      if (spent.length === 0) throw notFound('This upload address is unknown or was already used');
      return { objectPath: `/objects/${ticket.key}`, contentType, size: bytes.length };
    },
  );

  /** A photo, only for signed-in members of its project. Keys never change, so it caches for good. */
  app.get('/objects/*', async (request, reply) => {
    const auth = await requireUser(app, request, ['admin', 'manager', 'cleaner']);
    const key = (request.params as { '*': string })['*'];
    const [object] = await app.db
      .select()
      .from(storedObjects)
      .where(and(eq(storedObjects.projectId, auth.projectId), eq(storedObjects.key, key), isNotNull(storedObjects.uploadedAt)))
      .limit(1);
    if (!object) throw notFound('Photo not found');
    const stream = await app.storage.get(object.key);
    if (!stream) throw notFound('Photo not found');
    return reply
      .header('content-type', object.contentType ?? 'application/octet-stream')
      .header('content-length', String(object.size ?? ''))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
}
