import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { DEVICE_HEADER, isDeviceId } from '#contract/worker-rules.ts';
import type { AppError } from './errors.ts';

/**
 * Rate-limit keys for the worker pages (docs/decisions/012-worker-rate-limits.md). A crew shares one
 * phone hotspot or the site Wi-Fi, so a per-address limit refuses a whole crew for the pace of a
 * few workers. Each worker page sends its own random device id; limits count per device, under a
 * generous ceiling per address. Without a valid id a request is counted per address, as before.
 */

/** How many devices' worth of requests one address may send before the ceiling refuses it. */
export const ADDRESS_CEILING_FACTOR = 20;

const addressOf = (request: FastifyRequest) => normalizeIP(request.ip, 64);

/** The device id a worker page sent, when it is well formed. */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[DEVICE_HEADER.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return isDeviceId(value) ? value : undefined;
}

/** The key for a per-client limit: the device when known, else the address. Objects routes can use it too. */
export function clientKey(request: FastifyRequest): string {
  const device = deviceIdOf(request);
  return device ? `device:${device}` : `address:${addressOf(request)}`;
}

export interface WorkerLimitOptions {
  /** Requests per minute for one device (and for one address that sends no device id). */
  perDevice: number;
  /** The 429 refusal (its code decides the words the worker pages show). */
  errorResponseBuilder: () => AppError;
  /**
   * A limit per thing touched (a unit, a task), whatever the devices: many phones, or one phone
   * that keeps making new ids, cannot hammer one unit. `of` names the thing from the request.
   */
  perTarget?: { max: number; of: (request: FastifyRequest) => string | undefined };
}

/**
 * A route's per-device limit (route config) and its per-address ceiling (a preHandler). The ceiling
 * is checked by hand: @fastify/rate-limit runs only the first limiter of a request.
 */
export function workerLimit(app: FastifyInstance, opts: WorkerLimitOptions) {
  const timeWindow = '1 minute';
  const ceiling = app.createRateLimit({
    max: opts.perDevice * ADDRESS_CEILING_FACTOR,
    timeWindow,
    keyGenerator: (r) => `ceiling:${addressOf(r)}`,
  });
  const perTarget = opts.perTarget;
  const target =
    perTarget && app.createRateLimit({ max: perTarget.max, timeWindow, keyGenerator: (r) => `target:${perTarget.of(r) ?? ''}` });
  const refuse = (reply: FastifyReply, ttlInSeconds: number) => {
    reply.header('retry-after', String(ttlInSeconds));
    return opts.errorResponseBuilder();
  };
  const addressCeiling = async (request: FastifyRequest, reply: FastifyReply) => {
    if (target && perTarget!.of(request) !== undefined) {
      const limit = await target(request);
      if (!limit.isAllowed && limit.isExceeded) throw refuse(reply, limit.ttlInSeconds);
    }
    // Without a device id the route's own limit already counts this address.
    if (!deviceIdOf(request)) return;
    const limit = await ceiling(request);
    if (!limit.isAllowed && limit.isExceeded) throw refuse(reply, limit.ttlInSeconds);
  };
  return {
    config: { rateLimit: { max: opts.perDevice, timeWindow, keyGenerator: clientKey, errorResponseBuilder: opts.errorResponseBuilder } },
    preHandler: addressCeiling,
  };
}
