import type { FastifyInstance } from 'fastify';

/**
 * Who may call a route. Every `/api` route must declare it in `config.access`; the server refuses to start
 * with one that does not, so nothing is reachable by accident (deny by default).
 * - `public`: anyone, logged in or not.
 */
export type RouteAccess = 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function requireDeclaredAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });
}
