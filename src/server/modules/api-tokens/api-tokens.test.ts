import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_RATE_LIMIT,
  type ApiToken,
  type CreatedApiToken,
  type CreateApiTokenRequest,
} from '@shared/api-tokens.js';
import type { Claim } from '@shared/claims.js';
import { apiTokens, auditLog, rateLimits, users } from '../../db/schema/index.js';
import { newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs, sessionCookieOf } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/** The last day a token made now may live to: a month ahead. */
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe('API tokens', async () => {
  const { app, database } = await createTestApp();
  const { db } = database;
  const companyA = await buildCompany(db, { name: 'Acme Logistics' });
  const companyB = await buildCompany(db, { name: 'Borealis Freight' });
  const admin = await buildUser(db, { role: 'admin', firstName: 'Alex', lastName: 'Admin' });
  const adminCookie = await loginAs(app, admin);

  const create = (input: Partial<CreateApiTokenRequest>, cookie = adminCookie) =>
    app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: { cookie },
      payload: {
        name: 'Nightly sync',
        scopes: ['vehicles.view'],
        companyIds: null,
        expiresOn: inAMonth(),
        ...input,
      },
    });
  const tokenWith = async (input: Partial<CreateApiTokenRequest>) => {
    const response = await create(input);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as CreatedApiToken).token;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const claimOf = async (companyId: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { cookie: adminCookie },
      payload: newClaimInput(companyId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Claim;
  };

  it('shows the token once, lists it by its first characters, and refuses it once revoked', async () => {
    const lastDay = inAMonth();
    const response = await create({
      name: 'Telematics',
      scopes: ['vehicles.view', 'reports.view'],
      expiresOn: lastDay,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, apiToken } = response.json() as CreatedApiToken;
    expect(token).toMatch(/^fct_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({
      name: 'Telematics',
      hint: token.slice(0, 10),
      scopes: ['vehicles.view', 'reports.view'],
      companies: null,
      createdBy: { id: admin.id, username: admin.username },
      status: 'active',
      lastUsedAt: null,
      expiresOn: lastDay,
      expiresAt: new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString(),
    });
    const [stored] = await db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(stored!.tokenHash).not.toContain(token.slice(4));

    const used = await app.inject({ method: 'GET', url: '/api/vehicles', headers: bearer(token) });
    expect(used.statusCode).toBe(200);
    expect(used.headers['ratelimit-limit']).toBe(String(API_TOKEN_RATE_LIMIT));
    expect(used.headers['ratelimit-remaining']).toBe(String(API_TOKEN_RATE_LIMIT - 1));
    expect(used.headers['ratelimit-policy']).toBe(`${API_TOKEN_RATE_LIMIT};w=60`);

    const list = await app.inject({
      method: 'GET',
      url: '/api/api-tokens',
      headers: { cookie: adminCookie },
    });
    const listed = (list.json() as ApiToken[]).find((entry) => entry.id === apiToken.id)!;
    expect(list.body).not.toContain(token);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedIp).toBe('127.0.0.1');

    const revoked = await app.inject({
      method: 'POST',
      url: `/api/api-tokens/${apiToken.id}/revoke`,
      headers: { cookie: adminCookie },
    });
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    const refused = await app.inject({ method: 'GET', url: '/api/vehicles', headers: bearer(token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(API_TOKEN_MESSAGES.revoked);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refuses an expired token, an unknown one, and one whose creator was deactivated', async () => {
    const token = await tokenWith({});
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.hint, token.slice(0, 10)));
    const expired = await app.inject({ method: 'GET', url: '/api/vehicles', headers: bearer(token) });
    expect([expired.statusCode, expired.json().message]).toEqual([401, API_TOKEN_MESSAGES.expired]);

    for (const header of [`Bearer fct_${'x'.repeat(43)}`, 'Bearer not-a-token', 'Basic YWxhZGRpbjpvcGVu']) {
      const unknown = await app.inject({
        method: 'GET',
        url: '/api/vehicles',
        headers: { authorization: header },
      });
      expect([unknown.statusCode, unknown.json().message]).toEqual([401, API_TOKEN_MESSAGES.invalid]);
    }

    const leaver = await buildUser(db, { role: 'admin' });
    const leaverToken = await tokenWith({}).then(async (value) => {
      await db
        .update(apiTokens)
        .set({ createdById: leaver.id })
        .where(eq(apiTokens.hint, value.slice(0, 10)));
      return value;
    });
    await db.update(users).set({ active: false }).where(eq(users.id, leaver.id));
    const deactivated = await app.inject({
      method: 'GET',
      url: '/api/vehicles',
      headers: bearer(leaverToken),
    });
    expect([deactivated.statusCode, deactivated.json().message]).toEqual([401, API_TOKEN_MESSAGES.invalid]);
  });

  it('says what is wrong with a token asked for', async () => {
    const narrowedAccounting = await create({ scopes: ['accounting.view'], companyIds: [companyA.id] });
    expect(narrowedAccounting.statusCode).toBe(400);
    expect(narrowedAccounting.json().fieldErrors).toEqual({ scopes: [API_TOKEN_MESSAGES.narrowedScopes] });
    const past = await create({ expiresOn: '2020-01-01' });
    expect(past.json().fieldErrors).toEqual({ expiresOn: [API_TOKEN_MESSAGES.expiryInPast] });
    const impersonating = await create({ scopes: ['users.impersonate' as 'vehicles.view'] });
    expect(impersonating.statusCode).toBe(400);
    const unnamed = await create({ name: ' ', scopes: [] });
    expect(unnamed.json().fieldErrors).toMatchObject({
      name: [API_TOKEN_MESSAGES.nameRequired],
      scopes: [API_TOKEN_MESSAGES.scopesRequired],
    });
  });

  it('lets a manager create tokens for their companies once an administrator allows it, and manage only their own', async () => {
    const manager = await buildUser(db, { role: 'manager', companyIds: [companyA.id] });
    const managerCookie = await loginAs(app, manager);
    const viewerCookie = await loginAs(
      app,
      await buildUser(db, { role: 'viewer', companyIds: [companyA.id] }),
    );
    const allow = (managersCreateApiTokens: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie: adminCookie },
        payload: { managersCreateApiTokens },
      });
    const notYet = await create({ companyIds: [companyA.id] }, managerCookie);
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().message).toBe(API_TOKEN_MESSAGES.managersNotAllowed);
    expect((await create({ companyIds: [companyA.id] }, viewerCookie)).statusCode).toBe(403);

    expect((await allow(true)).json()).toMatchObject({ managersCreateApiTokens: true });
    const everyCompany = await create({}, managerCookie);
    expect(everyCompany.json().fieldErrors).toEqual({ companyIds: [API_TOKEN_MESSAGES.companiesChosen] });
    const another = await create({ companyIds: [companyB.id] }, managerCookie);
    expect(another.json().fieldErrors).toEqual({ companyIds: ['Choose companies you can reach'] });
    const beyond = await create({ companyIds: [companyA.id], scopes: ['accounting.view'] }, managerCookie);
    expect(beyond.json().fieldErrors).toEqual({ scopes: ['You do not hold accounting.view'] });
    const created = await create(
      { name: 'Shop tablet', companyIds: [companyA.id], scopes: ['vehicles.view', 'claims.transition'] },
      managerCookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { token, apiToken } = created.json() as CreatedApiToken;
    expect(apiToken).toMatchObject({
      createdBy: { id: manager.id },
      companies: [{ id: companyA.id, name: 'Acme Logistics' }],
    });
    // The token sees the manager's company, not another.
    const mine = await claimOf(companyA.id);
    const theirs = await claimOf(companyB.id);
    const read = (id: string) =>
      app.inject({
        method: 'GET',
        url: `/api/vehicles/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await read(mine.id)).statusCode).toBe(200);
    expect((await read(theirs.id)).statusCode).toBe(404);

    // A manager lists and revokes their own tokens only; the administrators see every one.
    const list = async (cookie: string) =>
      (
        (
          await app.inject({ method: 'GET', url: '/api/api-tokens', headers: { cookie } })
        ).json() as ApiToken[]
      ).map((entry) => entry.id);
    expect(await list(managerCookie)).toEqual([apiToken.id]);
    expect(await list(adminCookie)).toContain(apiToken.id);
    const adminToken = ((await create({ name: 'Admin only' })).json() as CreatedApiToken).apiToken.id;
    const revokeAs = (cookie: string, id: string) =>
      app.inject({ method: 'POST', url: `/api/api-tokens/${id}/revoke`, headers: { cookie } });
    expect((await revokeAs(managerCookie, adminToken)).statusCode).toBe(404);
    expect((await revokeAs(managerCookie, apiToken.id)).json()).toMatchObject({ status: 'revoked' });

    // An administrator acting as the manager cannot make a token in the manager's name.
    const impersonated = await app.inject({
      method: 'POST',
      url: `/api/users/${manager.id}/impersonate`,
      // A session of its own: impersonating turns the session into the manager's.
      headers: { cookie: await loginAs(app, admin) },
    });
    const asManager = sessionCookieOf(impersonated);
    const refused = await create({ companyIds: [companyA.id] }, asManager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_TOKEN_MESSAGES.notWhileImpersonating);

    // Turned off again, no manager creates one.
    await allow(false);
    expect((await create({ companyIds: [companyA.id] }, managerCookie)).statusCode).toBe(403);
  });

  it('acts as the token, not a cookie sent with it, and needs no Origin check', async () => {
    const token = await tokenWith({ scopes: ['vehicles.view', 'vehicles.create', 'claims.transition'] });
    const fromElsewhere = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...bearer(token), origin: 'https://integrator.example' },
      payload: newClaimInput(companyA.id),
    });
    expect(fromElsewhere.statusCode, fromElsewhere.body).toBe(201);

    const viewOnly = await tokenWith({ scopes: ['vehicles.view'] });
    const withAdminCookie = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...bearer(viewOnly), cookie: adminCookie },
      payload: newClaimInput(companyA.id),
    });
    expect([withAdminCookie.statusCode, withAdminCookie.json().message]).toEqual([
      403,
      API_TOKEN_MESSAGES.scopeMissing,
    ]);
    const ownRoute = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(viewOnly),
    });
    expect([ownRoute.statusCode, ownRoute.json().message]).toEqual([403, API_TOKEN_MESSAGES.routeRefused]);
  });

  it('reaches only its companies, and records its moves as "API: <name>"', async () => {
    const [claimA, claimB] = [await claimOf(companyA.id), await claimOf(companyB.id)];
    const token = await tokenWith({
      name: 'Shop sync',
      scopes: ['vehicles.view', 'claims.transition'],
      companyIds: [companyA.id],
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/vehicles?pageSize=100',
      headers: bearer(token),
    });
    const companies = new Set((list.json().items as { companyId: string }[]).map((item) => item.companyId));
    expect([...companies]).toEqual([companyA.id]);
    const other = await app.inject({
      method: 'GET',
      url: `/api/vehicles/${claimB.id}`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);

    const moved = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claimA.id}/transitions`,
      headers: bearer(token),
      payload: { to: claimA.allowedTransitions[0], version: claimA.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = await app.inject({
      method: 'GET',
      url: `/api/vehicles/${claimA.id}/history`,
      headers: bearer(token),
    });
    expect(history.json().at(-1)).toMatchObject({ via: 'API: Shop sync', actor: { id: admin.id } });
    const [audit] = await db
      .select({ apiTokenId: auditLog.apiTokenId, actorId: auditLog.actorId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'claim.moved'),
          eq(auditLog.entityId, claimA.id),
          isNotNull(auditLog.apiTokenId),
        ),
      );
    expect(audit!.actorId).toBe(admin.id);
  });

  it('answers 429 with Retry-After once the window is used up', async () => {
    const token = await tokenWith({});
    const [row] = await db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.hint, token.slice(0, 10)));
    await db.insert(rateLimits).values({
      key: `api-token:${row!.id}`,
      count: API_TOKEN_RATE_LIMIT,
      windowEndsAt: new Date(Date.now() + 30_000),
    });
    const limited = await app.inject({ method: 'GET', url: '/api/vehicles', headers: bearer(token) });
    expect([limited.statusCode, limited.json().message]).toEqual([429, API_TOKEN_MESSAGES.rateLimited]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
  });
});
