import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claimFilterSearch } from '@shared/claim-filter.js';
import type { FleetDashboard } from '@shared/fleet-dashboard.js';
import type { ReportCount } from '@shared/reports.js';
import type { ClaimStatus } from '@shared/workflows.js';
import { appSettings, claims, locations, repairFacilities, vehicles } from '../../db/schema/index.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('fleet dashboard', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const other = await buildCompany(db, { name: 'Other Fleet' });
  await db.insert(appSettings).values({ key: 'fleetDashboardCompanyId', value: acme.id });
  const manager = await loginAs(
    app,
    await buildUser(db, { role: 'manager', companyIds: [acme.id, other.id] }),
  );
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsideViewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [zenith.id] }));
  const outsideManager = await loginAs(
    app,
    await buildUser(db, { role: 'manager', companyIds: [zenith.id] }),
  );
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));

  const [facility] = await db
    .insert(repairFacilities)
    .values({ name: 'Alpha Body', kind: 'both' })
    .returning();
  const [north, south] = await db
    .insert(locations)
    .values([
      { companyId: acme.id, name: 'North', code: 'N' },
      { companyId: acme.id, name: 'South', code: 'S' },
    ])
    .returning();
  const [{ today }] = (
    (await db.execute(sql`select current_date::text as today`)) as unknown as { rows: { today: string }[] }
  ).rows as [{ today: string }];
  const dayOffset = (days: number) => {
    const [year, month, date] = today.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
  };

  let number = 5000;
  let unit = 0;
  async function claim(input: {
    companyId?: string;
    location?: string;
    status: ClaimStatus;
    reportedAgo: number;
    drivable?: boolean;
    dropOffDate?: string;
    eta?: string;
    completedAgo?: number;
    final?: number;
    status_changed_ago?: number;
    /** Another claim of the same vehicle. */
    vehicle?: typeof vehicles.$inferSelect;
  }) {
    const companyId = input.companyId ?? acme.id;
    const [vehicle] = input.vehicle
      ? [input.vehicle]
      : await db
          .insert(vehicles)
          .values({
            companyId,
            unitNumber: `U-${++unit}`,
            vin: `1FTFW1ET5DFC2000${unit}`,
            make: 'Ford',
            model: 'F-150',
          })
          .returning();
    const [row] = await db
      .insert(claims)
      .values({
        number: ++number,
        vehicleId: vehicle!.id,
        companyId,
        locationId: input.location ?? north!.id,
        repairFacilityId: facility!.id,
        workflow: 'collision',
        status: input.status,
        description: 'Hand-built',
        lossDate: dayOffset(-Math.ceil(input.reportedAgo)),
        drivable: input.drivable ?? true,
        dropOffDate: input.dropOffDate,
        eta: input.eta,
        finalAmountCents: input.final,
        createdAt: new Date(Date.now() - input.reportedAgo * DAY),
        completedAt:
          input.completedAgo === undefined ? null : new Date(Date.now() - input.completedAgo * DAY),
        ...(input.status_changed_ago === undefined
          ? {}
          : { statusChangedAt: new Date(Date.now() - input.status_changed_ago * DAY) }),
      })
      .returning();
    return { ...row!, vehicle: vehicle! };
  }

  // Down 10 days (not drivable), its ETA yesterday: overdue.
  const longDown = await claim({ status: 'in_repair', reportedAgo: 10, drivable: false, eta: dayOffset(-1) });
  // Dropped off 3 days ago, due back in 3 days: an upcoming return.
  const dropped = await claim({
    status: 'in_repair',
    reportedAgo: 5,
    dropOffDate: dayOffset(-3),
    eta: dayOffset(3),
    location: south!.id,
  });
  // Open and drivable, not dropped off: in service, not down; due back in 10 days (not upcoming).
  const inService = await claim({ status: 'estimate_pending', reportedAgo: 2, eta: dayOffset(10) });
  // Completed after 4 days down, an hour ago or, in today's first hour, half-way since midnight: this month's and
  // this year's spend whatever the time of day (an hour before 00:04 on the 1st was last month).
  const sinceMidnight = Date.now() - Date.parse(`${today}T00:00:00Z`);
  const done = await claim({
    status: 'completed',
    reportedAgo: 4 + 1 / 24,
    drivable: false,
    completedAgo: Math.min(HOUR, sinceMidnight / 2) / DAY,
    final: 100_000,
    location: south!.id,
  });
  // Zenith's: never on Acme's dashboard.
  await claim({
    companyId: zenith.id,
    status: 'in_repair',
    reportedAgo: 20,
    drivable: false,
    location: undefined,
  });

  const get = async <T>(cookie: string, url: string, status = 200): Promise<T> => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return response.json() as T;
  };
  const listed = async (cookie: string, filter: ReportCount['filter']) => {
    const page = await get<{ items: { id: string }[] }>(
      cookie,
      `/api/vehicles?${claimFilterSearch(filter as Record<string, string>)}&pageSize=100`,
    );
    return page.items.map((item) => item.id).sort();
  };
  const ids = (...rows: { id: string }[]) => rows.map((row) => row.id).sort();

  it('shows the vehicles down now, longest first, overdue ETAs marked', async () => {
    const body = await get<FleetDashboard>(manager, `/api/fleet-dashboard?companyId=${acme.id}`);
    expect(body.company).toEqual({ id: acme.id, name: 'Acme Rentals' });
    expect(body.companies.map((company) => company.name)).toEqual(['Acme Rentals', 'Other Fleet']);
    expect(body.down.vehicles).toBe(2);
    expect(body.down.items.map((item) => [item.unitNumber, item.daysDown, item.overdue])).toEqual([
      [longDown.vehicle.unitNumber, 10, true],
      [dropped.vehicle.unitNumber, 3, false],
    ]);
    expect(body.down.items[0]).toMatchObject({
      status: 'in_repair',
      facilityName: 'Alpha Body',
      eta: dayOffset(-1),
    });
    expect(await listed(manager, body.down.claims.filter)).toEqual(ids(longDown, dropped));
    expect(await listed(manager, body.down.overdue.filter)).toEqual(ids(longDown));
    // The company's open claims, down or not: what the "vehicles down" figure is a part of.
    expect(body.down.open.count).toBe(3);
    expect(await listed(manager, body.down.open.filter)).toEqual(ids(longDown, dropped, inService));
    expect(body.upcomingReturns.map((item) => item.id)).toEqual([dropped.id]);
    void inService;
  });

  it('adds up downtime per week, spend this year and claims per location', async () => {
    const body = await get<FleetDashboard>(manager, `/api/fleet-dashboard?companyId=${acme.id}`);
    expect(body.downtimeTrend).toHaveLength(26);
    const total = body.downtimeTrend.reduce((sum, week) => sum + week.vehicleDays, 0);
    // 10 + 4 (completed) + 3 and the part of today gone (dropped off at midnight three days ago).
    expect(total).toBeGreaterThan(16.9);
    expect(total).toBeLessThan(18.1);
    expect(body.spend.thisYear).toMatchObject({ count: 1, cents: 100_000 });
    expect(await listed(manager, body.spend.thisYear.filter)).toEqual(ids(done));
    const month = Number(today.slice(5, 7));
    expect(body.spend.months[month - 1]).toMatchObject({ month, thisYearCents: 100_000, lastYearCents: 0 });
    expect(body.locations.map((row) => [row.name, row.open.count])).toEqual([
      ['North', 2],
      ['South', 1],
    ]);
    expect(await listed(manager, body.locations[1]!.open.filter)).toEqual(ids(dropped));
    expect(body.mostDowntime.map((row) => [row.unitNumber, row.daysDown])).toEqual([
      [longDown.vehicle.unitNumber, 10],
      [done.vehicle.unitNumber, 4],
      [dropped.vehicle.unitNumber, 3],
    ]);
    expect(await listed(manager, body.mostDowntime[0]!.claims.filter)).toEqual(ids(longDown));
  });

  it('lets a viewer of the chosen company in, and refuses everyone outside it with 403', async () => {
    const seen = await get<FleetDashboard>(viewer, '/api/fleet-dashboard');
    expect(seen.company.id).toBe(acme.id);
    expect(seen.companies).toEqual([{ id: acme.id, name: 'Acme Rentals' }]);
    const refused = await get<{ message: string }>(outsideViewer, '/api/fleet-dashboard', 403);
    expect(refused.message).toBe('You cannot open the Fleet Dashboard of this company');
    await get(outsideViewer, `/api/fleet-dashboard?companyId=${acme.id}`, 403);
    await get(outsideManager, `/api/fleet-dashboard?companyId=${acme.id}`, 403);
    await get(viewer, `/api/fleet-dashboard?companyId=${zenith.id}`, 403);
    // The manager's other company is theirs to open; an admin opens any, and an unknown one is not found.
    expect(
      (await get<FleetDashboard>(manager, `/api/fleet-dashboard?companyId=${other.id}`)).down.claims.count,
    ).toBe(0);
    expect(
      (await get<FleetDashboard>(admin, `/api/fleet-dashboard?companyId=${zenith.id}`)).down.vehicles,
    ).toBe(1);
    await get(admin, '/api/fleet-dashboard?companyId=00000000-0000-4000-8000-000000000000', 404);
    const anonymous = await app.inject({ method: 'GET', url: '/api/fleet-dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts a vehicle down once while several of its claims keep it down, and a cancelled claim until it ended', async () => {
    // A company of its own: one van, down 10 days for a collision (not drivable), and dropped off 6 days ago for a
    // mechanical repair at the same time; before that, down 5 days for a claim completed 15 days ago; and a second
    // vehicle whose claim was cancelled 30 days ago after 2 days down (it must not count until now).
    const own = await buildCompany(db, { name: 'Overlap Haulage' });
    const collision = await claim({
      companyId: own.id,
      status: 'in_repair',
      reportedAgo: 10,
      drivable: false,
      location: undefined,
    });
    const mechanical = await claim({
      companyId: own.id,
      vehicle: collision.vehicle,
      status: 'in_repair',
      reportedAgo: 7,
      dropOffDate: dayOffset(-6),
      location: undefined,
    });
    const earlier = await claim({
      companyId: own.id,
      vehicle: collision.vehicle,
      status: 'completed',
      reportedAgo: 20,
      drivable: false,
      completedAgo: 15,
      location: undefined,
    });
    const cancelled = await claim({
      companyId: own.id,
      status: 'cancelled',
      reportedAgo: 32,
      drivable: false,
      status_changed_ago: 30,
      location: undefined,
    });
    const body = await get<FleetDashboard>(admin, `/api/fleet-dashboard?companyId=${own.id}`);
    expect(body.down.vehicles).toBe(1);
    expect(await listed(admin, body.down.claims.filter)).toEqual(ids(collision, mechanical));
    // 10 days (the mechanical claim's 6 lie within them) + 5 + 2, not 10 + 6 + 5 + 32.
    const total = body.downtimeTrend.reduce((sum, week) => sum + week.vehicleDays, 0);
    expect(total).toBeGreaterThan(16.9);
    expect(total).toBeLessThan(17.1);
    expect(body.mostDowntime.map((row) => [row.unitNumber, row.daysDown, row.claims.count])).toEqual([
      [collision.vehicle.unitNumber, 15, 3],
      [cancelled.vehicle.unitNumber, 2, 1],
    ]);
    expect(await listed(admin, body.mostDowntime[0]!.claims.filter)).toEqual(
      ids(collision, mechanical, earlier),
    );
  });
});
