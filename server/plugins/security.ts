import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { badRequest, forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, and cross-site request forgery protection for writes: the session cookie is
 * SameSite=Lax, and a write whose Origin header names another site is refused outright.
 */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
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
    hsts: app.config.env === 'production',
  });

  // PostgreSQL cannot store NUL in text: refuse it up front (400) instead of failing the query (500).
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest('Text must not contain NUL characters');
    }
  });

  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return; // not a browser (or a same-origin navigation without Origin): no ambient-cookie risk
    const host = request.headers.host;
    let ok = allowedOrigins.has(origin);
    if (!ok && host) {
      try {
        ok = new URL(origin).host === host;
      } catch {
        ok = false;
      }
    }
    if (!ok) throw forbidden('Cross-site request refused');
  });
}

/** A NUL character anywhere in a parsed request part (strings, arrays, nested objects). Buffers are bytes, not text. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 20) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
