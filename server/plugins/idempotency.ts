import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/client.ts';
import { badRequest, conflict, unprocessable } from '../lib/errors.ts';
import { sha256 } from '../lib/ids.ts';
import {
  claimRequestKey,
  deleteRequestKey,
  deleteRequestKeysBefore,
  deleteUnansweredRequestKey,
  findRequestKey,
  storeAnswer,
} from './idempotency.queries.ts';
import { SESSION_COOKIE } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A create or action that honours `Idempotency-Key` (docs/decisions/015-idempotent-creates.md);
     * `'secret'` when its answer is a secret (a temporary password): the answer is then stored
     * encrypted with the client's key, and the key itself only as a hash.
     */
    idempotent?: boolean | 'secret';
    /**
     * A worker write that reads `Idempotency-Key` itself and keeps it with the record it makes,
     * instead of declaring `idempotent` (docs/decisions/004-worker-api-and-idempotency.md); the API
     * document names the header on it too.
     */
    keyInRecord?: true;
  }
  interface FastifyInstance {
    /** `METHOD /url` of every route that declares `idempotent` (server/idempotent-routes.test.ts walks it). */
    idempotentRoutes: ReadonlySet<string>;
  }
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when it succeeds. */
    idempotencyClaim?: { route: string; key: string; sealWith?: string };
  }
}

/** Answers are replayed for a day; a claim with no answer after a minute was abandoned (a crash). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const ABANDONED_MS = 60_000;
/** How long a repeat waits for the first request to finish before it is told to try again. */
const WAIT_FOR_FIRST_MS = 10_000;
export const KEY_REUSED = 'This Idempotency-Key was already used for another request';

/** The client-generated key that makes a retried write safe, if the request has one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key))
    throw badRequest('idempotency_key_invalid', 'Idempotency-Key must be 8–100 letters, digits or _.:-');
  return key;
}

/** Secrets never go into the fingerprint, not even hashed: a card number hashes back too easily. */
const SECRET_FIELDS = new Set(['password', 'confirmPassword', 'cardNumber', 'cardCvv', 'currentPassword', 'newPassword']);
/** The request's parameters and body: the same key for another member or another body is refused. */
const fingerprintOf = (request: FastifyRequest) =>
  sha256(
    JSON.stringify({ params: request.params ?? null, body: request.body ?? null }, (name, value: unknown) =>
      SECRET_FIELDS.has(name) ? undefined : value,
    ),
  );

/**
 * A secret answer is kept only in a form that the client's own key opens: AES-256-GCM under a
 * hash of the Idempotency-Key, which the table holds only as another hash. Reading the table
 * gives no password back; the caller who still holds the key gets the same answer again.
 */
const SECRET_PREFIX = 'aes-gcm:';
const secretCipherKey = (key: string) => createHash('sha256').update(`idempotent-answer:${key}`).digest();
export function sealAnswer(key: string, body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretCipherKey(key), iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return SECRET_PREFIX + [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64')).join('.');
}
export function openAnswer(key: string, stored: string): string {
  const [iv, tag, sealed] = stored
    .slice(SECRET_PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', secretCipherKey(key), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

/**
 * Create routes that declare `config.idempotent`: the first request with a key claims it, the
 * answer of a successful one is stored, and a repeat — a double-click, or a retry after a lost
 * answer — waits for the first and gets the same answer without creating anything. A failed
 * request frees its key, so the form can be corrected and sent again.
 */
export function registerIdempotency(app: FastifyInstance) {
  const claim: preHandlerAsyncHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
    const clientKey = idempotencyKeyOf(request);
    if (!clientKey) return;
    const secret = request.routeOptions.config.idempotent === 'secret';
    const key = secret ? `sha256:${sha256(clientKey)}` : clientKey;
    const route = `${request.method} ${request.routeOptions.url}`;
    const sid = request.cookies[SESSION_COOKIE];
    const caller = sha256(sid ? `session:${sid}` : `address:${request.ip}`);
    const fingerprint = fingerprintOf(request);
    const deadline = performance.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await claimRequestKey(app.db, { route, key, caller, fingerprint, now: app.now() })) {
        request.idempotencyClaim = { route, key, sealWith: secret ? clientKey : undefined };
        return;
      }
      const first = await findRequestKey(app.db, { route, key });
      if (!first) continue; // the first request failed and freed the key meanwhile: claim it now
      if (first.status === null && app.now().getTime() - first.createdAt.getTime() > ABANDONED_MS) {
        await deleteUnansweredRequestKey(app.db, { route, key });
        continue;
      }
      if (first.caller !== caller || first.fingerprint !== fingerprint) throw unprocessable('idempotency_key_reused', KEY_REUSED);
      if (first.status !== null) {
        const body = secret && first.body !== null ? openAnswer(clientKey, first.body) : first.body;
        return reply.code(first.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(body);
      }
      if (performance.now() > deadline)
        throw conflict('request_in_progress', 'The same request is still being processed. Please try again in a moment.');
      await sleep(50);
    }
  };

  const settle: onSendHookHandler = async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (!held) return payload;
    request.idempotencyClaim = undefined;
    const { sealWith, ...stored } = held;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      const body = sealWith === undefined ? payload : sealAnswer(sealWith, payload);
      await storeAnswer(app.db, { ...stored, status: reply.statusCode, body });
    } else {
      await deleteRequestKey(app.db, stored);
    }
    return payload;
  };

  const idempotentRoutes = new Set<string>();
  app.decorate('idempotentRoutes', idempotentRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) idempotentRoutes.add(`${method} ${route.url}`);
    const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);
    route.preHandler = [...asList(route.preHandler), claim];
    route.onSend = [...asList(route.onSend), settle];
  });
}

/** Housekeeping (with the session sweep): answers older than a day are forgotten. */
export async function purgeIdempotentRequests(db: Db, now = new Date()) {
  await deleteRequestKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
}
