import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardStatuses, type ClaimBoard } from '@shared/claim-board.js';
import type { Claim } from '@shared/claims.js';
import { openStatusesOf, type ClaimStatus, type Workflow } from '@shared/workflows.js';
import { auditLog, claims } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * The claim page, the board and the transition route answer the same question (which moves may this user make
 * on this claim?): they must agree, and every move offered must succeed.
 */
describe('moves offered on a claim', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db, { name: 'Moves Fleet' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [company.id] }));

  async function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  interface Case {
    workflow: Workflow;
    status: ClaimStatus;
    /** An authorization request awaits its decision (made through the API, which moves the claim there). */
    pendingAuthorization?: boolean;
  }

  /** A claim of `workflow` put in `status` (on hold: from the workflow's first open status after reported). */
  async function claimIn({ workflow, status, pendingAuthorization }: Case): Promise<string> {
    const claim = await createClaimVia(app, manager, newClaimInput(company.id, { workflow }));
    const heldFrom = openStatusesOf(workflow)[1]!;
    const start = pendingAuthorization ? 'diagnosis' : status;
    await db
      .update(claims)
      .set({ status: start, statusBeforeHold: start === 'on_hold' ? heldFrom : null })
      .where(eq(claims.id, claim.id));
    if (pendingAuthorization) {
      const requested = await call(manager, 'POST', `/api/vehicles/${claim.id}/authorizations`, {
        lines: [{ description: 'Replace the water pump', amountCents: 90_000 }],
      });
      expect(requested.statusCode, requested.body).toBe(201);
    }
    return claim.id as string;
  }

  const cases: Case[] = [
    ...boardStatuses('collision').map((status) => ({ workflow: 'collision' as const, status })),
    ...boardStatuses('mechanical').map((status) => ({ workflow: 'mechanical' as const, status })),
    { workflow: 'mechanical', status: 'authorization_pending', pendingAuthorization: true },
  ];
  const label = (c: Case) => `${c.workflow} ${c.status}${c.pendingAuthorization ? ' (request pending)' : ''}`;

  async function pageMoves(cookie: string, id: string) {
    const response = await call(cookie, 'GET', `/api/vehicles/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Claim).allowedTransitions;
  }

  async function boardMoves(cookie: string, workflow: Workflow, status: ClaimStatus, id: string) {
    // One column at a time, as "load more" asks, with room for every claim of this test.
    const response = await call(
      cookie,
      'GET',
      `/api/claim-board?workflow=${workflow}&status=${status}&limit=100`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const card = (response.json() as ClaimBoard).columns[0]!.items.find((item) => item.id === id);
    expect(card, `the card of ${id}`).toBeDefined();
    return card!.allowedTransitions;
  }

  it('the claim page and the board offer the same moves, for a manager and for a viewer', async () => {
    for (const c of cases) {
      const id = await claimIn(c);
      const status = c.pendingAuthorization ? 'authorization_pending' : c.status;
      for (const cookie of [manager, viewer]) {
        const onPage = await pageMoves(cookie, id);
        expect(await boardMoves(cookie, c.workflow, status, id), label(c)).toEqual(onPage);
      }
      expect(await pageMoves(viewer, id), `${label(c)}: a viewer moves nothing`).toEqual([]);
    }
  });

  it('a pending authorization request keeps Authorized and Declined for its decision, on the page and the board', async () => {
    const id = await claimIn({
      workflow: 'mechanical',
      status: 'authorization_pending',
      pendingAuthorization: true,
    });
    const onBoard = await boardMoves(manager, 'mechanical', 'authorization_pending', id);
    expect(onBoard).not.toContain('authorized');
    expect(onBoard).not.toContain('declined');
    expect(onBoard).toEqual(await pageMoves(manager, id));
  });

  it('every move the board offers succeeds through the transition route', async () => {
    for (const c of cases) {
      const probe = await claimIn(c);
      const status = c.pendingAuthorization ? 'authorization_pending' : c.status;
      const offered = await boardMoves(manager, c.workflow, status, probe);
      expect(offered.length, `${label(c)} offers a move`).toBeGreaterThan(0);
      for (const to of offered) {
        // A fresh claim per move: each move changes the claim.
        const id = await claimIn(c);
        const { version } = (await call(manager, 'GET', `/api/vehicles/${id}`)).json() as Claim;
        const moved = await call(manager, 'POST', `/api/vehicles/${id}/transitions`, { to, version });
        expect(moved.statusCode, `${label(c)} → ${to}: ${moved.body}`).toBe(200);
        expect((moved.json() as Claim).status).toBe(to);
      }
    }
  });

  it('refuses a final cost larger than a claim holds with 400, saving nothing', async () => {
    const id = await claimIn({ workflow: 'collision', status: 'ready_for_pickup' });
    const { version } = (await call(manager, 'GET', `/api/vehicles/${id}`)).json() as Claim;
    const refused = await call(manager, 'POST', `/api/vehicles/${id}/transitions`, {
      to: 'completed',
      version,
      finalAmountCents: 3_000_000_000,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain('Final cost is too large');
    const after = (await call(manager, 'GET', `/api/vehicles/${id}`)).json() as Claim;
    expect([after.status, after.version, after.finalAmountCents]).toEqual([
      'ready_for_pickup',
      version,
      null,
    ]);
  });

  it('audits the final cost a completion sets, before and after', async () => {
    const id = await claimIn({ workflow: 'collision', status: 'ready_for_pickup' });
    const { version } = (await call(manager, 'GET', `/api/vehicles/${id}`)).json() as Claim;
    const moved = await call(manager, 'POST', `/api/vehicles/${id}/transitions`, {
      to: 'completed',
      version,
      finalAmountCents: 132_300,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Claim).finalAmountCents).toBe(132_300);
    const [audit] = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'claim.moved'), eq(auditLog.entityId, id)));
    expect(audit).toEqual({
      before: { status: 'ready_for_pickup', finalAmountCents: null },
      after: { status: 'completed', note: null, finalAmountCents: 132_300 },
    });
  });
});
