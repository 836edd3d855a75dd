import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Hooks given only to the routes that can use them, instead of to every request (issue 30, decision 051): a hook
 * added with `app.addHook` runs on every request, the health check and the notification poll included, where it
 * can only pass. Register before the routes (`onRoute` sees the routes added after it).
 */

type HookName = 'preHandler' | 'onSend';
type Method = RouteOptions['method'];

/** The methods that change something, and whose requests carry a body. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const methodsOf = (method: Method) => [method].flat().map((name) => String(name).toUpperCase());

/** Whether a route answers any of `methods`. */
export const routeAnswers = (route: { method: Method }, methods: ReadonlySet<string>) =>
  methodsOf(route.method).some((method) => methods.has(method));

/**
 * Adds `hook` to the routes that answer one of `methods`, first among the route's own hooks of that name: where
 * it ran as a hook of every request, which runs before a route's own.
 */
export function hookRoutesAnswering<Name extends HookName>(
  app: FastifyInstance,
  methods: ReadonlySet<string>,
  name: Name,
  hook: NonNullable<RouteOptions[Name]> extends infer H
    ? H extends readonly unknown[]
      ? H[number]
      : H
    : never,
) {
  app.addHook('onRoute', (route) => {
    if (!routeAnswers(route, methods)) return;
    const own = route[name] as unknown;
    const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
    (route as Record<HookName, unknown>)[name] = [hook, ...hooks];
  });
}

/**
 * A request that has no body has nothing to decompress: routes answering only GET, HEAD or OPTIONS get none of
 * @fastify/compress's decompression hooks (its compression of answers stays). Register before the plugin.
 */
export function decompressOnlyBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!routeAnswers(route, WRITE_METHODS) && route.decompress === undefined) route.decompress = false;
  });
}
