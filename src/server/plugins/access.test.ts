import { describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth.js';
import { API_TOKEN_MESSAGES, API_TOKEN_SCOPES, type ApiTokenScope } from '@shared/api-tokens.js';
import { roleHasPermission, type Permission } from '@shared/permissions.js';
import { buildUser, loginAs } from '../test/factories.js';
import { createTestApp } from '../test/test-app.js';

/**
 * Walks every `/api` route the app registered, for every role and for a visitor, and checks the answer
 * against the permission table. A new route is covered automatically; one without a declared access
 * cannot even be registered.
 */
describe('permission matrix', async () => {
  const { app, database } = await createTestApp();
  const cookies: Record<UserRole, string> = {
    admin: await loginAs(app, await buildUser(database.db, { role: 'admin' })),
    manager: await loginAs(app, await buildUser(database.db, { role: 'manager' })),
    viewer: await loginAs(app, await buildUser(database.db, { role: 'viewer' })),
  };
  const routes = app.apiRoutes.filter(
    (route) => !['/api/logout', '/api/return-to-admin'].includes(route.url),
  );
  /**
   * Routes whose own policy refuses some holders of the permission with 403, and the message they give: the
   * Fleet Dashboard is open to a viewer only for the company an admin picked (spec §6, issue 14), and these
   * users are linked to no company.
   */
  const refusedByPolicy: Record<string, string> = {
    '/api/fleet-dashboard': 'You cannot open the Fleet Dashboard of this company',
  };
  /** An admin's tokens: one per scope, made when a route first asks, and one of each scope but one. */
  const grantable = (access: string): access is ApiTokenScope =>
    API_TOKEN_SCOPES.includes(access as ApiTokenScope);
  const tokenOf = async (scopes: readonly string[]) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: { cookie: cookies.admin },
      payload: {
        name: scopes.length === 1 ? `Only ${scopes[0]}` : `All but one (${scopes.length})`,
        scopes,
        companyIds: null,
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    if (response.statusCode !== 201) throw new Error(`token not created: ${response.body}`);
    return (response.json() as { token: string }).token;
  };
  const onlyTokens = new Map<string, Promise<string>>();
  const allButTokens = new Map<string, Promise<string>>();
  const tokens = {
    only: (scope: ApiTokenScope) =>
      onlyTokens.get(scope) ?? onlyTokens.set(scope, tokenOf([scope])).get(scope)!,
    allBut: (access: string) => {
      const key = grantable(access) ? access : 'all';
      const scopes = API_TOKEN_SCOPES.filter((scope) => scope !== key);
      return allButTokens.get(key) ?? allButTokens.set(key, tokenOf(scopes)).get(key)!;
    },
  };
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

  it('knows the routes', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    (_name, route) => {
      it('refuses a visitor unless public', async () => {
        const response = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          payload: {},
        });
        if (route.access === 'public') expect(response.statusCode).not.toBe(401);
        else {
          expect(response.statusCode).toBe(401);
          expect(response.json().message).toBe('You are not logged in');
        }
      });

      it('answers an API token by its scopes', async () => {
        const send = (token: string) =>
          app.inject({
            method: route.method as 'GET',
            url: concrete(route.url),
            headers: { authorization: `Bearer ${token}` },
            payload: {},
          });
        if (route.access === 'public') return;
        const allButThis = await send(await tokens.allBut(route.access));
        if (route.access === 'authenticated' || !grantable(route.access)) {
          const message =
            route.access === 'authenticated'
              ? API_TOKEN_MESSAGES.routeRefused
              : API_TOKEN_MESSAGES.scopeMissing;
          expect([allButThis.statusCode, allButThis.json().message]).toEqual([403, message]);
          return;
        }
        expect([allButThis.statusCode, allButThis.json().message]).toEqual([
          403,
          API_TOKEN_MESSAGES.scopeMissing,
        ]);
        const onlyThis = await send(await tokens.only(route.access));
        if (onlyThis.statusCode === 403 && refusedByPolicy[route.url]) {
          expect(onlyThis.json().message).toBe(refusedByPolicy[route.url]);
        } else expect([401, 403]).not.toContain(onlyThis.statusCode);
      });

      it.each(['admin', 'manager', 'viewer'] as const)(
        'answers a %s by the permission table',
        async (role) => {
          const response = await app.inject({
            method: route.method as 'GET',
            url: concrete(route.url),
            headers: { cookie: cookies[role] },
            payload: {},
          });
          const allowed =
            route.access === 'public' ||
            route.access === 'authenticated' ||
            roleHasPermission(role, route.access as Permission);
          if (allowed && response.statusCode === 403 && refusedByPolicy[route.url]) {
            expect(response.json().message).toBe(refusedByPolicy[route.url]);
          } else if (allowed) expect([401, 403]).not.toContain(response.statusCode);
          else expect(response.statusCode).toBe(403);
        },
      );
    },
  );
});
