import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../test/claim-factories.js';
import { buildCompany, buildUser, loginAs, sessionCookieOf } from '../test/factories.js';
import { createTestApp } from '../test/test-app.js';

describe('every write made while impersonating is audited', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db);
  const admin = await buildUser(db, { role: 'admin' });
  const manager = await buildUser(db, { role: 'manager', companyIds: [company.id] });
  const own = await loginAs(app, manager);
  const impersonating = sessionCookieOf(
    await app.inject({
      method: 'POST',
      url: `/api/users/${manager.id}/impersonate`,
      headers: { cookie: await loginAs(app, admin) },
    }),
  );
  const claim = await createClaimVia(app, own, newClaimInput(company.id));
  const requestRows = () =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation.write'), eq(auditLog.actorId, manager.id)))
      .orderBy(auditLog.id);

  it('a write no module audits (watching a claim, subscribing to a report) names the admin, its route and answer', async () => {
    const watch = await app.inject({
      method: 'PUT',
      url: `/api/vehicles/${claim.id}/watch`,
      headers: { cookie: impersonating },
    });
    expect(watch.statusCode).toBe(200);
    const subscribe = await app.inject({
      method: 'POST',
      url: '/api/report-subscriptions',
      headers: { cookie: impersonating },
      payload: { name: 'Weekly', cadence: 'weekly', filter: { range: 'last_30_days' } },
    });
    expect(subscribe.statusCode, subscribe.body).toBe(201);

    const rows = await requestRows();
    expect(rows.map((row) => [row.impersonatorId, row.entityType, row.after])).toEqual([
      [
        admin.id,
        'request',
        { method: 'PUT', route: '/api/vehicles/:id/watch', params: { id: claim.id }, statusCode: 200 },
      ],
      [
        admin.id,
        'request',
        { method: 'POST', route: '/api/report-subscriptions', params: {}, statusCode: 201 },
      ],
    ]);
  });

  it('reads, refused writes and the user’s own writes add no such row', async () => {
    const before = (await requestRows()).length;
    await app.inject({ method: 'GET', url: `/api/vehicles/${claim.id}`, headers: { cookie: impersonating } });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/report-subscriptions',
      headers: { cookie: impersonating },
      payload: { name: ' ', cadence: 'daily', filter: { range: 'last_30_days' } },
    });
    expect(refused.statusCode).toBe(400);
    await app.inject({ method: 'PUT', url: `/api/vehicles/${claim.id}/watch`, headers: { cookie: own } });
    expect(await requestRows()).toHaveLength(before);
  });
});
