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

/**
 * Slots held while something long runs, counted per key where every instance sees them: the live
 * streams of a sign-in (its session hash, at most 5) and the export of a project (`export:…`, at
 * most 1; docs/decisions/034-no-tenant-stalls.md).
 */
export interface StreamSlots {
  /** Takes a slot; undefined when the key holds `max` already. */
  take(key: string, max: number): Promise<StreamSlot | undefined>;
}
export interface StreamSlot {
  /** Called while the work goes on (a stream's heartbeat): a slot not renewed lapses (its instance died). */
  renew(): void;
  /** Frees the slot, once (later calls answer the same promise); never rejects. */
  release(): Promise<void>;
}

/** Lease length: three heartbeats, so one late heartbeat does not free a slot that is in use. */
export const STREAM_LEASE_MS = 60_000;

function memorySlots(): StreamSlots {
  const held = new Map<string, number>();
  return {
    take(key, max) {
      // Checked and taken with no await in between, so concurrent requests cannot both take the last slot.
      const n = held.get(key) ?? 0;
      if (n >= max) return Promise.resolve(undefined);
      held.set(key, n + 1);
      let released = false;
      return Promise.resolve({
        renew: () => {},
        release: () => {
          if (released) return Promise.resolve();
          released = true;
          const left = (held.get(key) ?? 1) - 1;
          if (left > 0) held.set(key, left);
          else held.delete(key);
          return Promise.resolve();
        },
      });
    },
  };
}

function databaseSlots(app: FastifyInstance): StreamSlots {
  const warn = (what: string) => (err: unknown) => app.log.warn({ err: loggableError(err) }, what);
  return {
    async take(key, max) {
      const id = randomUUID();
      if (!(await takeStreamLease(app.db, { id, sessionHash: key, max, leaseMs: STREAM_LEASE_MS }))) return undefined;
      let released: Promise<void> | undefined;
      return {
        renew: () => {
          if (!released) renewStreamLease(app.db, { id, leaseMs: STREAM_LEASE_MS }).catch(warn('lease not renewed'));
        },
        release: () => (released ??= releaseStreamLease(app.db, id).catch(warn('lease not released; it lapses by itself'))),
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
