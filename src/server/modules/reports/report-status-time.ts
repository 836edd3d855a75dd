import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter, StatusTimeSection } from '@shared/reports.js';
import { CLAIM_STATUSES, FINISHED_STATUSES, openStatusesOf, WORKFLOWS } from '@shared/workflows.js';
import { halfTenthSql, histogramColumns, percentilesOf } from './report-percentiles.js';
import { countOf, oneDecimal, secondsOf, where, type ReportContext } from './report-sql.js';

/** A status's place in `claims.status_seconds_list` (1-based, `CLAIM_STATUSES` order: migration 0048). */
const positionOf = (status: SQL) =>
  sql`array_position(${`{${CLAIM_STATUSES.join(',')}}`}::text[], ${status})`;

/**
 * Section 3: time in each status. Each history entry into an open status lasts until the claim's next entry (or,
 * for the status a claim is still waiting in, until now: the report's clock); finished statuses are left out, nothing waits in them.
 * The claim keeps the seconds of its ended spans per status and the status it waits in since when (migration
 * 0026, kept by a trigger on the history), so this reads claims only, one row per claim and status. Days are
 * float8 (numeric arithmetic and sorts cost a quarter of the query's time; a day is shown to one decimal). The
 * status a claim waits in without an ended span in it comes from a second branch rather than a jsonb built per
 * claim (199 → 115 ms for a manager's last 90 days on the 100,000-claim demo database, identical figures). The
 * spans are read from `status_seconds_list`, the same seconds as a float8 array the database generates (migration
 * 0048, decision 049: `unnest` takes about half the time of `jsonb_each_text`), and counted in buckets, not sorted, for their
 * medians (`percentilesOf`).
 */
export async function statusTime(context: ReportContext, filter: ReportFilter): Promise<StatusTimeSection> {
  const { db, scope, base, clock } = context;
  const spans = await percentilesOf(
    db,
    sql`with spent as (
          select claims.workflow, spans.position,
            -- Most claims wait in no status: the test of the position is made only for those that do.
            (spans.seconds + case when claims.waiting_status is not null
                 and spans.position = ${positionOf(sql`claims.waiting_status`)}
               then ${secondsOf(sql`${clock.now} - claims.waiting_since`)} else 0 end) / 86400.0 as days
          from claims cross join lateral unnest(claims.status_seconds_list) with ordinality as spans (seconds, position)
          where ${where(scope, base)} and spans.seconds is not null
          union all
          -- The status a claim waits in when it has no ended span in it yet.
          select claims.workflow, ${positionOf(sql`claims.waiting_status`)},
            ${secondsOf(sql`${clock.now} - claims.waiting_since`)} / 86400
          from claims
          where ${where(scope, base)} and claims.waiting_status is not null
            and claims.status_seconds_list[${positionOf(sql`claims.waiting_status`)}] is null
        )
        select workflow || ':' || position as key, ${halfTenthSql(sql`days`)} as half, ${histogramColumns(sql`days`)}
        from spent group by workflow, position, half`,
    [0.5],
  );
  return {
    workflows: WORKFLOWS.filter((workflow) => !filter.workflow || filter.workflow === workflow).map(
      (workflow) => ({
        workflow,
        statuses: openStatusesOf(workflow)
          .filter((status) => !FINISHED_STATUSES.includes(status))
          .map((status) => {
            const span = spans.get(`${workflow}:${CLAIM_STATUSES.indexOf(status) + 1}`);
            return {
              status,
              claims: countOf(span?.count ?? 0, { ...base, workflow, passedStatus: status }),
              meanDays: span ? oneDecimal(span.sum / span.count) : null,
              medianDays: span ? span.percentiles[0]! : null,
              totalDays: span ? oneDecimal(span.sum) : null,
            };
          }),
      }),
    ),
  };
}
