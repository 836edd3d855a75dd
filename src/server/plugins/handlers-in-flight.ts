import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no route handler is running (at once when none is). */
    handlersSettled(): Promise<void>;
  }
}

/**
 * Counts the route handlers running, so that shutdown can wait for them before it closes the database.
 * Fastify's close waits for connections, not handlers: a request whose client has gone away keeps running,
 * and its next query would otherwise meet a closed pool. Registered before the routes (it wraps each handler).
 */
export function trackHandlersInFlight(app: FastifyInstance) {
  let running = 0;
  let waiting: (() => void)[] = [];
  app.decorate('handlersSettled', () =>
    running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
  );
  const done = () => {
    running--;
    if (running > 0) return;
    const settled = waiting;
    waiting = [];
    for (const resolve of settled) resolve();
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    // A handler keeps its own kind: a synchronous one stays synchronous (Fastify treats the two differently).
    route.handler = function (this: FastifyInstance, request, reply) {
      running++;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        done();
        throw error;
      }
      if (!(result instanceof Promise)) {
        done();
        return result;
      }
      return result.then(
        (value: unknown) => {
          done();
          return value;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
    };
  });
}
