import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { decompressOnlyBodies, hookRoutesAnswering } from './route-hooks.js';

describe('hookRoutesAnswering', () => {
  it('gives the hook only to the routes answering those methods, before their own hooks', async () => {
    const app = Fastify();
    const ran: string[] = [];
    hookRoutesAnswering(app, new Set(['POST']), 'preHandler', (request, _reply, done) => {
      ran.push(`shared ${request.method}`);
      done();
    });
    decompressOnlyBodies(app);
    const decompress: Record<string, unknown> = {};
    app.addHook('onRoute', (route) => {
      decompress[`${String(route.method)} ${route.url}`] = route.decompress;
    });
    const own = (_request: unknown, _reply: unknown, done: () => void) => {
      ran.push('own');
      done();
    };
    app.post('/write', { preHandler: own }, async () => 'ok');
    app.get('/read', { preHandler: own }, async () => 'ok');
    await app.inject({ method: 'POST', url: '/write' });
    await app.inject({ method: 'GET', url: '/read' });
    expect(ran).toEqual(['shared POST', 'own', 'own']);
    // Decompression only where a request has a body.
    expect(decompress).toMatchObject({ 'POST /write': undefined, 'GET /read': false });
    await app.close();
  });
});
