import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

describe('API documentation', async () => {
  const { app } = await createTestApp();

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(
      document.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('username');
    expect(document.paths['/api/users/{id}'].patch).toBeDefined();
    // Every POST may carry an Idempotency-Key (decision 040).
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
    });
    expect(document.paths['/api/companies'].post.parameters).toContainEqual({
      $ref: '#/components/parameters/IdempotencyKey',
    });
  });

  it('describes bearer tokens and the scope each route needs', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const move = document.paths['/api/vehicles/{id}/transitions'].post;
    expect(move['x-scope']).toBe('claims.transition');
    expect(move.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(move.description).toContain('Scope: `claims.transition`');
    // A person's own routes take only the session; public ones neither.
    expect(document.paths['/api/notifications'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/login'].post.security).toBeUndefined();
    // So do the routes of permissions no token may hold (tokens themselves, webhooks, impersonation).
    const tokens = document.paths['/api/api-tokens'].post;
    expect(tokens.security).toEqual([{ session: [] }]);
    expect(tokens['x-scope']).toBeUndefined();
    expect(tokens.description).toContain(
      'Permission: `api.tokens.own` (a session only: no API token may hold it).',
    );
  });

  it('serves the browsable documentation with a content security policy of its own', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
