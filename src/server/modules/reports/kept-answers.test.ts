import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FleetDashboard } from '@shared/fleet-dashboard.js';
import { reportFilterSchema, type Report } from '@shared/reports.js';
import type { ClaimStatus, Workflow } from '@shared/workflows.js';
import { queryRows, type Database } from '../../db/client.js';
import {
  authorizationRequests,
  claims,
  claimStatusHistory,
  companies,
  locations,
  repairFacilities,
  reportAnswers,
  vehicles,
} from '../../db/schema/index.js';
import {
  buildClaimWithHistory,
  buildCompany,
  buildEstimate,
  buildUser,
  loginAs,
  moveClaimDirectly,
} from '../../test/factories.js';
import { managerFleet } from '../../test/manager-fleet.js';
import { createTestApp, testDatabaseKind } from '../../test/test-app.js';
import { fleetFiguresAt } from './fleet-dashboard.service.js';
import { KEPT_ANSWER_FRESH_MINUTES, keptAnswerKey } from './kept-answers.js';
import { inReportTransaction } from './report-transaction.js';
import { reportIn, reportQuestion } from './reports.service.js';

/**
 * Kept report answers (decision 035) must always be what computing the report gives. After every kind of change
 * a report reads, each reader's answer (a manager's report, an admin's, the Fleet Dashboard) is compared with the
 * report computed again on the data as it now is, at the moment the answer says it is as of; and the manager's
 * answer must have changed (an answer kept from before the change would differ from the computation).
 */

const QUERY = 'range=last_90_days&compare=true';
const day = 24 * 60 * 60 * 1000;

describe('kept report answers', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const { acme, manager, north, van } = await managerFleet(app, db);
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));

  const [alpha] = await db
    .insert(repairFacilities)
    .values([{ name: 'Alpha Body', kind: 'both' }])
    .returning();
  const [depot] = await db
    .insert(locations)
    .values([{ companyId: zenith.id, name: 'Depot', code: 'D' }])
    .returning();
  const [truck, zenithVan] = await db
    .insert(vehicles)
    .values([
      { companyId: acme.id, unitNumber: 'A-2', vin: '1FTFW1ET5DFC10002', make: 'Ford', model: 'F-150' },
      { companyId: zenith.id, unitNumber: 'Z-1', vin: '1FTFW1ET5DFC10003', make: 'Ram', model: 'ProMaster' },
    ])
    .returning();

  // Days before now: the report's last 90 days and the Fleet Dashboard's figures move with the calendar.
  const ago = (days: number, hours = 0) => new Date(Date.now() - days * day - hours * 3_600_000);
  let number = 500;
  const createClaim = (input: {
    vehicle: { id: string; companyId: string };
    location: string;
    workflow?: Workflow;
    history: [ClaimStatus, Date][];
  }) =>
    buildClaimWithHistory(db, input.vehicle, input.history, {
      number: ++number,
      locationId: input.location,
      repairFacilityId: alpha!.id,
      workflow: input.workflow ?? 'collision',
      drivable: false,
    });
  const move = (claimId: string, from: ClaimStatus, to: ClaimStatus, when: Date, final?: number) =>
    moveClaimDirectly(db, claimId, [from, to], when, { finalAmountCents: final });

  async function get<T>(cookie: string, url: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }
  const managerReport = () => get<Report>(manager, `/api/reports?${QUERY}`);
  const adminReport = () => get<Report>(admin, `/api/reports?${QUERY}`);
  const fleet = () => get<FleetDashboard>(manager, `/api/fleet-dashboard?companyId=${acme.id}`);
  const filter = reportFilterSchema.parse(Object.fromEntries(new URLSearchParams(QUERY)));

  /** The report computed now, on the data as it is, at the moment `kept` is as of. */
  const computed = (scope: 'all' | string[], kept: Report) =>
    inReportTransaction(db, (tx) =>
      reportIn(tx, scope, filter, { today: kept.meta.today, asOf: kept.meta.asOf }),
    );
  const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  const withoutMoment = (report: Report) => ({ ...report, meta: { ...report.meta, asOf: null } });

  let previous: Report | null = null;
  async function expectKeptToEqualComputed(step: string, { managerChanged = true } = {}) {
    const [mine, all, board] = [await managerReport(), await adminReport(), await fleet()];
    expect(mine, `${step}: manager`).toEqual(json(await computed([acme.id], mine)));
    expect(all, `${step}: admin`).toEqual(json(await computed('all', all)));
    const { company, companies: choices, ...figures } = board;
    expect(company.id).toBe(acme.id);
    expect(choices).toHaveLength(1);
    expect(figures, `${step}: fleet dashboard`).toEqual(
      json(await inReportTransaction(db, (tx) => fleetFiguresAt(tx, acme.id, board.asOf))),
    );
    if (previous && managerChanged) {
      expect(withoutMoment(mine), `${step}: the manager's answer changed`).not.toEqual(
        withoutMoment(previous),
      );
    }
    previous = mine;
    return { mine, all, board };
  }

  it('equal the report computed again at their moment after every kind of change', async () => {
    const first = await createClaim({
      vehicle: van,
      location: north.id,
      history: [
        ['reported', ago(20)],
        ['estimate_pending', ago(19, 6)],
        ['in_repair', ago(15)],
      ],
    });
    await expectKeptToEqualComputed('a claim reported');
    const again = await managerReport();
    expect(again, 'nothing changed: the same answer, as of the same moment').toEqual(previous);

    await buildEstimate(db, first.id, 0, 120_000);
    await expectKeptToEqualComputed('an estimate');
    await buildEstimate(db, first.id, 1, 30_000);
    await expectKeptToEqualComputed('a supplement');
    await move(first.id, 'in_repair', 'completed', ago(3), 141_500);
    await expectKeptToEqualComputed('a claim completed');

    const second = await createClaim({
      vehicle: van,
      location: north.id,
      workflow: 'mechanical',
      history: [['reported', ago(2)]],
    });
    await expectKeptToEqualComputed('a comeback reported');
    await db.insert(authorizationRequests).values({
      claimId: second.id,
      sequence: 1,
      status: 'partially_approved',
      requestedAmountCents: 80_000,
      approvedAmountCents: 60_000,
      createdAt: ago(1, 5),
      decidedAt: ago(1, 2),
    });
    await expectKeptToEqualComputed('an authorization decided');

    await db.update(vehicles).set({ unitNumber: 'A-100' }).where(eq(vehicles.id, van.id));
    await expectKeptToEqualComputed('a vehicle renamed');
    await db.update(locations).set({ name: 'North Yard' }).where(eq(locations.id, north.id));
    await expectKeptToEqualComputed('a location renamed');
    // A location moved to another company keeps its claims: renaming it still changes this company's reports.
    await db.update(locations).set({ companyId: zenith.id }).where(eq(locations.id, north.id));
    await expectKeptToEqualComputed('a location moved to another company', { managerChanged: false });
    await db.update(locations).set({ name: 'North Annex' }).where(eq(locations.id, north.id));
    await expectKeptToEqualComputed('the moved location renamed');
    await db.update(locations).set({ companyId: acme.id }).where(eq(locations.id, north.id));
    await db
      .update(repairFacilities)
      .set({ name: 'Alpha Collision' })
      .where(eq(repairFacilities.id, alpha!.id));
    await expectKeptToEqualComputed('a repair facility renamed');
    await db.update(claims).set({ vehicleId: truck!.id }).where(eq(claims.id, second.id));
    await expectKeptToEqualComputed('a claim moved to another vehicle');

    // Another company's claim: the manager's answer is kept as it was; the admin's counts it.
    const before = previous!;
    const beforeAll = await adminReport();
    const theirs = await createClaim({
      vehicle: zenithVan!,
      location: depot!.id,
      history: [['reported', ago(4)]],
    });
    const { mine, all } = await expectKeptToEqualComputed('another company’s claim', {
      managerChanged: false,
    });
    expect(mine, 'the manager’s answer is the one kept before').toEqual(before);
    expect(all.meta.headline.claims.count).toBe(beforeAll.meta.headline.claims.count + 1);
    await db.update(companies).set({ name: 'Zenith Freight' }).where(eq(companies.id, zenith.id));
    await expectKeptToEqualComputed('another company renamed', { managerChanged: false });
    await db
      .update(claims)
      .set({ companyId: acme.id, vehicleId: van.id, locationId: north.id })
      .where(eq(claims.id, theirs.id));
    await expectKeptToEqualComputed('a claim moved to the manager’s company');

    await db.delete(claimStatusHistory).where(eq(claimStatusHistory.claimId, first.id));
    await expectKeptToEqualComputed('a claim’s history removed');
    await db.delete(claims).where(eq(claims.id, second.id));
    await expectKeptToEqualComputed('a claim deleted');
  });

  const keyOfManagerReport = (today: string) =>
    keptAnswerKey({ question: reportQuestion(filter, today), scope: [acme.id] });

  it(`is computed again when older than ${KEPT_ANSWER_FRESH_MINUTES} minutes: open claims' days move`, async () => {
    const kept = await managerReport();
    // The kept answer made older, as if computed eleven minutes before.
    const older = new Date(
      Date.parse(kept.meta.asOf) - (KEPT_ANSWER_FRESH_MINUTES + 1) * 60_000,
    ).toISOString();
    await db
      .update(reportAnswers)
      .set({ asOf: older, answer: { ...kept, meta: { ...kept.meta, asOf: older } } })
      .where(eq(reportAnswers.key, keyOfManagerReport(kept.meta.today)));
    const later = await managerReport();
    expect(Date.parse(later.meta.asOf)).toBeGreaterThanOrEqual(Date.parse(kept.meta.asOf));
    expect(later).toEqual(json(await computed([acme.id], later)));
  });

  const holdingComputation = <T>(today: string, run: (tx: Database) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7247, hashtext(${keyOfManagerReport(today)}))`);
      return run(tx as unknown as Database);
    });

  // The embedded database has one connection: one request at a time, none waits for another's computation.
  it.skipIf(testDatabaseKind() !== 'postgres')(
    'gives the previous answer while another request computes the new one, and waits when there is none',
    async () => {
      const kept = await managerReport();
      await createClaim({ vehicle: truck!, location: north.id, history: [['reported', ago(6)]] });

      // Another request holds the computation: this one is given the answer kept before, as of its moment.
      const meanwhile = await holdingComputation(kept.meta.today, () => managerReport());
      expect(meanwhile).toEqual(kept);
      const after = await managerReport();
      expect(after.meta.headline.claims.count).toBe(kept.meta.headline.claims.count + 1);
      expect(after).toEqual(json(await computed([acme.id], after)));

      // With no answer of today kept (this one made yesterday's), the request waits for the computation in
      // progress, then answers.
      await db
        .update(reportAnswers)
        .set({ asOf: sql`as_of - interval '1 day'` })
        .where(eq(reportAnswers.key, keyOfManagerReport(kept.meta.today)));
      const pending = await holdingComputation(kept.meta.today, async () => {
        const answer = managerReport();
        // This database's requests waiting for this answer's computation (other test files run beside).
        const waiting = async () => {
          const [row] = await queryRows<{ count: number }>(
            db,
            sql`select count(*)::int as count from pg_locks
                where locktype = 'advisory' and not granted and classid = 7247
                  and database = (select oid from pg_database where datname = current_database())`,
          );
          return Number(row!.count);
        };
        await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
        return { answer };
      });
      const waited = await pending.answer;
      expect(waited).toEqual(json(await computed([acme.id], waited)));
    },
  );
});
