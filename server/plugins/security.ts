import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { forbidden } from '../lib/errors.ts';

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
