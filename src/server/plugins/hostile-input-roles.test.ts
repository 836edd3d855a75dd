import { describe, it } from 'vitest';
import { completedCollisionClaim } from '../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs, sessionCookieOf } from '../test/factories.js';
import {
  expectHandled,
  fuzzRoute,
  fuzzableRoutes,
  openApiOf,
  operationOf,
  UUID,
} from '../test/hostile-requests.js';
import { createTestApp } from '../test/test-app.js';

/**
 * The hostile-input property (hostile-input.test.ts runs it as an admin with every example) for the other
 * actors of docs/security.md: anonymous, a viewer, a manager and an admin impersonating a manager, with fewer
 * generated requests each; then, per route, the shapes a parser or router sees before a handler does: the
 * path percent-encoded, JSON nested 1,000 deep, a 10 MB string, and bodies of the wrong content type.
 */
describe('hostile input from every actor', async () => {
  const { app, database } = await createTestApp();
  const company = await buildCompany(database.db);
  const admin = await buildUser(database.db, { role: 'admin', companyIds: [company.id] });
  const manager = await buildUser(database.db, { role: 'manager', companyIds: [company.id] });
  const viewer = await buildUser(database.db, { role: 'viewer', companyIds: [company.id] });
  const adminCookie = await loginAs(app, admin);
  await completedCollisionClaim(app, adminCookie, company.id);
  const impersonating = await app.inject({
    method: 'POST',
    url: `/api/users/${manager.id}/impersonate`,
    headers: { cookie: await loginAs(app, admin) },
  });
  const actors = {
    anonymous: '',
    viewer: await loginAs(app, viewer),
    manager: await loginAs(app, manager),
    'admin as manager': sessionCookieOf(impersonating),
  };
  const openapi = await openApiOf(app);
  const routes = fuzzableRoutes(app);
  const cases = Object.entries(actors).flatMap(([actor, cookie]) =>
    routes.map((route) => [`${actor}: ${route.method} ${route.url}`, route, cookie] as const),
  );

  it.each(cases)(
    '%s answers no 5xx',
    async (_name, route, cookie) => {
      await fuzzRoute(app, operationOf(openapi, route) ?? {}, route, cookie, {
        generated: 6,
        examples: false,
      });
    },
    60_000,
  );

  const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;
  const large = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) });
  const oddBodies = [
    { type: 'application/json', payload: deep },
    { type: 'application/json', payload: large },
    { type: 'application/json', payload: '{"name":' },
    { type: 'text/plain', payload: 'name=x' },
    { type: 'application/x-www-form-urlencoded', payload: 'name=x' },
    { type: 'application/xml', payload: '<name>x</name>' },
    { type: 'multipart/form-data; boundary=x', payload: '--x\r\n' },
  ];

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: encoded paths and odd bodies answer no 5xx',
    async (_name, route) => {
      const url = route.url.replace(/:(\w+)/g, UUID);
      const encodedPaths = [
        url.replace('/api/', '/%61pi/'),
        url.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
        `${url}%2F..%2F..`,
        url.replace('/api/', '/api//'),
      ];
      for (const path of encodedPaths) {
        const response = await app.inject({
          method: route.method as 'GET',
          url: path,
          headers: { cookie: adminCookie },
        });
        expectHandled(response, `${route.method} ${path}`);
      }
      if (['GET', 'DELETE'].includes(route.method)) return;
      for (const body of oddBodies) {
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { cookie: adminCookie, 'content-type': body.type },
          payload: body.payload,
        });
        expectHandled(response, `${route.method} ${url} ${body.type} ${body.payload.slice(0, 20)}`);
      }
    },
    60_000,
  );
});
