import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientGone, hasClientGone } from '../lib/errors.ts';
import { projectToday } from '../lib/calendar.ts';
import type { EventBus } from './events.ts';
import type { UserAuth } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers computed once per change of a project, shared by every request that asks. */
    projectCache: ProjectCache;
  }
}

/** A write whose event never arrived (a failed NOTIFY) is in every answer after this long at most. */
export const PROJECT_CACHE_TTL_MS = 30_000;
/** Projects kept; the least recently computed goes first. */
const MAX_PROJECTS = 500;
/** Answers kept per project (the map, suggestions for what workers type). */
const MAX_KEYS_PER_PROJECT = 200;

interface Entry {
  date: string;
  at: number;
  value: Promise<unknown>;
}

/**
 * Per-project answers that depend only on the project's units, tasks, completions and work
 * sessions and on its local day — the unit map, the QR page's unit suggestions — computed once per
 * change and shared (docs/decisions/016-live-updates-without-storms.md). Every write that changes
 * them publishes a live event; the cache listens to all of them (from every instance, through the
 * event bus) and drops the project, and a `resync` drops all. Requests that arrive while an answer
 * is being computed wait for that computation instead of starting their own.
 */
export class ProjectCache {
  private readonly projects = new Map<string, Map<string, Entry>>();
  private readonly unsubscribe: () => void;

  constructor(events: EventBus) {
    this.unsubscribe = events.subscribeAll((projectId) => {
      if (projectId === undefined) this.projects.clear();
      else this.projects.delete(projectId);
    });
  }

  /**
   * The answer `key` of the project for `date`. On a miss, `gone` is asked once the waiting I/O has
   * been read (on the embedded database a request's statements run back to back, so a client's
   * goodbye would otherwise be read only after the work was done): a client that has left gets
   * nothing computed.
   */
  async get<T>(projectId: string, key: string, date: string, compute: () => Promise<T>, gone: () => boolean = () => false): Promise<T> {
    const cached = this.fresh<T>(projectId, key, date);
    if (cached) return cached;
    await setImmediate();
    if (gone()) throw clientGone();
    return this.fresh<T>(projectId, key, date) ?? this.start(projectId, key, date, compute);
  }

  private fresh<T>(projectId: string, key: string, date: string): Promise<T> | undefined {
    const hit = this.projects.get(projectId)?.get(key);
    return hit && hit.date === date && Date.now() - hit.at < PROJECT_CACHE_TTL_MS ? (hit.value as Promise<T>) : undefined;
  }

  private start<T>(projectId: string, key: string, date: string, compute: () => Promise<T>): Promise<T> {
    const value = compute();
    const entry = { date, at: Date.now(), value };
    let entries = this.projects.get(projectId);
    if (entries) this.projects.delete(projectId);
    else entries = new Map();
    this.projects.set(projectId, entries); // most recently computed last
    if (this.projects.size > MAX_PROJECTS) this.projects.delete(this.projects.keys().next().value!);
    entries.set(key, entry);
    if (entries.size > MAX_KEYS_PER_PROJECT) entries.delete(entries.keys().next().value!);
    // A failed computation is not kept: the next request tries again.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  }

  close() {
    this.unsubscribe();
    this.projects.clear();
  }
}

/**
 * A manager's screen of the project's local day (statistics, work tracking, the progress matrix…),
 * computed once per change of the project and shared by every request that asks meanwhile:
 * eight managers opening it at once cost one computation (docs/decisions/037-reads-that-stay-fast.md).
 * `key` names the screen and every parameter of the answer; the answer must not depend on who asks
 * beyond their project.
 */
export function sharedAnswer<T>(app: FastifyInstance, auth: UserAuth, key: string, compute: () => Promise<T>): Promise<T> {
  return app.projectCache.get(auth.projectId, key, projectToday(auth, app.now()), compute);
}

/**
 * A shared answer sent as the JSON of it that every request shares too: encoded through the route's
 * response schema once per change of the project, not once per request. A map or progress matrix
 * of 2,000 units is megabytes; eight managers asking at once made eight encodings on one thread,
 * which cost more than computing it (docs/decisions/044-shared-json.md). Requests that arrive
 * meanwhile wait for the one computation, as with sharedAnswer, so `answer` need not be shared
 * itself; it must be the same for every member of the project.
 */
export function sendShared(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: UserAuth,
  schema: z.ZodType,
  answer: () => Promise<unknown>,
): Promise<FastifyReply> {
  return sendSharedJson(app, request, reply, auth, async () => {
    // What fastify-type-provider-zod's serializer does: a wrong answer is still a 500.
    const encoded = z.safeEncode(schema, await answer());
    if (encoded.error) throw new ResponseSerializationError(request.method, request.url, { cause: encoded.error });
    return Buffer.from(JSON.stringify(encoded.data));
  });
}

/**
 * sendShared for an answer that makes its JSON itself (the progress matrix, encoded in slices):
 * `json` is computed once per change of the project and its bytes are kept, which Fastify sends as
 * they are. Sending the 10.7 MB matrix as a string held the thread for ~100 ms per request while
 * Node encoded it again (docs/decisions/045-matrix-in-slices.md). The cache key is the route and
 * its query.
 */
export async function sendSharedJson(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: UserAuth,
  json: () => Promise<Buffer>,
): Promise<FastifyReply> {
  const key = `json:${request.routeOptions.url}:${JSON.stringify(request.query ?? {})}`;
  const bytes = await app.projectCache.get(auth.projectId, key, projectToday(auth, app.now()), json, () => hasClientGone(request));
  // Bytes with a JSON type are sent as they are: the route's serializer is not run again.
  return reply.type('application/json; charset=utf-8').send(bytes);
}

export function registerProjectCache(app: FastifyInstance) {
  const cache = new ProjectCache(app.events);
  app.decorate('projectCache', cache);
  app.addHook('onClose', async () => cache.close());
}
