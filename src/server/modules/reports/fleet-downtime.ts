import { sql, type SQL } from 'drizzle-orm';
import { FLEET_DOWNTIME_WEEKS } from '@shared/fleet-dashboard.js';
import { queryRows, type Database } from '../../db/client.js';
import { FINISHED_STATUS_LIST } from '../../db/schema/index.js';
import { secondsOf, type FigureClock } from './report-sql.js';

/** The Fleet Dashboard's downtime: vehicle-days lost per week and the vehicles down longest (issue 14). */

/**
 * The vehicles that can be among the ten with the most whole days down (`may_lead`), found without merging anyone's
 * spans: a vehicle's whole days are at least its longest span's (the island holding it is as long) and at most its
 * spans' total, so a vehicle whose total falls short of the tenth-longest single span cannot make the ten, and
 * only the others' spans are merged (at 1,000,000 claims the query took 306 ms merging every vehicle's, 144 ms so).
 */
const mayLeadCtes = sql`span_bounds as (
      select vehicle_id, floor(max(${secondsOf(sql`down_to - down_from`)}) / 86400) as longest,
        floor(sum(${secondsOf(sql`down_to - down_from`)}) / 86400) as total
      from spans where down_to > down_from group by vehicle_id
    ),
    may_lead as (
      select vehicle_id from span_bounds
      where total >= coalesce((select longest from span_bounds order by longest desc offset 9 limit 1), 0)
    ),`;

/**
 * The spans a company's vehicles were down, `down_spans (vehicle_id, down_from, down_to)` as CTEs: each claim that
 * kept its vehicle down (not drivable, or dropped off) from the drop-off (or the report) until it was finished (or
 * now), and a vehicle's overlapping spans merged into one, so that a vehicle down for two claims at once counts
 * once (a collision and a mechanical claim on one van must not make 14 vehicle-days of one week). With
 * `endingAfter`, only the spans still down after it (the others change nothing after it, and merging fewer is cheaper).
 * With `pieces`, each span is cut to the part no earlier span of its vehicle covers instead of merged into islands:
 * the same time down as disjoint pieces, one window pass fewer (the trend sums time; 436 → 389 ms at 1,000,000 claims).
 */
function downSpansCte(
  claimsWhere: SQL,
  clock: FigureClock,
  {
    endingAfter,
    pieces = false,
    topTen = false,
  }: { endingAfter?: SQL; pieces?: boolean; topTen?: boolean } = {},
) {
  return sql`spans as (
      select claims.vehicle_id, coalesce(claims.drop_off_date::timestamptz, claims.created_at) as down_from,
             coalesce(claims.completed_at, claims.closed_at,
                      case when claims.status in (${sql.raw(FINISHED_STATUS_LIST)}) then claims.status_changed_at else ${clock.now} end) as down_to
      from claims
      where ${claimsWhere} and (claims.drivable = false or claims.drop_off_date is not null)
    ),
    ${topTen ? mayLeadCtes : sql``}
    -- Gaps and islands: a span starts a new island unless it begins before an earlier span of its vehicle ends.
    reached as (
      select vehicle_id, down_from, down_to,
        max(down_to) over (partition by vehicle_id order by down_from, down_to
                           rows between unbounded preceding and 1 preceding) as reached_to
      from spans where down_to > down_from${endingAfter ? sql` and down_to > ${endingAfter}` : sql``}
        ${topTen ? sql`and vehicle_id in (select vehicle_id from may_lead)` : sql``}
    ),
    ${
      pieces
        ? // Each span's part that no earlier span of its vehicle covers: the same time down, in disjoint pieces
          // (enough for a sum of time; whole days per island need the islands).
          sql`down_spans as (
      select vehicle_id, greatest(down_from, coalesce(reached_to, down_from)) as down_from, down_to
      from reached where reached_to is null or down_to > reached_to
    )`
        : sql`islands as (
      select vehicle_id, down_from, down_to,
        sum(case when reached_to is null or down_from > reached_to then 1 else 0 end)
          over (partition by vehicle_id order by down_from, down_to rows unbounded preceding) as island
      from reached
    ),
    down_spans as (
      select vehicle_id, min(down_from) as down_from, max(down_to) as down_to
      from islands group by vehicle_id, island
    )`
    }`;
}

/**
 * Vehicle-days lost per week over the last 26 weeks: each vehicle's down spans (`downSpansCte`), cut to each week.
 * (least/greatest skip nulls: a week without any span is filtered out of the sum, not counted as a whole week.)
 */
export function downtimeTrend(db: Database, inCompany: SQL, clock: FigureClock) {
  return queryRows<{ week: string; vehicle_days: number }>(
    db,
    sql`with weeks as (
          select generate_series(date_trunc('week', (${clock.today})::timestamp) - interval '${sql.raw(String(FLEET_DOWNTIME_WEEKS - 1))} weeks',
                                 date_trunc('week', (${clock.today})::timestamp), interval '1 week')::date as start
        ),
        ${downSpansCte(inCompany, clock, {
          endingAfter: sql`(select min(weeks.start) from weeks)::timestamptz`,
          pieces: true,
        })},
        -- Each span that reaches into the weeks shown, once per week it touches (from its first week shown to its
        -- end): linear in the spans, where comparing every span with every week was not. Summed per week before
        -- the weeks are joined (26 rows, not one per span and week).
        per_week as (
          select week.start::date as start,
            sum(greatest(0::float8, ${secondsOf(sql`least(down_spans.down_to, week.start + interval '7 days', ${clock.now})
                                                - greatest(down_spans.down_from, week.start)`)} / 86400)) as vehicle_days
          from down_spans cross join lateral generate_series(
            date_trunc('week', greatest(down_spans.down_from, (select min(weeks.start) from weeks)::timestamptz)),
            down_spans.down_to, interval '1 week') as week (start)
          where down_spans.down_to > (select min(weeks.start) from weeks)::timestamptz
          group by 1
        )
        select weeks.start::text as week, coalesce(per_week.vehicle_days, 0)::float8 as vehicle_days
        from weeks left join per_week on per_week.start = weeks.start
        order by weeks.start`,
  );
}

/**
 * The ten vehicles with the most whole days down over the claims reported since `since`, a vehicle's overlapping
 * claims counted once, with how many claims each had.
 */
export function vehiclesMostDown(db: Database, inCompany: SQL, since: string, clock: FigureClock) {
  const reportedSince = sql`${inCompany} and claims.created_at >= ${since}::date`;
  return queryRows<{
    vehicle_id: string;
    unit_number: string;
    vehicle: string;
    days_down: number;
    claims: number;
  }>(
    db,
    // Whole days down per vehicle over the claims of the last year, its overlapping claims counted once; only the
    // vehicles that can make the ten (at least the tenth's days: ties are ordered by unit number) are looked up by
    // primary key (LIMIT keeps it a lookup, not a join of every vehicle).
    sql`with ${downSpansCte(reportedSince, clock, { topTen: true })},
        per_vehicle as (
          select vehicle_id, sum(floor(${secondsOf(sql`down_to - down_from`)} / 86400))::int as days_down
          from down_spans group by vehicle_id
          having sum(floor(${secondsOf(sql`down_to - down_from`)} / 86400)) > 0
        ),
        candidates as (
          select * from per_vehicle
          where days_down >= coalesce((select days_down from per_vehicle order by 1 desc offset 9 limit 1), 0)
        )
        select vehicle.id::text as vehicle_id, vehicle.unit_number, vehicle.description as vehicle,
          candidates.days_down, claim_count.claims
        from candidates cross join lateral (
          select vehicles.id, vehicles.unit_number, concat_ws(' ', vehicles.year, vehicles.make, vehicles.model) as description
          from vehicles where vehicles.id = candidates.vehicle_id limit 1
        ) as vehicle cross join lateral (
          select count(*)::int as claims from claims where ${reportedSince} and claims.vehicle_id = candidates.vehicle_id
        ) as claim_count
        order by candidates.days_down desc, vehicle.unit_number, vehicle.id limit 10`,
  );
}
