import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FleetDashboard } from '@shared/fleet-dashboard.js';
import { reportFilterSchema, type Report } from '@shared/reports.js';
import { queryRows } from '../../db/client.js';
import { claims, REPORT_UNREAD_CLAIM_COLUMNS } from '../../db/schema/index.js';
import { buildClaimWithHistory } from '../../test/factories.js';
import { managerFleet } from '../../test/manager-fleet.js';
import { createTestApp } from '../../test/test-app.js';
import { fleetFiguresAt } from './fleet-dashboard.service.js';
import { versionsOf } from './kept-answer-read.js';
import { inReportTransaction } from './report-transaction.js';
import { reportIn } from './reports.service.js';

/**
 * A claim's change makes its company's kept answers out of date only when it changes something a report or the
 * Fleet Dashboard reads (migration 0049, decision 052): an assignee, a priority or a description changed from the
 * claim's page leaves the report and the dashboard as kept, with the moment they are as of.
 */

const QUERY = 'range=last_90_days';
const day = 24 * 60 * 60 * 1000;

describe('report versions of a claim’s changes', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const { acme, managerUser, manager, north, van, get } = await managerFleet(app, db);
  const ago = (days: number) => new Date(Date.now() - days * day);
  const claim = await buildClaimWithHistory(
    db,
    van,
    [
      ['reported', ago(10)],
      ['in_repair', ago(5)],
    ],
    { number: 900, locationId: north.id, drivable: false, eta: ago(-3).toISOString().slice(0, 10) },
  );

  const report = () => get<Report>(`/api/reports?${QUERY}`);
  const fleet = () => get<FleetDashboard>(`/api/fleet-dashboard?companyId=${acme.id}`);
  const filter = reportFilterSchema.parse(Object.fromEntries(new URLSearchParams(QUERY)));
  const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  /** The report and the dashboard's figures computed now, at the moment of the kept ones. */
  const computedAt = (kept: Report, board: FleetDashboard) =>
    inReportTransaction(db, async (tx) => ({
      report: json(await reportIn(tx, [acme.id], filter, { today: kept.meta.today, asOf: kept.meta.asOf })),
      board: json(await fleetFiguresAt(tx, acme.id, board.asOf)),
    }));
  const figuresOf = ({ company: _company, companies: _companies, ...figures }: FleetDashboard) => figures;

  it('lists the trigger’s unread columns in one place, each a column of claims', async () => {
    const [trigger] = await queryRows<{ definition: string }>(
      db,
      sql`select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = 'report_version_of_claim_updates'`,
    );
    const lists = [...trigger!.definition.matchAll(/'\{([^}]*)\}'::text\[\]/g)].map((match) =>
      match[1]!.split(','),
    );
    expect(lists).toEqual([[...REPORT_UNREAD_CLAIM_COLUMNS], [...REPORT_UNREAD_CLAIM_COLUMNS]]);
    const columns = await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns where table_name = 'claims'`,
    );
    expect(columns.map((column) => column.name)).toEqual(
      expect.arrayContaining([...REPORT_UNREAD_CLAIM_COLUMNS]),
    );
  });

  it('keeps every answer when only what no report reads changes, and not when the ETA does', async () => {
    const kept = await report();
    const board = await fleet();
    const versions = await versionsOf(db, [acme.id]);

    // Every unread column at once (priority_rank follows priority).
    await db
      .update(claims)
      .set({
        adjusterEmail: 'ann@insurer.example',
        adjusterName: 'Ann Adjuster',
        adjusterPhone: '555-0100',
        assigneeId: managerUser.id,
        createdById: managerUser.id,
        deductibleCents: 50_000,
        description: 'Rear bumper, changed',
        insurer: 'Insurer',
        insurerClaimNumber: 'IC-1',
        lossDate: ago(12).toISOString().slice(0, 10),
        odometerAtIntake: 81_234,
        policyNumber: 'P-1',
        priority: 'urgent',
        rentalNeeded: true,
        reportedByName: 'Riley',
        reportedByPhone: '555-0101',
        searchText: 'changed',
        statusBeforeHold: 'approved',
        tags: ['fleet'],
        towRequired: true,
        updatedAt: new Date(),
        updatedById: managerUser.id,
        version: 7,
      })
      .where(eq(claims.id, claim.id));
    expect(await versionsOf(db, [acme.id])).toBe(versions);
    // No report reads them: computed again at the kept answers' moments, both are as kept.
    expect(await computedAt(kept, board)).toEqual({ report: kept, board: figuresOf(board) });
    expect(await report()).toEqual(kept);

    // From the claim's page, through the API.
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${claim.id}`,
      headers: { cookie: manager },
      payload: { version: 7, priority: 'low', description: 'Rear bumper and tailgate' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await report()).toEqual(kept);
    expect(await fleet()).toEqual(board);

    // The ETA is on the dashboard: a new version, and answers computed again.
    await db
      .update(claims)
      .set({ eta: ago(-5).toISOString().slice(0, 10) })
      .where(eq(claims.id, claim.id));
    expect(await versionsOf(db, [acme.id])).not.toBe(versions);
    const after = await fleet();
    expect(Date.parse(after.asOf)).toBeGreaterThan(Date.parse(board.asOf));
    expect(after.upcomingReturns.map((entry) => entry.eta)).toEqual([ago(-5).toISOString().slice(0, 10)]);
  });
});
