import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security.js';
import { registerSpa } from './spa.js';

/** A stand-in web build: the SPA's index page and asset, and the driver's report form built on its own (issue 32). */
function fakeWebBuild({ reportForm }: { reportForm: boolean }): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-spa-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><title>FleetClaims</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log("spa")');
  if (reportForm) {
    fs.mkdirSync(path.join(root, 'report', 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'report', 'report.html'),
      '<!doctype html><title>Driver’s report</title><div id="root" data-report-form></div>',
    );
    fs.writeFileSync(path.join(root, 'report', 'assets', 'report-XyZ789.js'), 'console.log("report")');
  }
  return root;
}

async function appServing(webRoot: string) {
  const app = Fastify();
  registerSecurityHeaders(app, { https: false });
  await registerSpa(app, webRoot);
  await app.ready();
  return app;
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

describe("the driver's report form's own build", async () => {
  const root = fakeWebBuild({ reportForm: true });
  roots.push(root);
  const app = await appServing(root);
  const spa = await appServing(fakeWebBuild({ reportForm: false }));

  it.each(['/report/AbCdEf012345_-xyz', '/report/AbCdEf012345_-xyz/', '/report/AbCdEf012345_-xyz?from=qr'])(
    'answers the report link %s with its page, revalidated, not for search engines, under the CSP',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('data-report-form');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('caches its hashed files for a year, and answers a missing one with 404 rather than the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/report/assets/report-XyZ789.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gone = await app.inject({ method: 'GET', url: '/report/assets/report-gone.js' });
    expect(gone.statusCode).toBe(404);
  });

  it("leaves every other address to the SPA's index.html", async () => {
    for (const url of ['/', '/report', '/report/abc/extra', '/driver-reports', '/vehicles/123']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>FleetClaims</title>');
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('falls back to the SPA (its own lazy route) when the report form was not built', async () => {
    const response = await spa.inject({ method: 'GET', url: '/report/AbCdEf012345_-xyz' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>FleetClaims</title>');
  });
});
