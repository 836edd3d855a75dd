import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  CYCLE_TIME_WINDOW_DAYS,
  MY_CLAIMS_SHOWN,
  type DashboardFigure,
  type DashboardSummary,
} from '@shared/dashboard.js';
import { openStatusesOf, WORKFLOWS, type ClaimStatus, type Workflow } from '@shared/workflows.js';
import type { CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { hotStatement } from '../../db/row-mapper.js';
import { claimCounts, claims, companies } from '../../db/schema/index.js';
import { presentClaimListItem, claimIsOpenSql, selectClaimListRows } from '../claims/index.js';

const SECONDS_PER_DAY = 86_400;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

const WINDOW_START = sql.raw(`current_date - ${CYCLE_TIME_WINDOW_DAYS - 1}`);

import { inCompanies, scopedStatements } from './dashboard-statements.js';

export { dashboardActivity } from './dashboard-activity.js';

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
    calendar: hotStatement(
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
    counts: hotStatement(
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
    mine: hotStatement(
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
  return summaryOf(calendar!, counts, mine.map(presentClaimListItem), userId);
}

/** What the summary counts from `claim_counts`: a figure per metric, workflow and status. */
export interface SummaryCount {
  metric: 'open' | 'completed' | 'eta' | 'down' | 'vehicles_down';
  workflow: Workflow | null;
  status: ClaimStatus | null;
  claims: number;
  mine: number;
  seconds: number;
}

/** The summary from its three reads: the calendar, the kept counts, and the reader's open claims. */
export function summaryOf(
  { today, since, companies: companyCount }: { today: string; since: string; companies: number },
  counts: SummaryCount[],
  mine: DashboardSummary['myClaims']['items'],
  userId: string,
): DashboardSummary {
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
    // In the order of the answer's schema (its serializer writes that order).
    const statuses = openStatusesOf(workflow).map((status) => ({
      ...figure(openCount(workflow, status), { workflow, status: [status] }),
      status,
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
      items: mine,
    },
  };
}
