import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CANNOT_UNDO_MOVE_MESSAGE,
  UNDO_MOVE_NOTE,
  type Claim,
  type StatusHistoryEntry,
} from '@shared/claims.js';
import type { ClaimStatus } from '@shared/workflows.js';
import { claims, claimStatusHistory } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/** The board's Undo: taking back one's own last move, as a recorded move the other way. */
describe('undoing a move', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db, { name: 'Undo Fleet' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
  const other = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [company.id] }));

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });

  async function move(cookie: string, claim: Pick<Claim, 'id' | 'version'>, to: ClaimStatus) {
    const response = await post(cookie, `/api/vehicles/${claim.id}/transitions`, {
      to,
      version: claim.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Claim;
  }
  const undo = (cookie: string, claim: Pick<Claim, 'id' | 'version'>) =>
    post(cookie, `/api/vehicles/${claim.id}/transitions/undo`, { version: claim.version });

  async function history(cookie: string, id: string) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/vehicles/${id}/history`,
      headers: { cookie },
    });
    return response.json() as StatusHistoryEntry[];
  }

  const newClaim = async () => (await createClaimVia(app, manager, newClaimInput(company.id))) as Claim;

  it('puts the claim back where it was, as a move of its own in the history', async () => {
    const claim = await newClaim();
    const moved = await move(manager, claim, 'estimate_pending');

    const response = await undo(manager, moved);
    expect(response.statusCode, response.body).toBe(200);
    const back = response.json() as Claim;
    expect(back.status).toBe('reported');
    expect(back.version).toBe(moved.version + 1);
    expect(back.allowedTransitions).toContain('estimate_pending');
    const entries = await history(manager, claim.id);
    expect(entries.map((entry) => [entry.fromStatus, entry.toStatus, entry.note])).toEqual(
      expect.arrayContaining([
        ['reported', 'estimate_pending', null],
        ['estimate_pending', 'reported', UNDO_MOVE_NOTE],
      ]),
    );
  });

  it('returns a claim put on hold to its status, and one taken off hold back on hold', async () => {
    const claim = await newClaim();
    const held = await move(manager, claim, 'on_hold');
    const released = (await undo(manager, held)).json() as Claim;
    expect(released.status).toBe('reported');
    const [row] = await db.select().from(claims).where(eq(claims.id, claim.id));
    expect(row!.statusBeforeHold).toBeNull();

    const heldAgain = await move(manager, released, 'on_hold');
    const resumed = await move(manager, heldAgain, 'reported');
    const backOnHold = (await undo(manager, resumed)).json() as Claim;
    expect(backOnHold.status).toBe('on_hold');
    // It still remembers where it was held from: releasing it is offered again.
    expect(backOnHold.allowedTransitions).toEqual(['reported', 'cancelled']);
  });

  it('refuses when the claim changed since, the move was someone else’s, or it is an undo itself', async () => {
    const claim = await newClaim();
    const moved = await move(manager, claim, 'estimate_pending');

    const stale = await undo(manager, { id: claim.id, version: moved.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CANNOT_UNDO_MOVE_MESSAGE });

    const notTheirs = await undo(other, moved);
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json()).toMatchObject({ message: CANNOT_UNDO_MOVE_MESSAGE });

    const back = (await undo(manager, moved)).json() as Claim;
    const again = await undo(manager, back);
    expect(again.statusCode).toBe(409);
    const [row] = await db.select().from(claims).where(eq(claims.id, claim.id));
    expect(row!.status).toBe('reported');
  });

  it('refuses a move older than the undo window, and a move off the board', async () => {
    const claim = await newClaim();
    const moved = await move(manager, claim, 'estimate_pending');
    await db
      .update(claimStatusHistory)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(
        and(eq(claimStatusHistory.claimId, claim.id), eq(claimStatusHistory.toStatus, 'estimate_pending')),
      );
    expect((await undo(manager, moved)).statusCode).toBe(409);

    const another = await newClaim();
    const cancelled = await move(manager, another, 'cancelled');
    const response = await undo(manager, cancelled);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: CANNOT_UNDO_MOVE_MESSAGE });
  });

  it('is for those who may move claims: a viewer gets 403', async () => {
    const claim = await newClaim();
    const moved = await move(manager, claim, 'estimate_pending');
    const response = await undo(viewer, moved);
    expect(response.statusCode).toBe(403);
  });
});
