import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.js';
import { buildUser, loginAs } from '../test/factories.js';
import { createTestApp } from '../test/test-app.js';

/** A stand-in build of the web app: an index page and one hashed asset. */
function fakeWebBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><title>FleetClaims</title><div id="root"></div>',
  );
  fs.writeFileSync(
    path.join(root, 'assets', 'index-AbC123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))})`,
  );
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe('HTTP basics', async () => {
  const { app, database } = await createTestApp({ webRoot: fakeWebBuild() });
  const admin = await buildUser(database.db, { role: 'admin' });
  const cookie = await loginAs(app, admin);

  describe('API errors are JSON with a message', () => {
    it('answers an unknown /api path with 404 JSON', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        message: 'No such endpoint: GET /api/does-not-exist',
        code: 'not_found',
      });
    });

    it('answers an unknown method on /api with 404 JSON', async () => {
      const response = await app.inject({ method: 'DELETE', url: '/api/health' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No such endpoint: DELETE /api/health');
    });

    it('answers malformed JSON with 400 and no stack trace', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/health',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The request body is not valid JSON', code: 'bad_request' });
      expect(response.body).not.toMatch(/at .*\.js:\d+/);
    });

    it('answers an oversized body with 413', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/health',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES + 10) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: 'The request body is too large' });
    });
  });

  describe('headers', () => {
    it('sets a strict content security policy and the usual security headers', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });

    // Helmet's headers are worked out once (issue 30): every kind of answer still carries all of them, as before.
    it('sends the same eleven security headers on an API answer, a page, an asset and an error', async () => {
      const expected = {
        'content-security-policy':
          "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
          "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
          "frame-ancestors 'none'",
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      };
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/api/health' }),
        app.inject({ method: 'GET', url: '/claim-manager', headers: { accept: 'text/html' } }),
        app.inject({ method: 'GET', url: '/assets/index-AbC123.js' }),
        app.inject({ method: 'GET', url: '/api/no-such-thing' }),
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: '{',
          headers: { 'content-type': 'application/json' },
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404, 400]);
      for (const answer of answers) {
        const security = Object.fromEntries(
          Object.keys(expected).map((name) => [name, answer.headers[name]]),
        );
        expect(security).toEqual(expected);
        expect(answer.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('gives every response a request id, keeping one the client sent', async () => {
      const generated = await app.inject({ method: 'GET', url: '/api/health' });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const echoed = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'trace-42' },
      });
      expect(echoed.headers['x-request-id']).toBe('trace-42');
    });

    it('compresses large responses for clients that accept gzip', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/index-AbC123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
    });
  });

  describe('the single-page app', () => {
    it('caches hashed assets for a year', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('revalidates files that are not hashed', async () => {
      const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it.each(['/', '/vehicles/123', '/admin/email-templates', '/reset-password/abc'])(
      'serves index.html for the client route %s',
      async (url) => {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<div id="root">');
      },
    );

    it('answers a missing asset with 404 rather than the page', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('cross-origin requests', () => {
    const evil = { origin: 'https://evil.example' };

    // Routing decodes the path (`/%61pi/login` is `/api/login`), so the check must not test the raw address.
    it.each([
      ['/api/login', { username: 'nobody', password: 'x' }],
      ['/%61pi/login', { username: 'nobody', password: 'x' }],
      ['/%61pi/auth/forgot-password', { email: 'nobody@example.com' }],
    ])('refuses POST %s from another site with 403', async (url, payload) => {
      const response = await app.inject({ method: 'POST', url, headers: evil, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Cross-origin request refused');
      expect(response.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();
    });

    it('refuses an encoded path that logs in, even with the right password', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/%61pi/login',
        headers: evil,
        payload: { username: admin.username, password: admin.password },
      });
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('reads the session on an encoded API path', async () => {
      const response = await app.inject({ method: 'GET', url: '/%61pi/user', headers: { cookie } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('caching of answers', () => {
    // One hook (plugins/security.ts): every API answer is `no-store` unless its route chose otherwise.
    it.each([
      '/api/user',
      '/api/vehicles',
      '/api/accounting/aging.csv',
      '/api/vehicles/export.csv',
      '/api/no-such-thing',
      '/%61pi/user',
    ])('answers GET %s with Cache-Control: no-store', async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('marks errors and writes no-store too', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/api/user' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: admin.username, password: admin.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.headers['cache-control']).toBe('no-store');
    });

    it('keeps the notification poll revalidating with its ETag (304) while no-store', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\//);
      const again = await app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers['cache-control']).toBe('no-store');
    });
  });
});
