import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FleetDashboard } from '@shared/fleet-dashboard.js';
import { reportFilterSchema, type Report } from '@shared/reports.js';
import type { ClaimStatus } from '@shared/workflows.js';
import { reportAnswers } from '../../db/schema/index.js';
import { buildClaimWithHistory } from '../../test/factories.js';
import { managerFleet } from '../../test/manager-fleet.js';
import { createTestApp } from '../../test/test-app.js';
import { refreshKeptAnswers } from './kept-answer-refresh.js';
import { keptAnswerKey } from './kept-answers.js';
import { inReportTransaction } from './report-transaction.js';
import { reportIn, reportQuestion } from './reports.service.js';

/**
 * The refresh job (issue 30) computes again, ahead of their readers, the kept answers read in the last hour that a
 * change made stale: the next reader is given the job's answer — the same as computing the report at its moment —
 * without waiting for a computation.
 */

const QUERY = 'range=last_90_days';
const day = 24 * 60 * 60 * 1000;

describe('kept answers refreshed ahead of readers', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const { acme, north, van, get } = await managerFleet(app, db);
  const ago = (days: number) => new Date(Date.now() - days * day);
  let number = 700;
  const report = (history: [ClaimStatus, Date][]) =>
    buildClaimWithHistory(db, van, history, { number: ++number, locationId: north.id, drivable: false });

  const managerReport = () => get<Report>(`/api/reports?${QUERY}`);
  const fleet = () => get<FleetDashboard>(`/api/fleet-dashboard?companyId=${acme.id}`);
  const filter = reportFilterSchema.parse(Object.fromEntries(new URLSearchParams(QUERY)));
  const reportKey = (today: string) =>
    keptAnswerKey({ question: reportQuestion(filter, today), scope: [acme.id] });
  const keptAsOf = async (key: string) => {
    const [row] = await db
      .select({
        asOf: sql<string>`to_char(${reportAnswers.asOf} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(reportAnswers)
      .where(eq(reportAnswers.key, key));
    return row!.asOf;
  };

  it('computes the stale answers read lately, and gives the next reader that answer', async () => {
    await report([['reported', ago(10)]]);
    const before = await managerReport();
    const board = await fleet();
    expect(await refreshKeptAnswers(db), 'nothing changed').toEqual({
      refreshed: 0,
      current: 2,
      busy: 0,
      skipped: 0,
    });

    await report([['reported', ago(2)]]);
    expect(await refreshKeptAnswers(db), 'a claim reported').toEqual({
      refreshed: 2,
      current: 0,
      busy: 0,
      skipped: 0,
    });
    const refreshedAt = await keptAsOf(reportKey(before.meta.today));
    expect(Date.parse(refreshedAt)).toBeGreaterThanOrEqual(Date.parse(before.meta.asOf));

    // The reader is given the job's answer, as of the job's moment, equal to the report computed then.
    const after = await managerReport();
    expect(after.meta.asOf).toBe(refreshedAt);
    expect(after.meta.headline.claims.count).toBe(before.meta.headline.claims.count + 1);
    expect(after).toEqual(
      JSON.parse(
        JSON.stringify(
          await inReportTransaction(db, (tx) =>
            reportIn(tx, [acme.id], filter, { today: after.meta.today, asOf: after.meta.asOf }),
          ),
        ),
      ),
    );
    const boardAfter = await fleet();
    expect(Date.parse(boardAfter.asOf)).toBeGreaterThanOrEqual(Date.parse(board.asOf));
    expect(boardAfter.down.claims.count).toBe(board.down.claims.count + 1);
  });

  it('leaves the answers nobody read in the last hour', async () => {
    const kept = await managerReport();
    await db
      .update(reportAnswers)
      .set({ readAt: sql`now() - interval '61 minutes'` })
      .where(eq(reportAnswers.key, reportKey(kept.meta.today)));
    await report([['reported', ago(1)]]);
    // The Fleet Dashboard, read in the last hour, is computed again; the report is not.
    expect(await refreshKeptAnswers(db)).toEqual({ refreshed: 1, current: 0, busy: 0, skipped: 0 });
    expect(await keptAsOf(reportKey(kept.meta.today))).toBe(kept.meta.asOf);
    // Its next reader computes it (and marks it read again).
    const read = await managerReport();
    expect(read.meta.headline.claims.count).toBe(kept.meta.headline.claims.count + 1);
    expect(await refreshKeptAnswers(db)).toEqual({ refreshed: 0, current: 1, busy: 0, skipped: 0 });
  });

  it('computes an answer again only when it was read since it was last computed', async () => {
    const kept = await managerReport();
    await report([['reported', ago(3)]]);
    // The Fleet Dashboard was computed by the job and not read since: the job computes more only for readers.
    expect(await refreshKeptAnswers(db)).toEqual({ refreshed: 1, current: 0, busy: 0, skipped: 0 });
    const read = await managerReport();
    expect(read.meta.headline.claims.count).toBe(kept.meta.headline.claims.count + 1);
    await report([['reported', ago(4)]]);
    expect(await refreshKeptAnswers(db), 'read once since').toEqual({
      refreshed: 1,
      current: 0,
      busy: 0,
      skipped: 0,
    });
    await report([['reported', ago(5)]]);
    expect(await refreshKeptAnswers(db), 'not read since').toEqual({
      refreshed: 0,
      current: 0,
      busy: 0,
      skipped: 0,
    });
  });
});
