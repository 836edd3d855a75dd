import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, claimNotes, claimStatusHistory } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs, sessionCookieOf } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('writes made while an admin impersonates', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db);
  const admin = await buildUser(db, { role: 'admin', firstName: 'Alex', lastName: 'Admin' });
  const manager = await buildUser(db, {
    role: 'manager',
    firstName: 'Maria',
    lastName: 'Manager',
    companyIds: [company.id],
  });
  const impersonating = sessionCookieOf(
    await app.inject({
      method: 'POST',
      url: `/api/users/${manager.id}/impersonate`,
      headers: { cookie: await loginAs(app, admin) },
    }),
  );
  const as = { cookie: impersonating };
  const alex = { id: admin.id, username: admin.username, name: 'Alex Admin' };
  const maria = { id: manager.id, username: manager.username, name: 'Maria Manager' };

  it('a note names the manager as author and the admin as impersonator, in its row, its answer and its audit row', async () => {
    const claim = await createClaimVia(app, impersonating, newClaimInput(company.id));
    const posted = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/notes`,
      headers: as,
      payload: { body: 'Called the driver' },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ author: maria, impersonator: alex });

    const listed = await app.inject({ method: 'GET', url: `/api/vehicles/${claim.id}/notes`, headers: as });
    expect(listed.json()).toEqual([expect.objectContaining({ author: maria, impersonator: alex })]);

    const [row] = await db.select().from(claimNotes).where(eq(claimNotes.claimId, claim.id));
    expect(row).toMatchObject({ authorId: manager.id, impersonatorId: admin.id });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, claim.id), eq(auditLog.action, 'note.added')));
    expect(audit).toMatchObject({ actorId: manager.id, impersonatorId: admin.id });
    expect(audit!.after).toMatchObject({ noteId: row!.id });
  });

  it('a move names both in the history answer, its row and its audit row', async () => {
    const claim = await createClaimVia(app, impersonating, newClaimInput(company.id));
    const moved = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/transitions`,
      headers: as,
      payload: { to: 'estimate_pending', version: claim.version },
    });
    expect(moved.statusCode).toBe(200);

    const history = await app.inject({
      method: 'GET',
      url: `/api/vehicles/${claim.id}/history`,
      headers: as,
    });
    expect(history.json()).toEqual([
      expect.objectContaining({ toStatus: 'reported', actor: maria, impersonator: alex }),
      expect.objectContaining({ toStatus: 'estimate_pending', actor: maria, impersonator: alex }),
    ]);
    const rows = await db
      .select({ impersonatorId: claimStatusHistory.impersonatorId })
      .from(claimStatusHistory)
      .where(eq(claimStatusHistory.claimId, claim.id));
    expect(rows).toEqual([{ impersonatorId: admin.id }, { impersonatorId: admin.id }]);
    const audits = await db
      .select({ action: auditLog.action, actorId: auditLog.actorId, impersonatorId: auditLog.impersonatorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, claim.id))
      .orderBy(auditLog.id);
    expect(audits).toEqual([
      { action: 'claim.created', actorId: manager.id, impersonatorId: admin.id },
      { action: 'claim.moved', actorId: manager.id, impersonatorId: admin.id },
    ]);
  });

  it('the same note posted by the manager alone names no impersonator', async () => {
    const own = await loginAs(app, manager);
    const claim = await createClaimVia(app, own, newClaimInput(company.id));
    const posted = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/notes`,
      headers: { cookie: own },
      payload: { body: 'Driver called back' },
    });
    expect(posted.json()).toMatchObject({ author: maria, impersonator: null });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, claim.id), eq(auditLog.action, 'note.added')));
    expect(audit).toMatchObject({ actorId: manager.id, impersonatorId: null });
  });
});
