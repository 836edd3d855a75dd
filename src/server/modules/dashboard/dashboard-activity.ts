import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatClaimNumber } from '@shared/claims.js';
import { RECENT_ACTIVITY_SHOWN, type DashboardActivity } from '@shared/dashboard.js';
import type { CompanyScope } from '../../actor.js';
import { literalLimit, type Database } from '../../db/client.js';
import { hotStatement } from '../../db/row-mapper.js';
import { claims, claimStatusHistory, companies, users, vehicles } from '../../db/schema/index.js';
import { person, personName } from '../claims/index.js';
import { inCompanies, scopedStatements } from './dashboard-statements.js';

const actors = alias(users, 'actors');
const impersonators = alias(users, 'impersonators');

/**
 * The latest status changes in the caller's companies. A claim's `status_changed_at` is the time of its
 * latest history entry (both are written in the move's transaction), so the latest changes all belong to
 * the claims moved last: a few of those per company (an index read each) bound the history read, however
 * many claims there are or however quiet a company is.
 */
function prepareActivity(db: Database, scoped: boolean) {
  const movedLast = db
    .select({ id: claims.id, movedAt: claims.statusChangedAt })
    .from(claims)
    .where(eq(claims.companyId, companies.id))
    .orderBy(desc(claims.statusChangedAt))
    .limit(literalLimit(RECENT_ACTIVITY_SHOWN))
    .as('moved_last');
  const recentClaims = db
    .select({ id: movedLast.id })
    .from(companies)
    .crossJoinLateral(movedLast)
    .where(inCompanies(companies.id, scoped))
    .orderBy(desc(movedLast.movedAt))
    .limit(literalLimit(RECENT_ACTIVITY_SHOWN))
    .as('recent_claims');

  // The latest few entries of each of those claims (a claim moved back and forth has hundreds), by the
  // history's claim index: at most RECENT_ACTIVITY_SHOWN² rows to sort, however long the histories are.
  const latest = db
    .select({
      id: claimStatusHistory.id,
      fromStatus: claimStatusHistory.fromStatus,
      toStatus: claimStatusHistory.toStatus,
      actorId: claimStatusHistory.actorId,
      impersonatorId: claimStatusHistory.impersonatorId,
      note: claimStatusHistory.note,
      createdAt: claimStatusHistory.createdAt,
      seq: claimStatusHistory.seq,
    })
    .from(claimStatusHistory)
    .where(eq(claimStatusHistory.claimId, recentClaims.id))
    .orderBy(desc(claimStatusHistory.createdAt), desc(claimStatusHistory.seq))
    .limit(literalLimit(RECENT_ACTIVITY_SHOWN))
    .as('latest');

  // Written driving-table first (decision 012): those few claims, their latest entries, then the names.
  return hotStatement(
    db
      .select({
        entry: {
          id: latest.id,
          fromStatus: latest.fromStatus,
          toStatus: latest.toStatus,
          actorId: latest.actorId,
          impersonatorId: latest.impersonatorId,
          note: latest.note,
          createdAt: latest.createdAt,
        },
        claim: { id: claims.id, number: claims.number, workflow: claims.workflow },
        unitNumber: vehicles.unitNumber,
        companyName: companies.name,
        actorUsername: actors.username,
        actorName: personName(actors),
        impersonatorUsername: impersonators.username,
        impersonatorName: personName(impersonators),
      })
      .from(recentClaims)
      .crossJoinLateral(latest)
      .innerJoin(claims, eq(claims.id, recentClaims.id))
      .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
      .innerJoin(companies, eq(companies.id, claims.companyId))
      .leftJoin(actors, eq(actors.id, latest.actorId))
      .leftJoin(impersonators, eq(impersonators.id, latest.impersonatorId))
      .orderBy(desc(latest.createdAt), desc(latest.seq))
      .limit(literalLimit(RECENT_ACTIVITY_SHOWN))
      .prepare(scoped ? 'dashboard_activity' : 'dashboard_activity_all'),
  );
}

const activityStatements = scopedStatements(prepareActivity);

/** The latest status changes in the caller's companies, a named prepared statement as the summary's. */
export async function dashboardActivity(db: Database, scope: CompanyScope): Promise<DashboardActivity> {
  const { statements, scopeValues } = activityStatements(db, scope);
  const rows = await statements.execute(scopeValues);

  return {
    items: rows.map((row) => ({
      id: row.entry.id,
      claim: {
        id: row.claim.id,
        claimNumber: formatClaimNumber(row.claim.number),
        workflow: row.claim.workflow,
        unitNumber: row.unitNumber,
        companyName: row.companyName,
      },
      fromStatus: row.entry.fromStatus,
      toStatus: row.entry.toStatus,
      actor: person(row.entry.actorId, row.actorUsername, row.actorName),
      impersonator: person(row.entry.impersonatorId, row.impersonatorUsername, row.impersonatorName),
      note: row.entry.note,
      createdAt: row.entry.createdAt.toISOString(),
    })),
  };
}
