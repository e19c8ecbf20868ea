import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ACCESS_LEVELS, ROLES_BY_ACCESS, type AccessLevel, type Role } from '#contract/constants.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { getAuth, type AdminAuth, type UserAuth } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required under /api and /objects (docs/decisions/017-access-on-the-route.md). */
    access?: AccessLevel;
    /**
     * A project user signed in with a temporary password may call this route too (reading who they
     * are, choosing the new password); every other signed-in route refuses them (docs/product.md "Your own account").
     */
    duringPasswordChange?: boolean;
  }
  interface FastifyInstance {
    /** Every route that declares access, with its level, in registration order (HEAD twins included). */
    routeAccess: readonly RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: AccessLevel;
}

/** The paths whose every route must say who may call it: the API and the stored photos. */
const mustDeclare = (url: string) => url === '/api' || url.startsWith('/api/') || url === '/objects' || url.startsWith('/objects/');

const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/**
 * Access is declared on the route (`config: { access }`) and enforced here, by one hook, before any
 * of the route's own code runs: 401 without a valid session of the kind the level needs, 403 for a
 * project role the level does not admit (docs/decisions/017-access-on-the-route.md). A route under
 * /api or /objects that declares nothing stops the server from starting. Must run before the routes
 * are registered, and after the rate limiter, so that refused attempts are still counted.
 */
export function registerAccess(app: FastifyInstance) {
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    const methods = asList(route.method);
    const access = route.config?.access;
    if (access === undefined) {
      if (mustDeclare(route.url)) {
        throw new Error(
          `${methods.join(',')} ${route.url} declares no access: add config.access (docs/decisions/017-access-on-the-route.md)`,
        );
      }
      return;
    }
    if (!ACCESS_LEVELS.includes(access))
      throw new Error(`${methods.join(',')} ${route.url} declares an unknown access level '${String(access)}'`);
    for (const method of methods) table.push({ method, url: route.url, access });
    const check = checkFor(app, access, route.config?.duringPasswordChange === true);
    if (check) route.onRequest = [...asList(route.onRequest), check];
  });
}

/** The check of one level; none for `public` and `worker` (the handler derives the project from the id it is given). */
function checkFor(app: FastifyInstance, access: AccessLevel, duringPasswordChange: boolean): onRequestAsyncHookHandler | undefined {
  if (access === 'public' || access === 'worker') return undefined;
  if (access === 'platformAdmin') {
    return async (request) => {
      const auth = await getAuth(app, request);
      // A project user's session is no platform session: to this route it is no session at all.
      if (auth?.kind !== 'platform-admin') throw unauthorized();
    };
  }
  const roles: readonly Role[] = ROLES_BY_ACCESS[access];
  return async (request) => {
    const auth = await getAuth(app, request);
    // Likewise a platform admin's session to a project route.
    if (auth?.kind !== 'user') throw unauthorized();
    if (!roles.includes(auth.role)) throw forbidden();
    if (auth.mustChangePassword && !duringPasswordChange) {
      throw forbidden('password_change_required', 'Choose a new password first: this account signed in with a temporary one');
    }
  };
}

/**
 * The signed-in project user of a route that declares `member`, `manager` or `admin` (its check has
 * already run). Anywhere else it is a programming error, never a way in.
 */
export function userOf(request: FastifyRequest): UserAuth {
  const auth = request.authCache;
  if (auth?.kind === 'user') return auth;
  throw new Error(
    `${request.method} ${request.routeOptions.url} reads the project user but declares access '${request.routeOptions.config.access}'`,
  );
}

/** The signed-in platform admin of a route that declares `platformAdmin`; like userOf. */
export function platformAdminOf(request: FastifyRequest): AdminAuth {
  const auth = request.authCache;
  if (auth?.kind === 'platform-admin') return auth;
  throw new Error(
    `${request.method} ${request.routeOptions.url} reads the platform admin but declares access '${request.routeOptions.config.access}'`,
  );
}
