import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackHandlersInFlight } from './handlers-in-flight.js';
import { deferred } from '../test/deferred.js';

describe('handlers in flight', () => {
  it('settles only once every running handler has finished, whatever its kind', async () => {
    const app = Fastify();
    trackHandlersInFlight(app);
    const slow = deferred();
    app.get('/slow', async () => {
      await slow.promise;
      return { done: true };
    });
    app.get('/sync', (_request, reply) => {
      reply.send({ sync: true });
    });
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.ready();

    await expect(app.handlersSettled()).resolves.toBeUndefined();
    const slowResponse = app.inject({ method: 'GET', url: '/slow' });
    // Let the request reach its handler.
    await new Promise((resolve) => setTimeout(resolve, 20));
    let settled = false;
    const waiting = app.handlersSettled().then(() => (settled = true));

    expect((await app.inject({ method: 'GET', url: '/sync' })).json()).toEqual({ sync: true });
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    slow.resolve();
    expect((await slowResponse).json()).toEqual({ done: true });
    await waiting;
    expect(settled).toBe(true);
    await app.close();
  });
});
