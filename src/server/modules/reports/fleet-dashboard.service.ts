import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { formatClaimNumber } from '@shared/claims.js';
import type { ClaimFilter } from '@shared/claim-filter.js';
import {
  addDays,
  FLEET_DOWNTIME_WEEKS,
  FLEET_LIST_LIMIT,
  FLEET_UPCOMING_DAYS,
  type FleetClaim,
  type FleetDashboard,
  type ReportCount,
} from '@shared/reports.js';
import type { ClaimStatus } from '@shared/workflows.js';
import type { UserActor } from '../../actor.js';
import { AppError } from '@shared/errors.js';
import { queryRows, type Database } from '../../db/client.js';
import { companies, FINISHED_STATUS_LIST } from '../../db/schema/index.js';
import { claimKeepsVehicleDownSql, claimIsOpenSql, downtimeDaysSql } from '../claims/claim-queries.js';
import { readSetting } from '../settings/settings.service.js';
import { inReportTransaction } from './report-sql.js';

/**
 * The Fleet Dashboard (`/fleet-dashboard`, issue 14) of one company. Who may open it is spec §6's rule, enforced
 * here: admins any company, managers their own, a viewer only the fleet-dashboard company an admin picked
 * (`fleetDashboardCompanyId`) and only when linked to it. Anyone else is refused with 403.
 */

export const FLEET_DASHBOARD_FORBIDDEN = 'You cannot open the Fleet Dashboard of this company';

/** The companies `actor` may open the dashboard of, by name. */
async function companiesFor(db: Database, actor: UserActor) {
  const base = db.select({ id: companies.id, name: companies.name }).from(companies);
  if (actor.user.role === 'admin') return base.orderBy(asc(companies.name), asc(companies.id));
  let ids = actor.companyIds;
  if (actor.user.role === 'viewer') {
    const chosen = await readSetting(db, 'fleetDashboardCompanyId');
    ids = chosen && actor.companyIds.includes(chosen) ? [chosen] : [];
  }
  if (ids.length === 0) return [];
  return base.where(inArray(companies.id, ids)).orderBy(asc(companies.name), asc(companies.id));
}

interface FleetClaimRow {
  id: string;
  number: number;
  unit_number: string;
  vehicle: string;
  status: ClaimStatus;
  facility_name: string | null;
  location_name: string | null;
  days_down: number;
  eta: string | null;
  overdue: boolean;
}
const presentClaim = (row: FleetClaimRow): FleetClaim => ({
  id: row.id,
  claimNumber: formatClaimNumber(Number(row.number)),
  unitNumber: row.unit_number,
  vehicle: row.vehicle,
  status: row.status,
  facilityName: row.facility_name,
  locationName: row.location_name,
  daysDown: Number(row.days_down),
  eta: row.eta,
  overdue: row.overdue,
});

const claimColumns = sql`claims.id, claims.number, vehicles.unit_number,
  concat_ws(' ', vehicles.year, vehicles.make, vehicles.model) as vehicle, claims.status,
  repair_facilities.name as facility_name, locations.name as location_name, ${downtimeDaysSql} as days_down,
  claims.eta::text as eta, coalesce(${claimIsOpenSql} and claims.eta < current_date, false) as overdue
  from claims join vehicles on vehicles.id = claims.vehicle_id
  left join repair_facilities on repair_facilities.id = claims.repair_facility_id
  left join locations on locations.id = claims.location_id`;

/**
 * The spans a company's vehicles were down, `down_spans (vehicle_id, down_from, down_to)` as CTEs: each claim that
 * kept its vehicle down (not drivable, or dropped off) from the drop-off (or the report) until it was finished (or
 * now), and a vehicle's overlapping spans merged into one, so that a vehicle down for two claims at once counts
 * once (a collision and a mechanical claim on one van must not make 14 vehicle-days of one week). With
 * `endingAfter`, only the spans still down after it (the others change nothing after it, and merging fewer is cheaper).
 */
function downSpansCte(claimsWhere: SQL, endingAfter?: SQL) {
  return sql`spans as (
      select claims.vehicle_id, coalesce(claims.drop_off_date::timestamptz, claims.created_at) as down_from,
             coalesce(claims.completed_at, claims.closed_at,
                      case when claims.status in (${sql.raw(FINISHED_STATUS_LIST)}) then claims.status_changed_at else now() end) as down_to
      from claims
      where ${claimsWhere} and (claims.drivable = false or claims.drop_off_date is not null)
    ),
    -- Gaps and islands: a span starts a new island unless it begins before an earlier span of its vehicle ends.
    reached as (
      select vehicle_id, down_from, down_to,
        max(down_to) over (partition by vehicle_id order by down_from, down_to
                           rows between unbounded preceding and 1 preceding) as reached_to
      from spans where down_to > down_from${endingAfter ? sql` and down_to > ${endingAfter}` : sql``}
    ),
    islands as (
      select vehicle_id, down_from, down_to,
        sum(case when reached_to is null or down_from > reached_to then 1 else 0 end)
          over (partition by vehicle_id order by down_from, down_to rows unbounded preceding) as island
      from reached
    ),
    down_spans as (
      select vehicle_id, min(down_from) as down_from, max(down_to) as down_to
      from islands group by vehicle_id, island
    )`;
}

const num = (value: unknown) => Number(value ?? 0);
const countOf = (count: unknown, filter: Partial<ClaimFilter>): ReportCount => ({
  count: num(count),
  filter: filter as ReportCount['filter'],
});

export function fleetDashboard(
  db: Database,
  actor: UserActor,
  requestedId: string | undefined,
): Promise<FleetDashboard> {
  return inReportTransaction(db, (tx) => fleetDashboardIn(tx, actor, requestedId));
}

async function fleetDashboardIn(
  db: Database,
  actor: UserActor,
  requestedId: string | undefined,
): Promise<FleetDashboard> {
  const allowed = await companiesFor(db, actor);
  if (requestedId && actor.user.role === 'admin' && !allowed.some((company) => company.id === requestedId)) {
    throw new AppError('not_found', 'Company not found');
  }
  const company = requestedId ? allowed.find((entry) => entry.id === requestedId) : allowed[0];
  if (!company) throw new AppError('forbidden', FLEET_DASHBOARD_FORBIDDEN);
  const companyId = company.id;
  const inCompany = sql`claims.company_id = ${companyId}`;

  const [{ today }] = (await queryRows<{ today: string }>(db, sql`select current_date::text as today`)) as [
    { today: string },
  ];
  const year = Number(today.slice(0, 4));
  const yearStart = `${year}-01-01`;

  const [downTotals] = await queryRows<{ claims: number; vehicles: number; overdue: number }>(
    db,
    sql`select count(*)::int as claims, count(distinct claims.vehicle_id)::int as vehicles,
          count(*) filter (where claims.eta < current_date)::int as overdue
        from claims where ${inCompany} and ${claimKeepsVehicleDownSql}`,
  );
  const downItems = await queryRows<FleetClaimRow>(
    db,
    sql`select ${claimColumns} where ${inCompany} and ${claimKeepsVehicleDownSql}
        order by days_down desc, claims.number limit ${sql.raw(String(FLEET_LIST_LIMIT))}`,
  );

  // Vehicle-days lost per week: each vehicle's down spans (`downSpansCte`), cut to each week. (least/greatest skip
  // nulls: a week without any span is filtered out of the sum, not counted as a whole week.)
  const trend = await queryRows<{ week: string; vehicle_days: number }>(
    db,
    sql`with weeks as (
          select generate_series(date_trunc('week', current_date::timestamp) - interval '${sql.raw(String(FLEET_DOWNTIME_WEEKS - 1))} weeks',
                                 date_trunc('week', current_date::timestamp), interval '1 week')::date as start
        ),
        ${downSpansCte(inCompany, sql`(select min(weeks.start) from weeks)::timestamptz`)},
        -- Each span that reaches into the weeks shown, once per week it touches (from its first week shown to its
        -- end): linear in the spans, where comparing every span with every week was not. Summed per week before
        -- the weeks are joined (26 rows, not one per span and week).
        per_week as (
          select week.start::date as start,
            sum(greatest(0, extract(epoch from (least(down_spans.down_to, week.start + interval '7 days', now())
                                                - greatest(down_spans.down_from, week.start))) / 86400.0)) as vehicle_days
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

  const spendRows = await queryRows<{ year: number; month: number; cents: number; claims: number }>(
    db,
    sql`select extract(year from claims.completed_at)::int as year, extract(month from claims.completed_at)::int as month,
          coalesce(sum(claims.final_amount_cents), 0)::float8 as cents, count(*)::int as claims
        from claims
        where ${inCompany} and claims.completed_at >= ${`${year - 1}-01-01`}::date and claims.completed_at < current_date + 1
        group by 1, 2`,
  );
  const spendOf = (forYear: number, month: number) =>
    num(spendRows.find((row) => row.year === forYear && row.month === month)?.cents);
  const yearTotal = (forYear: number) => {
    const rows = spendRows.filter((row) => row.year === forYear);
    return {
      cents: rows.reduce((sum, row) => sum + num(row.cents), 0),
      claims: rows.reduce((sum, row) => sum + num(row.claims), 0),
    };
  };
  // Last year up to the same day, so that the two years compare like for like.
  const sameDayLastYear = today.endsWith('-02-29') ? `${year - 1}-02-28` : `${year - 1}${today.slice(4)}`;
  const [lastYearToDate] = await queryRows<{ cents: number; claims: number }>(
    db,
    sql`select coalesce(sum(claims.final_amount_cents), 0)::float8 as cents, count(*)::int as claims from claims
        where ${inCompany} and claims.completed_at >= ${`${year - 1}-01-01`}::date
          and claims.completed_at < ${sameDayLastYear}::date + 1`,
  );
  const thisYear = yearTotal(year);

  const locationRows = await queryRows<{ id: string; name: string; open: number; this_year: number }>(
    db,
    sql`select locations.id::text as id, locations.name,
          count(*) filter (where ${claimIsOpenSql})::int as open,
          count(*) filter (where claims.created_at >= ${yearStart}::date)::int as this_year
        from claims join locations on locations.id = claims.location_id
        where ${inCompany}
        group by locations.id, locations.name
        having count(*) filter (where ${claimIsOpenSql}) > 0 or count(*) filter (where claims.created_at >= ${yearStart}::date) > 0
        order by locations.name, locations.id`,
  );

  const since = addDays(today, -364);
  const reportedSince = sql`${inCompany} and claims.created_at >= ${since}::date`;
  const mostDowntime = await queryRows<{
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
    sql`with ${downSpansCte(reportedSince)},
        per_vehicle as (
          select vehicle_id, sum(floor(extract(epoch from (down_to - down_from)) / 86400))::int as days_down
          from down_spans group by vehicle_id
          having sum(floor(extract(epoch from (down_to - down_from)) / 86400)) > 0
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

  const upcoming = await queryRows<FleetClaimRow>(
    db,
    sql`select ${claimColumns} where ${inCompany} and ${claimIsOpenSql}
          and claims.eta >= current_date and claims.eta <= current_date + ${sql.raw(String(FLEET_UPCOMING_DAYS))}
        order by claims.eta, claims.number limit ${sql.raw(String(FLEET_LIST_LIMIT))}`,
  );

  const base = { companyId };
  return {
    company,
    companies: allowed,
    today,
    down: {
      vehicles: num(downTotals?.vehicles),
      claims: countOf(downTotals?.claims, { ...base, down: 'true' }),
      overdue: countOf(downTotals?.overdue, { ...base, down: 'true', overdue: 'true' }),
      items: downItems.map(presentClaim),
    },
    downtimeTrend: trend.map((row) => ({
      week: row.week,
      vehicleDays: Math.round(num(row.vehicle_days) * 10) / 10,
    })),
    spend: {
      year,
      months: Array.from({ length: 12 }, (_, index) => ({
        month: index + 1,
        thisYearCents: spendOf(year, index + 1),
        lastYearCents: spendOf(year - 1, index + 1),
      })),
      thisYear: {
        ...countOf(thisYear.claims, { ...base, completedFrom: yearStart, completedTo: today }),
        cents: thisYear.cents,
      },
      lastYear: {
        ...countOf(lastYearToDate?.claims, {
          ...base,
          completedFrom: `${year - 1}-01-01`,
          completedTo: sameDayLastYear,
        }),
        cents: num(lastYearToDate?.cents),
      },
    },
    locations: locationRows.map((row) => ({
      id: row.id,
      name: row.name,
      open: countOf(row.open, { ...base, locationId: row.id, open: 'true' }),
      thisYear: countOf(row.this_year, {
        ...base,
        locationId: row.id,
        reportedFrom: yearStart,
        reportedTo: today,
      }),
    })),
    mostDowntime: mostDowntime.map((row) => ({
      vehicleId: row.vehicle_id,
      unitNumber: row.unit_number,
      vehicle: row.vehicle,
      daysDown: num(row.days_down),
      claims: countOf(row.claims, {
        ...base,
        vehicleId: row.vehicle_id,
        reportedFrom: since,
        reportedTo: today,
      }),
    })),
    upcomingReturns: upcoming.map(presentClaim),
  };
}
