import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatClaimNumber } from '@shared/claims.js';
import {
  CYCLE_TIME_WINDOW_DAYS,
  MY_CLAIMS_SHOWN,
  RECENT_ACTIVITY_SHOWN,
  type DashboardActivity,
  type DashboardFigure,
  type DashboardSummary,
} from '@shared/dashboard.js';
import { openStatusesOf, WORKFLOWS, type ClaimStatus, type Workflow } from '@shared/workflows.js';
import type { CompanyScope } from '../../actor.js';
import { literalLimit, perDatabase, type Database } from '../../db/client.js';
import { mapRowsOnce } from '../../db/row-mapper.js';
import {
  claimCounts,
  claims,
  claimStatusHistory,
  companies,
  users,
  vehicles,
} from '../../db/schema/index.js';
import {
  person,
  presentClaimListItem,
  claimIsOpenSql,
  personName,
  selectClaimListRows,
} from '../claims/index.js';

const SECONDS_PER_DAY = 86_400;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

const WINDOW_START = sql.raw(`current_date - ${CYCLE_TIME_WINDOW_DAYS - 1}`);

/** `column` (a company id) is one of the placeholder `companyIds` (an empty list matches nothing). */
const inCompanies = (column: AnyPgColumn, scoped: boolean) =>
  scoped ? sql`${column} = any(${sql.placeholder('companyIds')}::uuid[])` : undefined;

/**
 * Statements built once per database in two forms: scoped to the placeholder `companyIds` (`inCompanies`), or
 * every company (an admin). Answers the form for `scope` and the values that scope it.
 */
function scopedStatements<T>(prepare: (db: Database, scoped: boolean) => T) {
  const forms = perDatabase((db) => ({ scoped: prepare(db, true), all: prepare(db, false) }));
  return (db: Database, scope: CompanyScope) =>
    scope === 'all'
      ? { statements: forms(db).all, scopeValues: {} }
      : { statements: forms(db).scoped, scopeValues: { companyIds: scope } };
}

/**
 * The summary's queries as named prepared statements: the same for everyone but the user and the companies,
 * so PostgreSQL plans each once per connection. Two forms of each: scoped to companies, or (an admin) all.
 */
function prepareSummary(db: Database, scoped: boolean) {
  const name = (query: string) => `dashboard_${query}${scoped ? '' : '_all'}`;
  const metric = claimCounts.metric;
  return {
    /**
     * The database's calendar (today, the first day of the cycle-time window) and the number of companies:
     * one row whatever is counted.
     */
    calendar: mapRowsOnce(
      db
        .select({
          today: sql<string>`current_date::text`,
          since: sql<string>`(${WINDOW_START})::text`,
          companies: sql<number>`count(*)::int`,
        })
        .from(companies)
        .where(inCompanies(companies.id, scoped))
        .prepare(name('calendar')),
    ),
    /**
     * The figures, read from `claim_counts` (kept by a trigger as claims change, see migration 0010): one
     * grouped read of a few hundred rows, whatever the number of claims. Overdue, down and completed are
     * counted per day, so "before today" is decided when reading.
     */
    counts: mapRowsOnce(
      db
        .select({
          metric,
          workflow: claimCounts.workflow,
          status: claimCounts.status,
          claims: sql<number>`sum(${claimCounts.claims})::int`,
          mine: sql<number>`coalesce(sum(${claimCounts.claims}) filter (where ${claimCounts.assigneeId} = ${sql.placeholder('userId')}), 0)::int`,
          seconds: sql<number>`sum(${claimCounts.seconds})::float8`,
        })
        .from(claimCounts)
        .where(
          and(
            inCompanies(claimCounts.companyId, scoped),
            or(
              eq(metric, 'open'),
              and(eq(metric, 'eta'), sql`${claimCounts.day} < current_date`),
              and(inArray(metric, ['down', 'vehicles_down']), sql`${claimCounts.day} <= current_date`),
              and(eq(metric, 'completed'), sql`${claimCounts.day} >= ${WINDOW_START}`),
            ),
          ),
        )
        .groupBy(metric, claimCounts.workflow, claimCounts.status)
        .prepare(name('counts')),
    ),
    /** The caller's open claims, most recently updated first (as the linked list sorts them). */
    mine: mapRowsOnce(
      selectClaimListRows(db, {
        where: and(
          eq(claims.assigneeId, sql.placeholder('userId')),
          claimIsOpenSql,
          inCompanies(claims.companyId, scoped),
        ),
        limit: MY_CLAIMS_SHOWN,
      }).prepare(name('my_claims')),
    ),
  };
}

const summaryStatements = scopedStatements(prepareSummary);

function readSummary(db: Database, scope: CompanyScope, userId: string) {
  const { statements, scopeValues } = summaryStatements(db, scope);
  const values = { userId, ...scopeValues };
  return Promise.all([
    statements.calendar.execute(values),
    statements.counts.execute(values),
    statements.mine.execute(values),
  ]);
}

export async function dashboardSummary(
  db: Database,
  scope: CompanyScope,
  userId: string,
): Promise<DashboardSummary> {
  const [[calendar], counts, mine] = await readSummary(db, scope, userId);
  const { today, since, companies: companyCount } = calendar!;

  const open = new Map<string, { claims: number; mine: number }>();
  const completed = new Map<Workflow, { claims: number; seconds: number }>();
  const sums = { eta: 0, down: 0, vehicles_down: 0 };
  for (const row of counts) {
    if (row.metric === 'open') open.set(`${row.workflow}:${row.status}`, row);
    else if (row.metric === 'completed') completed.set(row.workflow!, row);
    else sums[row.metric] += row.claims;
  }
  const openCount = (workflow: Workflow, status: ClaimStatus) =>
    open.get(`${workflow}:${status}`)?.claims ?? 0;
  const figure = (count: number, filter: DashboardFigure['filter']): DashboardFigure => ({ count, filter });

  const workflows = WORKFLOWS.map((workflow) => {
    const statuses = openStatusesOf(workflow).map((status) => ({
      status,
      ...figure(openCount(workflow, status), { workflow, status: [status] }),
    }));
    const total = statuses.reduce((sum, status) => sum + status.count, 0);
    return { workflow, total: figure(total, { workflow, open: 'true' }), statuses };
  });

  const averageDays = (claimsCompleted: number, seconds: number) =>
    claimsCompleted > 0 ? oneDecimal(seconds / claimsCompleted / SECONDS_PER_DAY) : null;
  const cycleWorkflows = WORKFLOWS.map((workflow) => {
    const { claims: done = 0, seconds = 0 } = completed.get(workflow) ?? {};
    return {
      workflow,
      averageDays: averageDays(done, seconds),
      completed: figure(done, { workflow, completedFrom: since }),
    };
  });
  const completedCount = cycleWorkflows.reduce((sum, row) => sum + row.completed.count, 0);
  const completedSeconds = [...completed.values()].reduce((sum, row) => sum + row.seconds, 0);

  return {
    companies: companyCount,
    today,
    open: {
      total: figure(
        workflows.reduce((sum, row) => sum + row.total.count, 0),
        { open: 'true' },
      ),
      workflows,
    },
    vehiclesDown: { vehicles: sums.vehicles_down, claims: figure(sums.down, { down: 'true' }) },
    overdue: figure(sums.eta, { overdue: 'true', sort: 'eta', order: 'asc' }),
    pendingAuthorizations: figure(openCount('mechanical', 'authorization_pending'), {
      workflow: 'mechanical',
      status: ['authorization_pending'],
    }),
    cycleTime: {
      since,
      averageDays: averageDays(completedCount, completedSeconds),
      completed: figure(completedCount, { completedFrom: since }),
      workflows: cycleWorkflows,
    },
    myClaims: {
      open: figure(
        [...open.values()].reduce((sum, row) => sum + row.mine, 0),
        { assigneeId: userId, open: 'true' },
      ),
      items: mine.map(presentClaimListItem),
    },
  };
}

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
  return mapRowsOnce(
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
