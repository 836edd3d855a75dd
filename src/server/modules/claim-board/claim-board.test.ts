import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardStatuses, type ClaimBoard, type ClaimBoardColumn } from '@shared/claim-board.js';
import type { CreateClaimInput } from '@shared/claims.js';
import { DEFAULT_STALE_CLAIM_DAYS } from '@shared/settings.js';
import type { ClaimStatus } from '@shared/workflows.js';
import { claims, locations, repairFacilities } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe('claim board', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const managerUser = await buildUser(db, { role: 'manager', companyIds: [acme.id] });
  const manager = await loginAs(app, managerUser);
  const colleagueUser = await buildUser(db, { role: 'manager', companyIds: [acme.id] });
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const [depot] = await db
    .insert(locations)
    .values({ companyId: acme.id, name: 'North depot', code: 'NORTH' })
    .returning();
  const [bodyShop] = await db
    .insert(repairFacilities)
    .values({ name: 'Eastside Collision', kind: 'collision' })
    .returning();

  const board = async (cookie: string, query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/claim-board?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ClaimBoard;
  };
  const column = (answer: ClaimBoard, status: ClaimStatus) =>
    answer.columns.find((candidate) => candidate.status === status) as ClaimBoardColumn;
  const numbers = (answer: ClaimBoard, status: ClaimStatus) =>
    column(answer, status).items.map((card) => card.claimNumber);

  /** A claim put straight into `status`, entered `daysInStatus` days ago and last updated `daysSinceUpdate` ago. */
  async function claimIn(
    status: ClaimStatus,
    {
      companyId = acme.id,
      daysInStatus = 1,
      daysSinceUpdate = daysInStatus,
      amounts = {},
      ...overrides
    }: Partial<CreateClaimInput> & {
      companyId?: string;
      daysInStatus?: number;
      daysSinceUpdate?: number;
      amounts?: Partial<Pick<typeof claims.$inferInsert, 'estimateAmountCents' | 'approvedAmountCents'>>;
    } = {},
  ): Promise<{ id: string; claimNumber: string }> {
    const claim = await createClaimVia(app, companyId === acme.id ? manager : admin, {
      ...newClaimInput(companyId),
      ...overrides,
    });
    await db
      .update(claims)
      .set({
        status,
        statusBeforeHold: status === 'on_hold' ? 'parts_ordered' : null,
        statusChangedAt: new Date(Date.now() - daysInStatus * DAY),
        updatedAt: new Date(Date.now() - daysSinceUpdate * DAY),
        ...amounts,
      })
      .where(eq(claims.id, claim.id));
    return claim;
  }

  // Collision claims of Acme: two reported (the older first), one in repair (stale), one on hold, one
  // finished, a mechanical one; and one of Zenith.
  const olderReported = await claimIn('reported', { daysInStatus: 9, daysSinceUpdate: 2 });
  const newerReported = await claimIn('reported', { daysInStatus: 3 });
  const staleRepair = await claimIn('in_repair', {
    daysInStatus: 20,
    priority: 'urgent',
    locationId: depot!.id,
    repairFacilityId: bodyShop!.id,
    assigneeId: managerUser.id,
    amounts: { estimateAmountCents: 125_000, approvedAmountCents: 132_300 },
  });
  const onHold = await claimIn('on_hold', { daysInStatus: 2, assigneeId: colleagueUser.id });
  await claimIn('cancelled');
  const mechanical = await claimIn('diagnosis', { workflow: 'mechanical' });
  const zenithClaim = await claimIn('reported', { companyId: zenith.id, daysInStatus: 30 });

  it('answers a column per open status of the workflow, in order, with counts; finished claims and the other workflow stay off', async () => {
    const answer = await board(manager, 'workflow=collision');
    expect(answer.workflow).toBe('collision');
    expect(answer.columns.map((c) => c.status)).toEqual([
      'reported',
      'estimate_pending',
      'estimate_review',
      'approved',
      'parts_ordered',
      'in_repair',
      'supplement_review',
      'quality_check',
      'ready_for_pickup',
      'on_hold',
    ]);
    expect(numbers(answer, 'reported')).toEqual([olderReported.claimNumber, newerReported.claimNumber]);
    expect(column(answer, 'reported')).toMatchObject({ count: 2, nextCursor: null });
    expect(column(answer, 'in_repair').count).toBe(1);
    expect(column(answer, 'estimate_pending')).toEqual({
      status: 'estimate_pending',
      count: 0,
      staleCount: 0,
      items: [],
      nextCursor: null,
    });
    const total = answer.columns.reduce((sum, c) => sum + c.count, 0);
    expect(total).toBe(4);

    const mechanicalBoard = await board(manager, 'workflow=mechanical');
    expect(mechanicalBoard.columns.map((c) => c.status)).toEqual(boardStatuses('mechanical'));
    expect(numbers(mechanicalBoard, 'diagnosis')).toEqual([mechanical.claimNumber]);
  });

  it('shows what a card needs: vehicle, facility, assignee, priority, times, version, the allowed moves and the final cost offered', async () => {
    const card = column(await board(manager, 'workflow=collision'), 'in_repair').items[0]!;
    expect(card).toMatchObject({
      id: staleRepair.id,
      claimNumber: staleRepair.claimNumber,
      workflow: 'collision',
      status: 'in_repair',
      priority: 'urgent',
      companyName: 'Acme Rentals',
      locationName: 'North depot',
      facilityName: 'Eastside Collision',
      assignee: { id: managerUser.id, username: managerUser.username },
      vehicle: { year: 2022, make: 'Ford', model: 'Transit 250' },
      version: 1,
      allowedTransitions: ['supplement_review', 'quality_check', 'on_hold', 'cancelled'],
      // The Completed move's prefill (decision 038): no final amount yet, so the approved one.
      finalCostPrefillCents: 132_300,
    });
    expect(Date.now() - Date.parse(card.statusChangedAt)).toBeGreaterThan(19 * DAY);
    const held = column(await board(manager, 'workflow=collision'), 'on_hold').items[0]!;
    expect(held.allowedTransitions).toEqual(['parts_ordered', 'cancelled']);
    expect(held.finalCostPrefillCents).toBeNull();
  });

  it('offers viewers no moves', async () => {
    const answer = await board(viewer, 'workflow=collision');
    expect(numbers(answer, 'in_repair')).toEqual([staleRepair.claimNumber]);
    expect(answer.columns.flatMap((c) => c.items).every((card) => card.allowedTransitions.length === 0)).toBe(
      true,
    );
  });

  it('never shows the claims of another company, in cards or counts', async () => {
    const mine = await board(manager, 'workflow=collision');
    expect(numbers(mine, 'reported')).not.toContain(zenithClaim.claimNumber);
    const theirs = await board(outsider, 'workflow=collision');
    expect(numbers(theirs, 'reported')).toEqual([zenithClaim.claimNumber]);
    expect(theirs.columns.reduce((sum, c) => sum + c.count, 0)).toBe(1);
    // Asking for the other company by filter changes nothing.
    const sneaky = await board(outsider, `workflow=collision&companyId=${acme.id}`);
    expect(sneaky.columns.every((c) => c.count === 0 && c.items.length === 0)).toBe(true);
    const everything = await board(admin, 'workflow=collision');
    expect(numbers(everything, 'reported')).toEqual([
      zenithClaim.claimNumber,
      olderReported.claimNumber,
      newerReported.claimNumber,
    ]);
  });

  it('filters by company, location, facility and assignee ("my claims")', async () => {
    const byCompany = await board(admin, `workflow=collision&companyId=${acme.id}`);
    expect(numbers(byCompany, 'reported')).toEqual([olderReported.claimNumber, newerReported.claimNumber]);
    for (const filter of [
      `locationId=${depot!.id}`,
      `repairFacilityId=${bodyShop!.id}`,
      `assigneeId=${managerUser.id}`,
    ]) {
      const answer = await board(manager, `workflow=collision&${filter}`);
      expect(
        answer.columns.filter((c) => c.count > 0).map((c) => c.status),
        filter,
      ).toEqual(['in_repair']);
      expect(numbers(answer, 'in_repair'), filter).toEqual([staleRepair.claimNumber]);
    }
    const colleagues = await board(manager, `workflow=collision&assigneeId=${colleagueUser.id}`);
    expect(colleagues.columns.filter((c) => c.count > 0).map((c) => c.status)).toEqual(['on_hold']);
    expect(numbers(colleagues, 'on_hold')).toEqual([onHold.claimNumber]);
  });

  it('counts as stale the claims in their status for the configured number of days or more, whatever was updated since', async () => {
    const answer = await board(manager, 'workflow=collision');
    expect(answer.staleAfterDays).toBe(DEFAULT_STALE_CLAIM_DAYS);
    expect(DEFAULT_STALE_CLAIM_DAYS).toBe(7);
    expect(column(answer, 'in_repair').staleCount).toBe(1);
    // Reported for 9 days, though updated 2 days ago: stale. Reported 3 days ago: not yet.
    expect(column(answer, 'reported').staleCount).toBe(1);

    const refused = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: manager },
      payload: { staleClaimDays: 30 },
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin },
      payload: { staleClaimDays: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ staleClaimDays: ['At least 1 day'] });

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin },
      payload: { staleClaimDays: 1 },
    });
    expect(saved.json()).toMatchObject({ staleClaimDays: 1 });
    const stricter = await board(manager, 'workflow=collision');
    expect(stricter.staleAfterDays).toBe(1);
    expect(column(stricter, 'reported').staleCount).toBe(2);
    expect(column(stricter, 'in_repair').staleCount).toBe(1);
    await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin },
      payload: { staleClaimDays: DEFAULT_STALE_CLAIM_DAYS },
    });
  });

  it('measures stale from the time a claim entered its status, not its last update', async () => {
    const fleet = await buildCompany(db, { name: 'Harbor Freight Lines' });
    const now = Date.now();
    const place = async (status: ClaimStatus, enteredStatusAt: Date, updatedAt: Date) => {
      const claim = await createClaimVia(app, admin, newClaimInput(fleet.id));
      await db
        .update(claims)
        .set({ status, statusChangedAt: enteredStatusAt, updatedAt })
        .where(eq(claims.id, claim.id));
      return claim;
    };
    // Parts ordered 20 days ago, a note yesterday: still waiting, so stale.
    const waiting = await place('parts_ordered', new Date(now - 20 * DAY), new Date(now - 1 * DAY));
    // Moved into the status 2 days ago, nothing since: not stale.
    const fresh = await place('parts_ordered', new Date(now - 2 * DAY - 3_600_000), new Date(now - 2 * DAY));

    const answer = await board(admin, `workflow=collision&companyId=${fleet.id}`);
    const parts = column(answer, 'parts_ordered');
    expect(parts).toMatchObject({ count: 2, staleCount: 1 });
    expect(parts.items.map((card) => card.claimNumber)).toEqual([waiting.claimNumber, fresh.claimNumber]);
    // What the cards show (days in the status) is what the count measured.
    expect(parts.items.map((card) => Math.floor((now - Date.parse(card.statusChangedAt)) / DAY))).toEqual([
      20, 2,
    ]);
    expect(answer.columns.reduce((sum, c) => sum + c.staleCount, 0)).toBe(1);
  });

  it('refuses queries that make no sense with a clear message', async () => {
    const call = (query: string) =>
      app.inject({ method: 'GET', url: `/api/claim-board?${query}`, headers: { cookie: manager } });
    const noWorkflow = await call('');
    expect(noWorkflow.statusCode).toBe(400);
    expect(noWorkflow.json().fieldErrors.workflow).toEqual(['Choose collision or mechanical']);
    expect((await call('workflow=collision&cursor=abc')).json().fieldErrors.status).toEqual([
      'A cursor belongs to one column: give its status',
    ]);
    expect((await call('workflow=collision&status=completed')).json().fieldErrors.status).toEqual([
      'Completed is not a column of the collision board',
    ]);
    expect((await call('workflow=mechanical&status=quality_check')).statusCode).toBe(400);
    const badCursor = await call('workflow=collision&status=reported&cursor=not-a-cursor');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(
      'This page link is no longer valid; start again from the first page',
    );
    expect((await call('workflow=collision&limit=0')).statusCode).toBe(400);
    expect((await call('workflow=collision&assigneeId=me')).statusCode).toBe(400);
  });

  describe('a long column', async () => {
    const fleet = await buildCompany(db, { name: 'Metro Delivery' });
    const metroManager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [fleet.id] }));
    const created: string[] = [];
    for (let days = 12; days >= 1; days--) {
      const claim = await createClaimVia(app, metroManager, newClaimInput(fleet.id));
      created.push(claim.claimNumber);
      await db
        .update(claims)
        .set({ status: 'estimate_pending', statusChangedAt: new Date(Date.now() - days * DAY) })
        .where(eq(claims.id, claim.id));
    }
    // Two claims that entered the status at the very same moment still page apart, by id.
    const tied = await db
      .select({ id: claims.id })
      .from(claims)
      .where(inArray(claims.companyId, [fleet.id]))
      .orderBy(claims.number)
      .limit(2);
    await db
      .update(claims)
      .set({
        statusChangedAt: sql`(select min(status_changed_at) from claims where company_id = ${fleet.id})`,
      })
      .where(
        inArray(
          claims.id,
          tied.map((row) => row.id),
        ),
      );

    it('answers the first cards of every column and pages one column by cursor, without repeats or gaps', async () => {
      const first = await board(metroManager, 'workflow=collision&limit=5');
      const start = column(first, 'estimate_pending');
      expect(start.count).toBe(12);
      expect(start.items).toHaveLength(5);
      expect(start.nextCursor).toEqual(expect.any(String));

      const seen = start.items.map((card) => card.claimNumber);
      let cursor = start.nextCursor;
      let pages = 0;
      while (cursor) {
        const next = await board(
          metroManager,
          `workflow=collision&status=estimate_pending&limit=5&cursor=${encodeURIComponent(cursor)}`,
        );
        expect(next.columns.map((c) => c.status)).toEqual(['estimate_pending']);
        expect(next.columns[0]!.count).toBe(12);
        seen.push(...next.columns[0]!.items.map((card) => card.claimNumber));
        cursor = next.columns[0]!.nextCursor;
        pages += 1;
      }
      expect(pages).toBe(2);
      expect(seen).toHaveLength(12);
      expect(new Set(seen).size).toBe(12);
      // Longest in the status first: the claims were created from the oldest status change to the newest.
      expect([...seen].sort()).toEqual([...created].sort());
      expect(seen.slice(2)).toEqual(created.slice(2));
    });
  });
});
