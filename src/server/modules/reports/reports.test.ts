import { eq, isNull, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { claimFilterSearch } from '@shared/claim-filter.js';
import {
  MAX_REPORT_SPAN_YEARS,
  REPORT_SPAN_LIMIT_MESSAGE,
  type Report,
  type ReportCount,
} from '@shared/reports.js';
import type { ClaimStatus, Workflow } from '@shared/workflows.js';
import {
  authorizationRequests,
  claims,
  claimStatusHistory,
  locations,
  repairFacilities,
  reportAnswers,
  vehicles,
} from '../../db/schema/index.js';
import { buildCompany, buildEstimate, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { KEPT_CUSTOM_ANSWERS } from './kept-answers.js';

/**
 * A small data set built by hand, in March 2026 (a Monday, 2 March, starts the first full week), with every
 * figure worked out on paper: the expected values below are those sums, not the code's answers.
 */
const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00Z`);
const MARCH = 'range=custom&from=2026-03-01&to=2026-03-31';

describe('reports', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));

  const [alpha, bravo] = await db
    .insert(repairFacilities)
    .values([
      { name: 'Alpha Body', kind: 'collision' },
      { name: 'Bravo Auto', kind: 'both' },
    ])
    .returning();
  const [north, south] = await db
    .insert(locations)
    .values([
      { companyId: acme.id, name: 'North', code: 'N' },
      { companyId: acme.id, name: 'South', code: 'S' },
    ])
    .returning();
  const [zenithDepot] = await db
    .insert(locations)
    .values([{ companyId: zenith.id, name: 'Depot', code: 'D' }])
    .returning();
  const vehicle = async (companyId: string, unitNumber: string) => {
    const [row] = await db
      .insert(vehicles)
      .values({
        companyId,
        unitNumber,
        vin: `1FTFW1ET5DFC1000${unitNumber.slice(-1)}`,
        make: 'Ford',
        model: 'Transit',
      })
      .returning();
    return row!;
  };
  const v1 = await vehicle(acme.id, 'U-1');
  const v2 = await vehicle(acme.id, 'U-2');
  const v3 = await vehicle(acme.id, 'U-3');
  const v4 = await vehicle(acme.id, 'U-4');
  const z1 = await vehicle(zenith.id, 'Z-1');

  let number = 9000;
  async function claim(input: {
    vehicle: { id: string; companyId: string };
    workflow: Workflow;
    facility: string;
    location: string;
    history: [ClaimStatus, Date][];
    drivable?: boolean;
    dropOffDate?: string;
    eta?: string;
    approved?: number;
    final?: number;
  }) {
    const [first] = input.history;
    const [last] = input.history.slice(-1);
    const status = last![0];
    const [row] = await db
      .insert(claims)
      .values({
        number: ++number,
        vehicleId: input.vehicle.id,
        companyId: input.vehicle.companyId,
        locationId: input.location,
        repairFacilityId: input.facility,
        workflow: input.workflow,
        status,
        description: 'Hand-built',
        lossDate: first![1].toISOString().slice(0, 10),
        drivable: input.drivable ?? true,
        dropOffDate: input.dropOffDate,
        eta: input.eta,
        approvedAmountCents: input.approved,
        finalAmountCents: input.final,
        createdAt: first![1],
        statusChangedAt: last![1],
        completedAt: input.history.find(([to]) => to === 'completed')?.[1],
      })
      .returning();
    let from: ClaimStatus | null = null;
    for (const [to, when] of input.history) {
      await db
        .insert(claimStatusHistory)
        .values({ claimId: row!.id, fromStatus: from, toStatus: to, createdAt: when });
      from = to;
    }
    return row!;
  }
  const estimate = (claimId: string, supplementNumber: number, totalCents: number) =>
    buildEstimate(db, claimId, supplementNumber, totalCents);
  async function authorization(
    claimId: string,
    status: 'approved' | 'partially_approved' | 'declined',
    requested: number,
    approved: number | null,
    createdAt: Date,
    decidedAt: Date,
    automatic = false,
  ) {
    await db.insert(authorizationRequests).values({
      claimId,
      sequence: 1,
      status,
      requestedAmountCents: requested,
      approvedAmountCents: approved,
      decidedAutomatically: automatic,
      createdAt,
      decidedAt,
    });
  }

  // A: Alpha, North, not drivable; 10 days to completion, a day after its first ETA; a supplement; its vehicle
  // comes back 8 days after completion (C).
  const a = await claim({
    vehicle: v1,
    workflow: 'collision',
    facility: alpha!.id,
    location: north!.id,
    drivable: false,
    eta: '2026-03-11',
    approved: 110_000,
    final: 120_000,
    history: [
      ['reported', at('2026-03-02')],
      ['estimate_pending', at('2026-03-03')],
      ['approved', at('2026-03-05')],
      ['in_repair', at('2026-03-06')],
      ['completed', at('2026-03-12')],
    ],
  });
  await estimate(a.id, 0, 100_000);
  await estimate(a.id, 1, 20_000);
  // B: Alpha, North, drivable and never dropped off (no downtime); 4 days, on time.
  const b = await claim({
    vehicle: v2,
    workflow: 'collision',
    facility: alpha!.id,
    location: north!.id,
    eta: '2026-03-08',
    approved: 50_000,
    final: 50_000,
    history: [
      ['reported', at('2026-03-03')],
      ['estimate_pending', at('2026-03-04', '00:00')],
      ['in_repair', at('2026-03-04')],
      ['completed', at('2026-03-07')],
    ],
  });
  await estimate(b.id, 0, 50_000);
  // C: Bravo, South, mechanical; dropped off on the 21st (5.5 days down); 6 days; completed on its ETA; partly
  // authorized after 12 hours.
  const c = await claim({
    vehicle: v1,
    workflow: 'mechanical',
    facility: bravo!.id,
    location: south!.id,
    dropOffDate: '2026-03-21',
    eta: '2026-03-26',
    approved: 30_000,
    final: 30_000,
    history: [
      ['reported', at('2026-03-20')],
      ['diagnosis', at('2026-03-20', '18:00')],
      ['authorization_pending', at('2026-03-21')],
      ['authorized', at('2026-03-22', '00:00')],
      ['in_repair', at('2026-03-22')],
      ['completed', at('2026-03-26')],
    ],
  });
  await authorization(
    c.id,
    'partially_approved',
    40_000,
    30_000,
    at('2026-03-21'),
    at('2026-03-22', '00:00'),
  );
  // D: Bravo, South, mechanical; declined after 2 hours, then cancelled (never completed).
  const d = await claim({
    vehicle: v3,
    workflow: 'mechanical',
    facility: bravo!.id,
    location: south!.id,
    history: [
      ['reported', at('2026-03-05')],
      ['diagnosis', at('2026-03-06')],
      ['authorization_pending', at('2026-03-07')],
      ['declined', at('2026-03-07', '14:00')],
      ['cancelled', at('2026-03-08', '14:00')],
    ],
  });
  await authorization(d.id, 'declined', 20_000, null, at('2026-03-07'), at('2026-03-07', '14:00'));
  // E: Alpha, South, not drivable; 20 days; its first ETA (the 20th) was later moved to the 29th: late.
  const e = await claim({
    vehicle: v3,
    workflow: 'collision',
    facility: alpha!.id,
    location: south!.id,
    drivable: false,
    eta: '2026-03-20',
    approved: 200_000,
    final: 200_000,
    history: [
      ['reported', at('2026-03-10')],
      ['estimate_pending', at('2026-03-12')],
      ['in_repair', at('2026-03-15')],
      ['completed', at('2026-03-30')],
    ],
  });
  await db.update(claims).set({ eta: '2026-03-29' }).where(eq(claims.id, e.id));
  await estimate(e.id, 0, 250_000);
  // H: still open (in repair), mechanical, auto-approved within a second.
  const h = await claim({
    vehicle: v4,
    workflow: 'mechanical',
    facility: bravo!.id,
    location: south!.id,
    approved: 10_000,
    history: [
      ['reported', at('2026-03-25')],
      ['in_repair', at('2026-03-25', '18:00')],
    ],
  });
  await authorization(
    h.id,
    'approved',
    10_000,
    10_000,
    at('2026-03-25', '17:00'),
    new Date(at('2026-03-25', '17:00').getTime() + 1000),
    true,
  );
  // G: February (the previous period): 5 days.
  const g = await claim({
    vehicle: v2,
    workflow: 'collision',
    facility: alpha!.id,
    location: north!.id,
    final: 10_000,
    history: [
      ['reported', at('2026-02-20')],
      ['completed', at('2026-02-25')],
    ],
  });
  // F: Zenith's, at Alpha: only an admin's report counts it.
  const f = await claim({
    vehicle: z1,
    workflow: 'collision',
    facility: alpha!.id,
    location: zenithDepot!.id,
    final: 70_000,
    history: [
      ['reported', at('2026-03-04')],
      ['completed', at('2026-03-06')],
    ],
  });

  const get = async <T>(cookie: string, url: string, status = 200): Promise<T> => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return response.json() as T;
  };
  const report = (cookie: string, query = MARCH) => get<Report>(cookie, `/api/reports?${query}`);
  /** The ids of the claims an All Claims filter lists, sorted. */
  const listed = async (cookie: string, filter: ReportCount['filter']) => {
    const page = await get<{ items: { id: string }[]; total: number }>(
      cookie,
      `/api/vehicles?${claimFilterSearch(filter as Record<string, string>)}&pageSize=100`,
    );
    return page.items.map((item) => item.id).sort();
  };
  const ids = (...rows: { id: string }[]) => rows.map((row) => row.id).sort();
  /** Every figure of a report with a name: each must list exactly as many claims as it counts. */
  function figuresOf(value: unknown, path = 'report'): [string, ReportCount][] {
    if (!value || typeof value !== 'object') return [];
    if ('count' in value && 'filter' in value) return [[path, value as ReportCount]];
    return Object.entries(value).flatMap(([key, child]) => figuresOf(child, `${path}.${key}`));
  }
  async function expectFiguresToListWhatTheyCount(cookie: string, body: Report) {
    const figures = figuresOf(body);
    expect(figures.length).toBeGreaterThan(30);
    for (const [name, figure] of figures) {
      const list = await listed(cookie, figure.filter);
      expect(list.length, `${name}: ${claimFilterSearch(figure.filter as Record<string, string>)}`).toBe(
        figure.count,
      );
    }
  }

  it('keeps the first ETA when the ETA moves', async () => {
    const [row] = await db
      .select({ eta: claims.eta, firstEta: claims.firstEta })
      .from(claims)
      .where(eq(claims.id, e.id));
    expect(row).toEqual({ eta: '2026-03-29', firstEta: '2026-03-20' });
  });

  it('answers the headline, and the previous period when asked', async () => {
    const body = await report(manager, `${MARCH}&compare=true`);
    expect(body.meta.span).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(body.meta.previousSpan).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(body.meta.interval).toBe('week');
    const { headline, previous } = body.meta;
    expect([
      headline.claims.count,
      headline.completed.count,
      headline.medianCycleDays,
      headline.spendCents,
    ]).toEqual([6, 4, 8, 400_000]);
    expect(await listed(manager, headline.claims.filter)).toEqual(ids(a, b, c, d, e, h));
    expect(await listed(manager, headline.completed.filter)).toEqual(ids(a, b, c, e));
    expect(previous).toMatchObject({
      claims: { count: 1 },
      completed: { count: 1 },
      medianCycleDays: 5,
      spendCents: 10_000,
    });
    expect(await listed(manager, previous!.claims.filter)).toEqual(ids(g));
    expect((await report(manager)).meta.previous).toBeNull();
  });

  it('counts volume per week by workflow, with open and finished, every week of the span drawn', async () => {
    const { volume } = await report(manager);
    expect(volume.interval).toBe('week');
    expect(
      volume.periods.map((period) => [
        period.period,
        period.total.count,
        ...period.workflows.map((row) => row.count),
        period.open.count,
      ]),
    ).toEqual([
      // Every week the span touches, with claims or not (March 1 is a Sunday, March 30 and 31 a new week).
      ['2026-02-23', 0, 0, 0, 0],
      ['2026-03-02', 3, 2, 1, 0],
      ['2026-03-09', 1, 1, 0, 0],
      ['2026-03-16', 1, 0, 1, 0],
      ['2026-03-23', 1, 0, 1, 1],
      ['2026-03-30', 0, 0, 0, 0],
    ]);
    const [partWeek, firstWeek] = volume.periods;
    expect(partWeek!.total.filter).toMatchObject({ reportedFrom: '2026-03-01', reportedTo: '2026-03-01' });
    expect(firstWeek!.total.filter).toMatchObject({ reportedFrom: '2026-03-02', reportedTo: '2026-03-08' });
    expect(await listed(manager, firstWeek!.workflows[1]!.filter)).toEqual(ids(d));
    expect(await listed(manager, volume.periods[4]!.open.filter)).toEqual(ids(h));
  });

  it('measures cycle time and downtime: median, p90, mean, per facility and location', async () => {
    const { cycleTime } = await report(manager);
    expect(cycleTime.total).toMatchObject({
      claims: { count: 4 },
      cycle: { median: 8, p90: 17, mean: 10 },
      downtime: { median: 10, p90: 18, mean: 11.8, count: 3 },
    });
    expect(cycleTime.facilities.map((row) => [row.name, row.claims.count, row.cycle])).toEqual([
      ['Alpha Body', 3, { median: 10, p90: 18, mean: 11.3 }],
      ['Bravo Auto', 1, { median: 6, p90: 6, mean: 6 }],
    ]);
    expect(cycleTime.locations.map((row) => [row.name, row.claims.count, row.cycle.median])).toEqual([
      ['North', 2, 7],
      ['South', 2, 13],
    ]);
    expect(await listed(manager, cycleTime.facilities[0]!.claims.filter)).toEqual(ids(a, b, e));
  });

  it('measures the time in each status from the status history', async () => {
    const { statusTime } = await report(manager);
    const collision = statusTime.workflows.find((row) => row.workflow === 'collision')!;
    const of = (status: ClaimStatus, rows = collision.statuses) => rows.find((row) => row.status === status)!;
    expect(of('reported')).toMatchObject({
      claims: { count: 3 },
      medianDays: 1,
      meanDays: 1.2,
      totalDays: 3.5,
    });
    expect(of('estimate_pending')).toMatchObject({ claims: { count: 3 }, medianDays: 2, meanDays: 1.8 });
    expect(of('approved')).toMatchObject({ claims: { count: 1 }, medianDays: 1 });
    expect(of('in_repair')).toMatchObject({ claims: { count: 3 }, medianDays: 6, meanDays: 8 });
    expect(await listed(manager, of('approved').claims.filter)).toEqual(ids(a));
    const mechanical = statusTime.workflows.find((row) => row.workflow === 'mechanical')!.statuses;
    expect(of('reported', mechanical)).toMatchObject({
      claims: { count: 3 },
      medianDays: 0.3,
      meanDays: 0.5,
    });
    expect(of('diagnosis', mechanical)).toMatchObject({
      claims: { count: 2 },
      medianDays: 0.9,
      meanDays: 0.9,
    });
    expect(of('authorization_pending', mechanical)).toMatchObject({ claims: { count: 2 }, meanDays: 0.3 });
    expect(of('declined', mechanical)).toMatchObject({ claims: { count: 1 }, meanDays: 1 });
    expect(await listed(manager, of('in_repair', mechanical).claims.filter)).toEqual(ids(c, h));
  });

  it('adds up cost: estimate, approved, final, supplements, accuracy, spend per vehicle', async () => {
    const { cost } = await report(manager);
    expect(cost.total).toMatchObject({
      claims: { count: 6 },
      estimateCents: 400_000,
      approvedCents: 400_000,
      finalCents: 400_000,
      supplementRate: 0.3333,
      estimateAccuracy: 0.925,
      spendCents: 400_000,
      vehicles: 3,
      costPerVehicleCents: 133_333,
    });
    expect(cost.facilities.map((row) => [row.name, row.claims.count, row.spendCents])).toEqual([
      ['Alpha Body', 3, 370_000],
      ['Bravo Auto', 3, 30_000],
    ]);
    expect(cost.companies.map((row) => [row.name, row.spendCents])).toEqual([['Acme Rentals', 400_000]]);
    expect(cost.locations.map((row) => [row.name, row.spendCents])).toEqual([
      ['North', 170_000],
      ['South', 230_000],
    ]);
  });

  it('spends by company and by location in exact cents, each row listing exactly the claims it counts', async () => {
    const { cost } = await report(admin);
    const spend = (rows: typeof cost.companies) =>
      rows.map((row) => [
        row.name,
        row.claims.count,
        row.estimateCents,
        row.approvedCents,
        row.finalCents,
        row.vehicles,
        row.costPerVehicleCents,
      ]);
    // Acme: A 120,000 + B 50,000 + C 30,000 + E 200,000 on U-1, U-2 and U-3; Zenith: F 70,000 on Z-1.
    expect(spend(cost.companies)).toEqual([
      ['Acme Rentals', 6, 400_000, 400_000, 400_000, 3, 133_333],
      ['Zenith Logistics', 1, 0, 0, 70_000, 1, 70_000],
    ]);
    // North: A + B on U-1 and U-2; South: C + E (D cancelled, H open) on U-1 and U-3; Depot: F.
    expect(spend(cost.locations)).toEqual([
      ['Depot', 1, 0, 0, 70_000, 1, 70_000],
      ['North', 2, 150_000, 160_000, 170_000, 2, 85_000],
      ['South', 4, 250_000, 240_000, 230_000, 2, 115_000],
    ]);
    expect(cost.total).toMatchObject({ finalCents: 470_000, vehicles: 4, costPerVehicleCents: 117_500 });
    const rows = Object.fromEntries(
      [...cost.companies, ...cost.locations].map((row) => [row.name, row.claims.filter]),
    );
    expect(await listed(admin, rows['Acme Rentals']!)).toEqual(ids(a, b, c, d, e, h));
    expect(await listed(admin, rows['Zenith Logistics']!)).toEqual(ids(f));
    expect(await listed(admin, rows.North!)).toEqual(ids(a, b));
    expect(await listed(admin, rows.South!)).toEqual(ids(c, d, e, h));
    expect(await listed(admin, rows.Depot!)).toEqual(ids(f));
    // A manager of Acme sees neither Zenith nor its depot.
    const mine = (await report(manager)).cost;
    expect(mine.companies.map((row) => row.name)).toEqual(['Acme Rentals']);
    expect(mine.locations.map((row) => row.name)).toEqual(['North', 'South']);
  });

  it('ranks the top vehicles by claims and by spend', async () => {
    const { topVehicles } = await report(manager);
    expect(topVehicles.byClaims.map((row) => [row.unitNumber, row.claims.count])).toEqual([
      ['U-1', 2],
      ['U-3', 2],
      ['U-2', 1],
      ['U-4', 1],
    ]);
    expect(topVehicles.bySpend.map((row) => [row.unitNumber, row.spendCents])).toEqual([
      ['U-3', 200_000],
      ['U-1', 150_000],
      ['U-2', 50_000],
    ]);
    expect(await listed(manager, topVehicles.byClaims[0]!.claims.filter)).toEqual(ids(a, c));
  });

  it('sums mechanical authorizations by decision, with the median decision time', async () => {
    const { authorizations } = await report(manager);
    const kind = (name: string) => authorizations.kinds.find((row) => row.kind === name)!;
    expect(kind('partially_approved')).toMatchObject({
      requests: 1,
      requestedCents: 40_000,
      approvedCents: 30_000,
    });
    expect(kind('declined')).toMatchObject({ requests: 1, requestedCents: 20_000, approvedCents: 0 });
    expect(kind('automatic')).toMatchObject({ requests: 1, requestedCents: 10_000, approvedCents: 10_000 });
    expect(kind('approved')).toMatchObject({ requests: 0 });
    expect([
      authorizations.requestedCents,
      authorizations.approvedCents,
      authorizations.medianDecisionHours,
    ]).toEqual([70_000, 40_000, 2]);
    expect(await listed(manager, kind('automatic').claims.filter)).toEqual(ids(h));
    expect(await listed(manager, kind('declined').claims.filter)).toEqual(ids(d));
  });

  it('scores repair facilities: cycle time, on-time by first ETA, cost, supplements, comebacks', async () => {
    const { scorecard } = await report(manager);
    const [alphaRow, bravoRow] = scorecard.facilities;
    expect(alphaRow).toMatchObject({
      name: 'Alpha Body',
      handled: { count: 3 },
      completed: { count: 3 },
      medianCycleDays: 10,
      onTime: { count: 1 },
      withEta: 3,
      onTimeRate: 0.3333,
      averageCostCents: 123_333,
      supplementRate: 0.3333,
      comebacks: { count: 1 },
      comebackRate: 0.3333,
    });
    expect(bravoRow).toMatchObject({
      name: 'Bravo Auto',
      handled: { count: 3 },
      completed: { count: 1 },
      medianCycleDays: 6,
      onTime: { count: 1 },
      withEta: 1,
      onTimeRate: 1,
      averageCostCents: 30_000,
      supplementRate: null,
      comebacks: { count: 0 },
      comebackRate: 0,
    });
    expect(await listed(manager, alphaRow!.onTime.filter)).toEqual(ids(b));
    expect(await listed(manager, alphaRow!.comebacks.filter)).toEqual(ids(a));
    expect(await listed(manager, bravoRow!.handled.filter)).toEqual(ids(c, d, h));
  });

  // About 150 list requests: more than the default timeout on a busy machine.
  it(
    'lists exactly what every figure counts, for a manager, a viewer, an admin and another company',
    { timeout: 60_000 },
    async () => {
      await expectFiguresToListWhatTheyCount(manager, await report(manager));
      await expectFiguresToListWhatTheyCount(viewer, await report(viewer, `${MARCH}&dateField=completed`));
      const all = await report(admin, `${MARCH}&compare=true`);
      expect(all.meta.headline.claims.count).toBe(7);
      expect(all.scorecard.facilities[0]).toMatchObject({ name: 'Alpha Body', handled: { count: 4 } });
      await expectFiguresToListWhatTheyCount(admin, all);
      const theirs = await report(outsider);
      expect(theirs.meta.headline.claims.count).toBe(1);
      expect(await listed(outsider, theirs.meta.headline.claims.filter)).toEqual(ids(f));
      await expectFiguresToListWhatTheyCount(outsider, theirs);
    },
  );

  it('narrows by date field, company, location, workflow, facility and status', async () => {
    const completed = await report(manager, `${MARCH}&dateField=completed`);
    expect(completed.meta.headline.claims.count).toBe(4);
    const narrowed = await report(
      manager,
      `${MARCH}&locationId=${south!.id}&workflow=mechanical&status=completed&status=cancelled`,
    );
    expect(await listed(manager, narrowed.meta.headline.claims.filter)).toEqual(ids(c, d));
    const atBravo = await report(admin, `${MARCH}&repairFacilityId=${alpha!.id}&companyId=${zenith.id}`);
    expect(await listed(admin, atBravo.meta.headline.claims.filter)).toEqual(ids(f));
  });

  it('refuses what it cannot answer with a clear message, and another company’s report', async () => {
    const custom = await get<{ message: string }>(manager, '/api/reports?range=custom&from=2026-03-10', 400);
    expect(custom.message).toMatch(/To is required/);
    // Another company's id answers like one that does not exist, naming the field (issue 28, finding 7).
    const company = await get<{ fieldErrors: unknown }>(
      manager,
      `/api/reports?${MARCH}&companyId=${zenith.id}`,
      400,
    );
    expect(company.fieldErrors).toEqual({ companyId: ['Company not found'] });
    const depot = await get<{ message: string }>(
      manager,
      `/api/reports?${MARCH}&locationId=${zenithDepot!.id}`,
      400,
    );
    expect(depot.message).toBe('Location not found');
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/reports/pdf?${MARCH}&locationId=${zenithDepot!.id}`,
      headers: { cookie: manager },
    });
    expect(pdf.statusCode).toBe(400);
    const response = await app.inject({ method: 'GET', url: `/api/reports?${MARCH}` });
    expect(response.statusCode).toBe(401);
  });

  it('caps a custom period at the limit, refuses days out of range with a 400, and keeps few custom answers (issue 28, finding 12)', async () => {
    const refused = async (query: string) =>
      (await get<{ message: string }>(viewer, `/api/reports?range=custom&${query}`, 400)).message;
    expect(await refused('from=1700-01-01&to=2299-12-31')).toContain(REPORT_SPAN_LIMIT_MESSAGE);
    expect(REPORT_SPAN_LIMIT_MESSAGE).toContain(`${MAX_REPORT_SPAN_YEARS} years`);
    const extreme = await get<{ fieldErrors: Record<string, string[]> }>(
      viewer,
      '/api/reports?range=custom&from=0001-01-01&to=9999-12-31',
      400,
    );
    expect(extreme.fieldErrors).toEqual({
      from: ['From must be between 1900-01-01 and 2199-12-31'],
      to: [REPORT_SPAN_LIMIT_MESSAGE, 'To must be between 1900-01-01 and 2199-12-31'],
    });
    expect(await refused('from=2199-01-01&to=2200-01-01')).toMatch(/To must be between/);
    expect(await refused('from=2016-03-01&to=2026-03-01')).toContain(REPORT_SPAN_LIMIT_MESSAGE);
    // Ten years to the day is the longest period; the PDF takes the same filter.
    await report(viewer, 'range=custom&from=2016-03-01&to=2026-02-28');
    const pdf = await app.inject({
      method: 'GET',
      url: '/api/reports/pdf?range=custom&from=1700-01-01&to=2299-12-31',
      headers: { cookie: viewer },
    });
    expect(pdf.statusCode).toBe(400);

    // Every custom period asked for is a question of its own: only the latest few are kept per scope.
    const keptOf2011 = async () =>
      (await db.select({ answer: reportAnswers.answer }).from(reportAnswers)).filter((row) =>
        (row.answer as Report).meta.span.from.startsWith('2011-'),
      ).length;
    const presets = async () =>
      (await db.select().from(reportAnswers).where(isNull(reportAnswers.bucket))).length;
    await report(viewer, 'range=last_30_days');
    const before = await presets();
    for (let day = 1; day <= KEPT_CUSTOM_ANSWERS + 5; day++) {
      await report(viewer, `range=custom&from=2011-01-01&to=2011-02-${String(day).padStart(2, '0')}`);
    }
    expect(await keptOf2011()).toBe(KEPT_CUSTOM_ANSWERS);
    expect(await presets(), 'preset answers are not dropped').toBe(before);
  });

  it('answers a preset range on today’s calendar', async () => {
    const body = await report(manager, 'range=year_to_date');
    const [row] = await db
      .execute(sql`select current_date::text as today`)
      .then((result) => (result as unknown as { rows: { today: string }[] }).rows);
    expect(body.meta.span).toEqual({ from: `${row!.today.slice(0, 4)}-01-01`, to: row!.today });
    expect(body.meta.interval).toBe('month');
  });

  it('prints the whole report as a streamed PDF with its filters, charts and tables', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/reports/pdf?${MARCH}&locationId=${south!.id}&compare=true`,
      headers: { cookie: manager },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="fleetclaims-report-2026-03-01-to-2026-03-31.pdf"',
    );
    const document = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(document, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'FleetClaims report',
      'Mar 1, 2026 – Mar 31, 2026',
      'South',
      'All companies',
      'Claim volume',
      'Repair facility scorecard',
      'Bravo Auto',
      'Partially approved',
      'Median decision time: 2.0 h',
      'Spend by company',
      'Spend by location',
      'Vehicles with the highest spend',
      '$2,300.00',
    ]) {
      expect(flat, expected).toContain(expected);
    }
    // Vector charts: filled rectangles, no images.
    expect(response.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });
  // Last, so that its claim (reported now, not in March) changes no other test's figures.
  it('counts the status a claim still waits in, never left before, from when it entered it until now', async () => {
    // Entered 49 hours ago and still there: 2.04 days and counting, shown as 2.0 for the next hour and more.
    const since = new Date(Date.now() - 49 * 3_600_000);
    await claim({
      vehicle: z1,
      workflow: 'mechanical',
      facility: bravo!.id,
      location: zenithDepot!.id,
      history: [
        ['reported', new Date(since.getTime() - 3_600_000)],
        ['diagnosis', since],
      ],
    });
    const { statusTime } = await report(outsider, 'range=last_30_days');
    const mechanical = statusTime.workflows.find((row) => row.workflow === 'mechanical')!.statuses;
    const of = (status: ClaimStatus) => mechanical.find((row) => row.status === status)!;
    expect(of('reported')).toMatchObject({ claims: { count: 1 }, medianDays: 0, totalDays: 0 });
    expect(of('diagnosis')).toMatchObject({ claims: { count: 1 }, medianDays: 2, meanDays: 2, totalDays: 2 });
  });
});
