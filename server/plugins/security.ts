import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { badRequest, forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The helmet configuration: what headers every answer carries. */
export function helmetOptions(config: Pick<FastifyInstance['config'], 'env'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The worker pages' service worker and web manifest (docs/decisions/022-offline-worker-app.md).
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  };
}

/** Per configuration: asked of helmet once per process, however many apps are built (tests build many). */
const helmetHeaders = new Map<string, Promise<[string, string][]>>();

/**
 * The headers helmet sets for these options, asked of helmet itself once at start-up.
 * @fastify/helmet rebuilds its middleware (and re-parses the CSP) on every request, which cost the
 * hottest worker route a measurable share of its throughput; the headers never vary per request
 * (no CSP nonces), so they are computed once and replayed.
 */
export function computeHelmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const key = JSON.stringify(options);
  let headers = helmetHeaders.get(key);
  if (!headers) {
    headers = probeHelmet(options);
    helmetHeaders.set(key, headers);
    headers.catch(() => helmetHeaders.delete(key));
  }
  return headers;
}

async function probeHelmet(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  // At handler time the raw response holds exactly what helmet set (Fastify's own headers come later).
  probe.get('/', async (_request, reply) => Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]));
  try {
    return (await probe.inject({ method: 'GET', url: '/' })).json<[string, string][]>();
  } finally {
    await probe.close();
  }
}

/**
 * Security headers, and cross-site request forgery protection for writes: the session cookie is
 * SameSite=Lax, and a write whose Origin header names another site is refused outright.
 * Both run in one synchronous hook: every route pays it, the public worker routes most often.
 */
export async function registerSecurity(app: FastifyInstance) {
  const headers = await computeHelmetHeaders(helmetOptions(app.config));
  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);

  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response, as helmet does: also answers that bypass the reply (a hijacked stream) carry them.
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
    done(isCrossSiteWrite(request, allowedOrigins) ? forbidden('cross_site_refused', 'Cross-site request refused') : undefined);
  });

  // API answers carry personal and project data: no browser or proxy cache may keep them (a shared
  // site computer's back button, a corporate proxy). A route that chose its own caching keeps it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // PostgreSQL cannot store NUL in text: refuse it up front (400) instead of failing the query (500).
  app.addHook('preValidation', (request, _reply, done) => {
    const nul = containsNul(request.params) || containsNul(request.query) || containsNul(request.body);
    done(nul ? badRequest('text_invalid', 'Text must not contain NUL characters') : undefined);
  });
}

const isApiUrl = (url: string) => url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

function isCrossSiteWrite(request: FastifyRequest, allowedOrigins: Set<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (!origin) return false; // not a browser (or a same-origin navigation without Origin): no ambient-cookie risk
  if (allowedOrigins.has(origin)) return false;
  const host = request.headers.host;
  if (!host) return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** A NUL character anywhere in a parsed request part (strings, arrays, nested objects). Buffers are bytes, not text. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 20) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
