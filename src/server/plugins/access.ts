import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN_MESSAGES, type ApiTokenScope } from '@shared/api-tokens.js';
import { AppError } from '@shared/errors.js';
import { PERMISSIONS, roleHasPermission, type Permission } from '@shared/permissions.js';
import { API_DOCS_PREFIX } from './api-docs.js';

/**
 * Who may call a route. Every `/api` route must declare it in `config.access`; the server refuses to start
 * with one that does not, so nothing is reachable by accident (deny by default).
 * - `public`: anyone, logged in or not.
 * - `authenticated`: any logged-in user.
 * - a permission string: a logged-in user whose role holds it (PRODUCT.md §4).
 */
export type RouteAccess = 'public' | 'authenticated' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** False for background polling, which must not keep an idle session alive. */
    countsAsActivity?: boolean;
  }
}

export const NOT_LOGGED_IN_MESSAGE = 'You are not logged in';

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api` route with the access it declared; the permission-matrix test walks it. */
    apiRoutes: DeclaredRoute[];
  }
}

export function requireDeclaredAccess(app: FastifyInstance) {
  app.decorate('apiRoutes', [] as DeclaredRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The API documentation (plugins/api-docs.ts) is public; its routes come from a third-party plugin.
    if (route.url.startsWith(API_DOCS_PREFIX)) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    const access = (route.config as { access?: string } | undefined)?.access;
    const valid =
      access === 'public' || access === 'authenticated' || PERMISSIONS.includes(access as Permission);
    if (!valid) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access (got ${access})`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access: access as RouteAccess });
    }
  });

  // Runs after the session is resolved (plugins/session.ts) and before validation and the handler.
  // Synchronous: no promise per request for a check that reads only the request.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return done();
    if (!request.auth) return done(new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE));
    // An API token reaches only the routes of a permission among its scopes: not a person's own routes (profile,
    // notifications, log out), which declare `authenticated` (issue 33).
    const token = request.apiToken;
    if (token && access === 'authenticated')
      return done(new AppError('forbidden', API_TOKEN_MESSAGES.routeRefused));
    if (access !== 'authenticated' && !roleHasPermission(request.auth.user.role, access)) {
      return done(new AppError('forbidden', 'You do not have permission to do this'));
    }
    if (token && !token.scopes.includes(access as ApiTokenScope)) {
      return done(new AppError('forbidden', API_TOKEN_MESSAGES.scopeMissing));
    }
    done();
  });
}
