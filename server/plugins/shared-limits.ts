import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { loggableError } from './errors.ts';
import {
  countRateLimitHit,
  deleteEndedRateLimits,
  deleteLapsedStreamLeases,
  readRateLimit,
  releaseStreamLease,
  renewStreamLease,
  takeStreamLease,
} from './shared-limits.queries.ts';

/**
 * What one instance would otherwise keep in its own memory and several must share
 * (docs/decisions/030-several-instances.md): rate-limit counters and the open live streams per
 * sign-in. On PostgreSQL they live in the database, so every instance behind a load balancer
 * counts the same requests; the embedded database serves one process only (its data directory is
 * locked), which keeps them in memory.
 */

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A `store` for @fastify/rate-limit that counts in PostgreSQL, with the same fixed windows as its own. */
export function sharedRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let limiters = 0;
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }
    incr(key: string, cb: Callback, timeWindow: number) {
      countRateLimitHit(db, { key: this.prefix + key, windowMs: timeWindow }).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: Callback) {
      readRateLimit(db, this.prefix + key).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }
    /**
     * Each route's limit, and each limiter made with `createRateLimit`, counts on its own, as the
     * plugin's memory store does. A limiter without a route is named by the order it was made in,
     * which is the same on every instance running the same code.
     */
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the limit's merged options, which carry the route as `routeInfo`.
      const options = params as unknown as ChildOptions;
      const route = options.routeInfo?.url ? `${String(options.routeInfo.method)} ${options.routeInfo.url}` : `limiter#${(limiters += 1)}`;
      return new SharedRateLimitStore(`${this.prefix}${route}|`);
    }
  };
}

/** The open live streams of each sign-in, counted where every instance sees them. */
export interface StreamSlots {
  /** Takes a slot for a new stream; undefined when the sign-in holds `max` already. */
  take(sessionHash: string, max: number): Promise<StreamSlot | undefined>;
}
export interface StreamSlot {
  /** Called on each heartbeat of the stream: a slot not renewed lapses (its instance died). */
  renew(): void;
  release(): void;
}

/** Lease length: three heartbeats, so one late heartbeat does not free a slot that is in use. */
export const STREAM_LEASE_MS = 60_000;

function memorySlots(): StreamSlots {
  const held = new Map<string, number>();
  return {
    take(sessionHash, max) {
      // Checked and taken with no await in between, so concurrent requests cannot both take the last slot.
      const n = held.get(sessionHash) ?? 0;
      if (n >= max) return Promise.resolve(undefined);
      held.set(sessionHash, n + 1);
      let released = false;
      return Promise.resolve({
        renew: () => {},
        release: () => {
          if (released) return;
          released = true;
          const left = (held.get(sessionHash) ?? 1) - 1;
          if (left > 0) held.set(sessionHash, left);
          else held.delete(sessionHash);
        },
      });
    },
  };
}

function databaseSlots(app: FastifyInstance): StreamSlots {
  const warn = (what: string) => (err: unknown) => app.log.warn({ err: loggableError(err) }, what);
  return {
    async take(sessionHash, max) {
      const id = randomUUID();
      if (!(await takeStreamLease(app.db, { id, sessionHash, max, leaseMs: STREAM_LEASE_MS }))) return undefined;
      let released = false;
      return {
        renew: () => {
          if (!released) renewStreamLease(app.db, { id, leaseMs: STREAM_LEASE_MS }).catch(warn('live stream lease not renewed'));
        },
        release: () => {
          if (released) return;
          released = true;
          releaseStreamLease(app.db, id).catch(warn('live stream lease not released; it lapses by itself'));
        },
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    streamSlots: StreamSlots;
  }
}

const SWEEP_MS = 10 * 60_000;

/** The rate-limit store option for this database, and the stream slots, with their sweep. */
export function registerSharedLimits(app: FastifyInstance): { store?: FastifyRateLimitStoreCtor } {
  if (app.database.kind !== 'postgres') {
    app.decorate('streamSlots', memorySlots());
    return {};
  }
  app.decorate('streamSlots', databaseSlots(app));
  const sweep = setInterval(() => {
    deleteEndedRateLimits(app.db).catch((err) => app.log.warn({ err: loggableError(err) }, 'rate limit sweep failed'));
    deleteLapsedStreamLeases(app.db).catch((err) => app.log.warn({ err: loggableError(err) }, 'live stream sweep failed'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return { store: sharedRateLimitStore(app.db) };
}
