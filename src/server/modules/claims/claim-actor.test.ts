import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.js';
import { auditLog, claims, claimStatusHistory } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { transitionClaim } from './claim-workflow.service.js';

describe('the system as actor', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db);
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));

  it('a system actor moves a claim and writes the history and an audit row with no user, naming its job', async () => {
    const claim = await createClaimVia(app, manager, newClaimInput(company.id));
    const moved = await transitionClaim(db, systemActor('tekmetric-sync'), claim.id, {
      to: 'estimate_pending',
      version: claim.version,
    });
    expect(moved.claim.status).toBe('estimate_pending');
    expect(moved.claim.updatedById).toBeNull();

    const [history] = await db
      .select()
      .from(claimStatusHistory)
      .where(
        and(eq(claimStatusHistory.claimId, claim.id), eq(claimStatusHistory.toStatus, 'estimate_pending')),
      );
    expect(history).toMatchObject({ fromStatus: 'reported', actorId: null, impersonatorId: null });

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, claim.id), eq(auditLog.action, 'claim.moved')));
    expect(audit).toMatchObject({ actorId: null, impersonatorId: null, ip: null });
    expect(audit!.after).toMatchObject({ status: 'estimate_pending', job: 'tekmetric-sync' });

    const [row] = await db.select({ version: claims.version }).from(claims).where(eq(claims.id, claim.id));
    expect(row!.version).toBe(claim.version + 1);
  });
});
