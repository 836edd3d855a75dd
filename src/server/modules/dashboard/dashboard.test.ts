import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateClaimInput } from '@shared/claims.js';
import {
  claimsLinkSearch,
  type DashboardActivity,
  type DashboardFigure,
  type DashboardSummary,
} from '@shared/dashboard.js';
import { WORKFLOW_PATH, type ClaimStatus } from '@shared/workflows.js';
import { claims } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

const DAY_MS = 86_400_000;
/** A calendar day relative to today (the margins used below keep clear of time-zone edges). */
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describe('dashboard', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const managerUser = await buildUser(db, {
    role: 'manager',
    companyIds: [acme.id],
    firstName: 'Maria',
    lastName: 'Lopez',
  });
  const manager = await loginAs(app, managerUser);
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsiderUser = await buildUser(db, { role: 'manager', companyIds: [zenith.id] });
  const outsider = await loginAs(app, outsiderUser);
  const adminUser = await buildUser(db, { role: 'admin' });
  const admin = await loginAs(app, adminUser);
  const loner = await loginAs(app, await buildUser(db, { role: 'manager' }));

  const get = async <T>(cookie: string, url: string): Promise<T> => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const summaryOf = (cookie: string) => get<DashboardSummary>(cookie, '/api/dashboard/summary');
  const activityOf = (cookie: string) => get<DashboardActivity>(cookie, '/api/dashboard/activity');

  async function claim(
    cookie: string,
    companyId: string,
    input: Partial<CreateClaimInput>,
    path: ClaimStatus[] = [],
  ) {
    let current = await createClaimVia(app, cookie, { ...newClaimInput(companyId), ...input });
    for (const to of path) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/vehicles/${current.id}/transitions`,
        headers: { cookie },
        payload: { to, version: current.version },
      });
      expect(response.statusCode, `to ${to}: ${response.body}`).toBe(200);
      current = response.json();
    }
    return current as { id: string; vehicle: { id: string }; version: number; claimNumber: string };
  }
  /** Sets when a claim was reported and completed, as if it happened days ago. */
  async function backdate(id: string, reportedDaysAgo: number, completedDaysAgo: number) {
    await db
      .update(claims)
      .set({
        createdAt: sql`now() - make_interval(days => ${reportedDaysAgo})`,
        completedAt: sql`now() - make_interval(days => ${completedDaysAgo})`,
      })
      .where(eq(claims.id, id));
  }

  /** Every figure of a summary with a name, to compare each with the list its link opens. */
  function figuresOf(summary: DashboardSummary): [string, DashboardFigure][] {
    return [
      ['open', summary.open.total],
      ...summary.open.workflows.flatMap((row): [string, DashboardFigure][] => [
        [`open ${row.workflow}`, row.total],
        ...row.statuses.map((status): [string, DashboardFigure] => [
          `${row.workflow} ${status.status}`,
          status,
        ]),
      ]),
      ['down', summary.vehiclesDown.claims],
      ['overdue', summary.overdue],
      ['pending authorizations', summary.pendingAuthorizations],
      ['completed', summary.cycleTime.completed],
      ...summary.cycleTime.workflows.map((row): [string, DashboardFigure] => [
        `completed ${row.workflow}`,
        row.completed,
      ]),
      ['mine', summary.myClaims.open],
    ];
  }
  async function expectLinksToMatch(cookie: string) {
    const summary = await summaryOf(cookie);
    for (const [name, figure] of figuresOf(summary)) {
      const list = await get<{ total: number }>(cookie, `/api/vehicles?${claimsLinkSearch(figure.filter)}`);
      expect(list.total, `${name}: ${claimsLinkSearch(figure.filter)}`).toBe(figure.count);
    }
    return summary;
  }

  const mechanicalToAuthorization: ClaimStatus[] = ['diagnosis', 'authorization_pending'];
  // Acme, the manager's company.
  const notDrivable = await claim(manager, acme.id, {
    drivable: false,
    assigneeId: managerUser.id,
    lossDate: day(-6),
  });
  const overdueAtShop = await claim(
    manager,
    acme.id,
    { drivable: true, lossDate: day(-12), dropOffDate: day(-10), eta: day(-3) },
    ['estimate_pending'],
  );
  // A second open claim on the same vehicle: one vehicle down, two claims.
  const sameVehicle = await claim(
    manager,
    acme.id,
    {
      workflow: 'mechanical',
      vehicle: undefined,
      vehicleId: overdueAtShop.vehicle.id,
      drivable: false,
      assigneeId: managerUser.id,
    },
    mechanicalToAuthorization,
  );
  await claim(
    manager,
    acme.id,
    { workflow: 'mechanical', drivable: true, lossDate: day(-4), eta: day(3) },
    mechanicalToAuthorization,
  );
  // Dropped off only tomorrow: still in service.
  await claim(manager, acme.id, { drivable: true, lossDate: day(-2), dropOffDate: day(2), eta: day(5) });
  const collisionDone = await claim(manager, acme.id, {}, WORKFLOW_PATH.collision.slice(1, -1));
  await backdate(collisionDone.id, 10, 2);
  const mechanicalClosed = await claim(
    manager,
    acme.id,
    { workflow: 'mechanical' },
    WORKFLOW_PATH.mechanical.slice(1),
  );
  await backdate(mechanicalClosed.id, 5, 1);
  const longAgo = await claim(manager, acme.id, {}, WORKFLOW_PATH.collision.slice(1));
  await backdate(longAgo.id, 210, 200);
  const cancelled = await claim(manager, acme.id, { drivable: false, eta: day(-5), lossDate: day(-9) }, [
    'cancelled',
  ]);
  // Zenith: never counted for Acme's users.
  await claim(outsider, zenith.id, {
    drivable: false,
    eta: day(-4),
    lossDate: day(-8),
    assigneeId: outsiderUser.id,
  });
  await claim(
    outsider,
    zenith.id,
    { workflow: 'mechanical', drivable: false, assigneeId: outsiderUser.id },
    mechanicalToAuthorization,
  );
  const zenithDone = await claim(
    outsider,
    zenith.id,
    { workflow: 'mechanical' },
    WORKFLOW_PATH.mechanical.slice(1, -1),
  );
  await backdate(zenithDone.id, 30, 10);

  it('counts the open claims of the user’s companies by workflow and status', async () => {
    const summary = await summaryOf(manager);
    expect(summary.companies).toBe(1);
    expect(summary.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(summary.open.total).toEqual({ count: 5, filter: { open: 'true' } });
    const [collision, mechanical] = summary.open.workflows;
    expect(collision!.total).toEqual({ count: 3, filter: { workflow: 'collision', open: 'true' } });
    expect(collision!.statuses.filter((row) => row.count > 0)).toEqual([
      { status: 'reported', count: 2, filter: { workflow: 'collision', status: ['reported'] } },
      {
        status: 'estimate_pending',
        count: 1,
        filter: { workflow: 'collision', status: ['estimate_pending'] },
      },
    ]);
    // Every open status of the workflow is listed, in order, zeros included; finished ones are not.
    expect(collision!.statuses.map((row) => row.status)).toEqual([
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
    expect(mechanical!.total.count).toBe(2);
    expect(mechanical!.statuses.filter((row) => row.count > 0)).toEqual([
      {
        status: 'authorization_pending',
        count: 2,
        filter: { workflow: 'mechanical', status: ['authorization_pending'] },
      },
    ]);
    expect(summary.pendingAuthorizations).toEqual({
      count: 2,
      filter: { workflow: 'mechanical', status: ['authorization_pending'] },
    });
  });

  it('counts vehicles down (not drivable, or dropped off), overdue ETAs and the 90-day cycle time', async () => {
    const summary = await summaryOf(manager);
    expect(summary.vehiclesDown).toEqual({ vehicles: 2, claims: { count: 3, filter: { down: 'true' } } });
    expect(summary.overdue).toEqual({ count: 1, filter: { overdue: 'true', sort: 'eta', order: 'asc' } });
    expect(summary.cycleTime).toEqual({
      since: summary.cycleTime.since,
      averageDays: 6,
      completed: { count: 2, filter: { completedFrom: summary.cycleTime.since } },
      workflows: [
        {
          workflow: 'collision',
          averageDays: 8,
          completed: { count: 1, filter: { workflow: 'collision', completedFrom: summary.cycleTime.since } },
        },
        {
          workflow: 'mechanical',
          averageDays: 4,
          completed: { count: 1, filter: { workflow: 'mechanical', completedFrom: summary.cycleTime.since } },
        },
      ],
    });
    const since = new Date(`${summary.cycleTime.since}T00:00:00Z`).getTime();
    const today = new Date(`${summary.today}T00:00:00Z`).getTime();
    expect((today - since) / DAY_MS).toBe(89);
  });

  it('lists the user’s own open claims, most recently updated first', async () => {
    const summary = await summaryOf(manager);
    expect(summary.myClaims.open).toEqual({ count: 2, filter: { assigneeId: managerUser.id, open: 'true' } });
    expect(summary.myClaims.items.map((item) => item.id)).toEqual([sameVehicle.id, notDrivable.id]);
    expect(summary.myClaims.items[0]).toMatchObject({
      claimNumber: sameVehicle.claimNumber,
      status: 'authorization_pending',
      companyName: 'Acme Rentals',
    });
  });

  it('links every figure to the claims list filtered to exactly the counted claims', async () => {
    await expectLinksToMatch(manager);
    await expectLinksToMatch(viewer);
    await expectLinksToMatch(outsider);
    await expectLinksToMatch(admin);
  });

  it('never counts another company’s claims; admins count every company', async () => {
    const outside = await summaryOf(outsider);
    expect(outside.open.total.count).toBe(2);
    expect(outside.vehiclesDown.vehicles).toBe(2);
    expect(outside.overdue.count).toBe(1);
    expect(outside.cycleTime).toMatchObject({ averageDays: 20, completed: { count: 1 } });
    expect(outside.myClaims.items).toHaveLength(2);

    const everything = await summaryOf(admin);
    expect(everything.companies).toBeGreaterThanOrEqual(2);
    expect(everything.open.total.count).toBe(7);
    expect(everything.vehiclesDown.vehicles).toBe(4);
    expect(everything.overdue.count).toBe(2);
    expect(everything.pendingAuthorizations.count).toBe(3);
    expect(everything.cycleTime).toMatchObject({ averageDays: 10.7, completed: { count: 3 } });
    expect(everything.myClaims).toMatchObject({ open: { count: 0 }, items: [] });

    // A viewer of Acme sees Acme's figures, with nothing of their own.
    const reader = await summaryOf(viewer);
    expect(reader.open.total.count).toBe(5);
    expect(reader.myClaims.open.count).toBe(0);
  });

  it('answers zeros for a user without companies', async () => {
    const summary = await summaryOf(loner);
    expect(summary.companies).toBe(0);
    expect(summary.open.total.count).toBe(0);
    expect(summary.vehiclesDown.vehicles).toBe(0);
    expect(summary.cycleTime.averageDays).toBeNull();
    expect(summary.myClaims.items).toEqual([]);
    expect((await activityOf(loner)).items).toEqual([]);
  });

  it('shows the latest status changes of the user’s companies, newest first, with who made them', async () => {
    const activity = await activityOf(manager);
    expect(activity.items).toHaveLength(10);
    const times = activity.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(activity.items.every((item) => item.claim.companyName === 'Acme Rentals')).toBe(true);
    expect(activity.items.slice(0, 3)).toMatchObject([
      {
        claim: { id: cancelled.id, claimNumber: cancelled.claimNumber, companyName: 'Acme Rentals' },
        fromStatus: 'reported',
        toStatus: 'cancelled',
        actor: { id: managerUser.id, name: 'Maria Lopez' },
        impersonator: null,
      },
      { claim: { id: cancelled.id }, fromStatus: null, toStatus: 'reported' },
      // Backdating a claim moves its dates, not its history.
      { claim: { id: longAgo.id }, fromStatus: 'completed', toStatus: 'closed' },
    ]);
    // Several moves of one claim are all shown, and a company's quieter claims fill the rest.
    const outside = await activityOf(outsider);
    expect(outside.items.map((item) => item.toStatus)).toEqual([
      'completed',
      'ready_for_pickup',
      'in_repair',
      'authorized',
      'authorization_pending',
      'diagnosis',
      'reported',
      'authorization_pending',
      'diagnosis',
      'reported',
    ]);
    expect(outside.items.every((item) => item.claim.companyName === 'Zenith Logistics')).toBe(true);
  });

  it('keeps its counts right through edits, moves, reopening from hold and deletion', async () => {
    const edited = await claim(manager, acme.id, { drivable: true, assigneeId: managerUser.id }, [
      'estimate_pending',
      'on_hold',
    ]);
    let response = await app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${edited.id}`,
      headers: { cookie: manager },
      payload: { version: edited.version, drivable: false, eta: day(-2), assigneeId: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    let summary = await expectLinksToMatch(manager);
    expect(summary.vehiclesDown.vehicles).toBe(3);
    expect(summary.overdue.count).toBe(2);
    expect(summary.myClaims.open.count).toBe(2);

    response = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${edited.id}/transitions`,
      headers: { cookie: manager },
      payload: { to: 'estimate_pending', version: response.json().version },
    });
    expect(response.statusCode, response.body).toBe(200);
    response = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${edited.id}/transitions`,
      headers: { cookie: manager },
      payload: { to: 'cancelled', version: response.json().version },
    });
    expect(response.statusCode, response.body).toBe(200);
    summary = await expectLinksToMatch(manager);
    expect(summary.vehiclesDown.vehicles).toBe(2);
    expect(summary.overdue.count).toBe(1);

    // The vehicle with two claims stays down until both are done.
    response = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${sameVehicle.id}/transitions`,
      headers: { cookie: manager },
      payload: { to: 'cancelled', version: sameVehicle.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    summary = await expectLinksToMatch(manager);
    expect(summary.vehiclesDown).toMatchObject({ vehicles: 2, claims: { count: 2 } });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/vehicles/${overdueAtShop.id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(204);
    summary = await expectLinksToMatch(manager);
    expect(summary.vehiclesDown).toMatchObject({ vehicles: 1, claims: { count: 1 } });
    expect(summary.overdue.count).toBe(0);
    await expectLinksToMatch(admin);
  });

  it('stays right when claims of one company and one vehicle move at the same time', async () => {
    const first = await claim(outsider, zenith.id, { drivable: false });
    const shared = { vehicle: undefined, vehicleId: first.vehicle.id, drivable: false };
    const others = await Promise.all([1, 2, 3].map(() => claim(outsider, zenith.id, shared)));
    const held = await Promise.all(
      [1, 2, 3, 4].map(() => claim(outsider, zenith.id, { drivable: true }, ['estimate_pending', 'on_hold'])),
    );
    const before = await summaryOf(outsider);
    const moves = [
      // Every claim of the shared vehicle is cancelled at once: it is no longer down.
      ...[first, ...others].map((item) => ({ item, to: 'cancelled' })),
      // Opposite moves between the same two statuses, which share count rows.
      ...held.map((item, index) => ({ item, to: index % 2 ? 'estimate_pending' : 'cancelled' })),
    ];
    const answers = await Promise.all(
      moves.map(({ item, to }) =>
        app.inject({
          method: 'POST',
          url: `/api/vehicles/${item.id}/transitions`,
          headers: { cookie: outsider },
          payload: { to, version: item.version },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(moves.map(() => 200));
    const after = await expectLinksToMatch(outsider);
    expect(after.vehiclesDown.vehicles).toBe(before.vehiclesDown.vehicles - 1);
    expect(after.open.total.count).toBe(before.open.total.count - 6);
  });

  it('needs a login', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/dashboard/activity' })).statusCode).toBe(401);
  });
});
