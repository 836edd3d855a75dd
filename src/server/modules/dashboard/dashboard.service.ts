import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { queryRows, type Database } from '../../db/client.js';
import {
  claimCounts,
  claims,
  claimStatusHistory,
  companies,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { claimIsOpenSql, presentClaimListItem, selectClaimListRows } from '../claims/claim-queries.js';
import { withinScope, type CompanyScope } from '../companies/company-scope.js';

const SECONDS_PER_DAY = 86_400;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

type CountRow = {
  today: string;
  since: string;
  companies: number;
  /** Null (with the rest) when nothing is counted yet. */
  metric: (typeof claimCounts.$inferSelect)['metric'] | null;
  workflow: Workflow | null;
  status: ClaimStatus | null;
  claims: number;
  mine: number;
  seconds: number;
};

const WINDOW_START = sql.raw(`current_date - ${CYCLE_TIME_WINDOW_DAYS - 1}`);

/**
 * The figures of the caller's companies, read from `claim_counts` (kept by a trigger as claims change, see
 * migration 0010): one grouped read of a few hundred rows, whatever the number of claims. Overdue, down and
 * completed are counted per day, so "before today" is decided when reading. The database's calendar (today,
 * the first day of the cycle-time window) and the number of companies come in the same answer, on every row
 * and on a row of their own when nothing is counted.
 */
function readCounts(db: Database, scope: CompanyScope, userId: string) {
  const metric = claimCounts.metric;
  const counts = db
    .select({
      metric,
      workflow: claimCounts.workflow,
      status: claimCounts.status,
      claims: sql<number>`sum(${claimCounts.claims})::int`.as('claims'),
      mine: sql<number>`coalesce(sum(${claimCounts.claims}) filter (where ${claimCounts.assigneeId} = ${userId}), 0)::int`.as(
        'mine',
      ),
      seconds: sql<number>`sum(${claimCounts.seconds})::float8`.as('seconds'),
    })
    .from(claimCounts)
    .where(
      and(
        withinScope(scope, claimCounts.companyId),
        or(
          eq(metric, 'open'),
          and(eq(metric, 'eta'), sql`${claimCounts.day} < current_date`),
          and(inArray(metric, ['down', 'vehicles_down']), sql`${claimCounts.day} <= current_date`),
          and(eq(metric, 'completed'), sql`${claimCounts.day} >= ${WINDOW_START}`),
        ),
      ),
    )
    .groupBy(metric, claimCounts.workflow, claimCounts.status);
  const companiesInScope = sql`(select count(*) from ${companies} where ${withinScope(scope, companies.id) ?? sql`true`})::int`;
  return queryRows<CountRow>(
    db,
    sql`select calendar.*, counts.* from
      (select current_date::text as today, (${WINDOW_START})::text as since, ${companiesInScope} as companies) as calendar
      left join lateral (${counts}) as counts on true`,
  );
}

/**
 * The caller's open claims, most recently updated first (as the linked list sorts them), as a named prepared
 * statement: the same for everyone but the user and the companies, so PostgreSQL plans it once per
 * connection (the partial index on open claims by assignee serves every user alike). Two forms: scoped to
 * companies (an empty list matches nothing), or every company for an admin.
 */
function prepareMyOpenClaims(db: Database, scoped: boolean) {
  return selectClaimListRows(db)
    .where(
      and(
        eq(claims.assigneeId, sql.placeholder('userId')),
        claimIsOpenSql,
        scoped ? sql`${claims.companyId} = any(${sql.placeholder('companyIds')}::uuid[])` : undefined,
      ),
    )
    .orderBy(desc(claims.updatedAt), desc(claims.id))
    .limit(MY_CLAIMS_SHOWN)
    .prepare(scoped ? 'dashboard_my_claims' : 'dashboard_my_claims_all');
}

const myClaimsStatements = new WeakMap<
  Database,
  { scoped: ReturnType<typeof prepareMyOpenClaims>; all: ReturnType<typeof prepareMyOpenClaims> }
>();

function myOpenClaims(db: Database, scope: CompanyScope, userId: string) {
  let statements = myClaimsStatements.get(db);
  if (!statements) {
    statements = { scoped: prepareMyOpenClaims(db, true), all: prepareMyOpenClaims(db, false) };
    myClaimsStatements.set(db, statements);
  }
  return scope === 'all'
    ? statements.all.execute({ userId })
    : statements.scoped.execute({ userId, companyIds: scope });
}

export async function dashboardSummary(
  db: Database,
  scope: CompanyScope,
  userId: string,
): Promise<DashboardSummary> {
  const [counts, mine] = await Promise.all([readCounts(db, scope, userId), myOpenClaims(db, scope, userId)]);
  const { today, since, companies: companyCount } = counts[0]!;

  const open = new Map<string, { claims: number; mine: number }>();
  const completed = new Map<Workflow, { claims: number; seconds: number }>();
  const sums = { eta: 0, down: 0, vehicles_down: 0 };
  for (const row of counts) {
    if (row.metric === null) continue;
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
const personName = (table: typeof actors | typeof impersonators) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${table.username})`;
const person = (id: string | null, username: string | null, name: string | null) =>
  id && username ? { id, username, name: name ?? username } : null;

/**
 * The latest status changes in the caller's companies. A claim's `status_changed_at` is the time of its
 * latest history entry (both are written in the move's transaction), so the latest changes all belong to
 * the claims moved last: a few of those per company (an index read each) bound the history read, however
 * many claims there are or however quiet a company is.
 */
export async function dashboardActivity(db: Database, scope: CompanyScope): Promise<DashboardActivity> {
  const movedLast = db
    .select({ id: claims.id, movedAt: claims.statusChangedAt })
    .from(claims)
    .where(eq(claims.companyId, companies.id))
    .orderBy(desc(claims.statusChangedAt))
    .limit(RECENT_ACTIVITY_SHOWN)
    .as('moved_last');
  const recentClaims = db
    .select({ id: movedLast.id })
    .from(companies)
    .crossJoinLateral(movedLast)
    .where(withinScope(scope, companies.id))
    .orderBy(desc(movedLast.movedAt))
    .limit(RECENT_ACTIVITY_SHOWN)
    .as('recent_claims');

  // Written driving-table first (decision 012): those few claims, then their history by its claim index.
  const rows = await db
    .select({
      entry: {
        id: claimStatusHistory.id,
        fromStatus: claimStatusHistory.fromStatus,
        toStatus: claimStatusHistory.toStatus,
        actorId: claimStatusHistory.actorId,
        impersonatorId: claimStatusHistory.impersonatorId,
        note: claimStatusHistory.note,
        createdAt: claimStatusHistory.createdAt,
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
    .innerJoin(claimStatusHistory, eq(claimStatusHistory.claimId, recentClaims.id))
    .innerJoin(claims, eq(claims.id, recentClaims.id))
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .innerJoin(companies, eq(companies.id, claims.companyId))
    .leftJoin(actors, eq(actors.id, claimStatusHistory.actorId))
    .leftJoin(impersonators, eq(impersonators.id, claimStatusHistory.impersonatorId))
    .orderBy(desc(claimStatusHistory.createdAt), desc(claimStatusHistory.id))
    .limit(RECENT_ACTIVITY_SHOWN);

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
