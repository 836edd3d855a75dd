import { sql, type SQL } from 'drizzle-orm';
import { AUTHORIZATION_FILTERS, type ClaimFilter } from '@shared/claim-filter.js';
import {
  daysIn,
  previousSpan,
  reportClaimFilter,
  resolveRange,
  TOP_VEHICLES_SHOWN,
  WEEKLY_UP_TO_DAYS,
  addDays,
  type AuthorizationsSection,
  type CostRow,
  type CostSection,
  type CycleRow,
  type CycleSection,
  type DateSpan,
  type Report,
  type ReportCount,
  type ReportFilter,
  type ReportHeadline,
  type ReportLink,
  type ScorecardSection,
  type StatusTimeSection,
  type TopVehiclesSection,
  type VolumeSection,
} from '@shared/reports.js';
import {
  FINISHED_STATUSES,
  openStatusesOf,
  WORKFLOWS,
  type ClaimStatus,
  type Workflow,
} from '@shared/workflows.js';
import type { CompanyScope } from '../../actor.js';
import { queryRows, type Database } from '../../db/client.js';
import { FINISHED_STATUS_LIST } from '../../db/schema/index.js';
import { claimFilterConditions } from '../claims/claim-list/claim-filter.sql.js';
import { claimIsComebackSql, claimIsOpenSql, claimOnTimeSql } from '../claims/claim-queries.js';
import { assertInScope } from '../companies/company-scope.js';

/**
 * The reports (issue 14), computed on request from the claims, their status history, estimates and
 * authorizations. Every figure carries the All Claims filter of the claims it counts: the report's own filter
 * (src/shared/reports.ts `reportClaimFilter`) plus the figure's group, so the list it links to and the figure
 * come from the same SQL (`claimFilterConditions`).
 */

const oneDecimal = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
const ratio = (numerator: number, denominator: number) =>
  denominator > 0 ? Math.round((numerator / denominator) * 10_000) / 10_000 : null;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** The claims a filter keeps, as a condition on `claims`. */
function where(scope: CompanyScope, filter: Partial<ClaimFilter>): SQL {
  return claimFilterConditions(scope, filter) ?? sql`true`;
}

const linkOf = (filter: Partial<ClaimFilter>): ReportLink =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as ReportLink;
const countOf = (count: unknown, filter: Partial<ClaimFilter>): ReportCount => ({
  count: num(count),
  filter: linkOf(filter),
});

/** Days between two timestamps, as a float. */
const daysBetween = (later: SQL, earlier: SQL) =>
  sql`(extract(epoch from (${later} - ${earlier})) / 86400.0)`;
const cycleDaysSql = daysBetween(sql`claims.completed_at`, sql`claims.created_at`);
/** Downtime of a completed claim that kept its vehicle down (not drivable, or dropped off); null otherwise. */
const downDaysSql = sql`(case when claims.drivable = false or claims.drop_off_date is not null then greatest(0, ${daysBetween(
  sql`claims.completed_at`,
  sql`coalesce(claims.drop_off_date::timestamptz, claims.created_at)`,
)}) end)`;

async function today(db: Database): Promise<string> {
  const [row] = await queryRows<{ today: string }>(db, sql`select current_date::text as today`);
  return row!.today;
}

interface Context {
  db: Database;
  scope: CompanyScope;
  /** The filter of every claim the report counts. */
  base: Partial<ClaimFilter>;
}

// ---------------------------------------------------------------------------------------------------------------
// Headline

async function headline(context: Context): Promise<ReportHeadline> {
  const { db, scope, base } = context;
  const [row] = await queryRows<{ claims: number; completed: number; median: number | null; spend: number }>(
    db,
    sql`select count(*)::int as claims,
          count(*) filter (where claims.completed_at is not null)::int as completed,
          (percentile_cont(0.5) within group (order by case when claims.completed_at is not null then ${cycleDaysSql} end))::float8 as median,
          coalesce(sum(claims.final_amount_cents), 0)::float8 as spend
        from claims where ${where(scope, base)}`,
  );
  return {
    claims: countOf(row!.claims, base),
    completed: countOf(row!.completed, { ...base, completed: 'true' }),
    medianCycleDays: oneDecimal(row!.median),
    spendCents: num(row!.spend),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Volume

function periodSpan(period: string, interval: 'week' | 'month', span: DateSpan): DateSpan {
  let end: string;
  if (interval === 'week') end = addDays(period, 6);
  else {
    const [year, month] = period.split('-').map(Number) as [number, number];
    end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  }
  return { from: period < span.from ? span.from : period, to: end > span.to ? span.to : end };
}

async function volume(
  context: Context,
  filter: ReportFilter,
  span: DateSpan,
  interval: 'week' | 'month',
): Promise<VolumeSection> {
  const { db, scope, base } = context;
  const column = filter.dateField === 'completed' ? sql`claims.completed_at` : sql`claims.created_at`;
  const rows = await queryRows<{ period: string; workflow: Workflow; claims: number; open: number }>(
    db,
    sql`select date_trunc(${interval}, ${column})::date::text as period, claims.workflow as workflow,
          count(*)::int as claims, count(*) filter (where ${claimIsOpenSql})::int as open
        from claims where ${where(scope, base)}
        group by 1, 2 order by 1, 2`,
  );
  const byPeriod = new Map<string, Map<Workflow, { claims: number; open: number }>>();
  for (const row of rows) {
    const workflows = byPeriod.get(row.period) ?? new Map();
    workflows.set(row.workflow, { claims: num(row.claims), open: num(row.open) });
    byPeriod.set(row.period, workflows);
  }
  const dateKeys =
    filter.dateField === 'completed'
      ? (part: DateSpan) => ({ completedFrom: part.from, completedTo: part.to })
      : (part: DateSpan) => ({ reportedFrom: part.from, reportedTo: part.to });
  const periods = [...byPeriod.entries()].map(([period, workflows]) => {
    const part = periodSpan(period, interval, span);
    const periodFilter = { ...base, ...dateKeys(part) };
    const total = [...workflows.values()].reduce((sum, row) => sum + row.claims, 0);
    const open = [...workflows.values()].reduce((sum, row) => sum + row.open, 0);
    return {
      period,
      ...part,
      total: countOf(total, periodFilter),
      workflows: WORKFLOWS.filter((workflow) => !filter.workflow || filter.workflow === workflow).map(
        (workflow) => ({
          workflow,
          ...countOf(workflows.get(workflow)?.claims ?? 0, { ...periodFilter, workflow }),
        }),
      ),
      open: countOf(open, { ...periodFilter, open: 'true' }),
      finished: countOf(total - open, { ...periodFilter, open: 'false' }),
    };
  });
  return { interval, periods };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Cycle time and downtime

type CycleGroup = 'total' | 'facility' | 'location';
const GROUPS: Record<
  Exclude<CycleGroup, 'total'>,
  { id: SQL; name: SQL; join: SQL; key: keyof ClaimFilter }
> = {
  facility: {
    id: sql`claims.repair_facility_id`,
    name: sql`repair_facilities.name`,
    join: sql`join repair_facilities on repair_facilities.id = claims.repair_facility_id`,
    key: 'repairFacilityId',
  },
  location: {
    id: sql`claims.location_id`,
    name: sql`locations.name`,
    join: sql`join locations on locations.id = claims.location_id`,
    key: 'locationId',
  },
};

interface CycleRowData {
  id: string | null;
  name: string | null;
  claims: number;
  cycle_median: number | null;
  cycle_p90: number | null;
  cycle_mean: number | null;
  down_median: number | null;
  down_p90: number | null;
  down_mean: number | null;
  down_count: number;
}

async function cycleRows(context: Context, group: CycleGroup): Promise<CycleRow[]> {
  const { db, scope, base } = context;
  const completed = { ...base, completed: 'true' as const };
  const grouping = group === 'total' ? null : GROUPS[group];
  const rows = await queryRows<CycleRowData>(
    db,
    sql`select ${grouping ? sql`${grouping.id}::text as id, ${grouping.name} as name,` : sql`null as id, null as name,`}
          count(*)::int as claims,
          percentile_cont(0.5) within group (order by ${cycleDaysSql})::float8 as cycle_median,
          percentile_cont(0.9) within group (order by ${cycleDaysSql})::float8 as cycle_p90,
          avg(${cycleDaysSql})::float8 as cycle_mean,
          percentile_cont(0.5) within group (order by ${downDaysSql})::float8 as down_median,
          percentile_cont(0.9) within group (order by ${downDaysSql})::float8 as down_p90,
          avg(${downDaysSql})::float8 as down_mean,
          count(${downDaysSql})::int as down_count
        from claims ${grouping ? grouping.join : sql``}
        where ${where(scope, completed)}
        ${grouping ? sql`group by 1, 2 order by 2, 1` : sql``}`,
  );
  return rows
    .filter((row) => group === 'total' || num(row.claims) > 0)
    .map((row) => ({
      id: row.id,
      name: row.name ?? 'All claims',
      claims: countOf(row.claims, grouping ? { ...completed, [grouping.key]: row.id } : completed),
      cycle: {
        median: oneDecimal(row.cycle_median),
        p90: oneDecimal(row.cycle_p90),
        mean: oneDecimal(row.cycle_mean),
      },
      downtime: {
        median: oneDecimal(row.down_median),
        p90: oneDecimal(row.down_p90),
        mean: oneDecimal(row.down_mean),
        count: num(row.down_count),
      },
    }));
}

async function cycleTime(context: Context): Promise<CycleSection> {
  const [total] = await cycleRows(context, 'total');
  const facilities = await cycleRows(context, 'facility');
  const locations = await cycleRows(context, 'location');
  return { total: total!, facilities, locations };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Time in each status

/**
 * Each history entry into an open status lasts until the claim's next entry (or, for the status a claim is in,
 * until now). Finished statuses are left out: nothing waits in them.
 */
async function statusTime(context: Context, filter: ReportFilter): Promise<StatusTimeSection> {
  const { db, scope, base } = context;
  const rows = await queryRows<{
    workflow: Workflow;
    status: ClaimStatus;
    claims: number;
    mean: number | null;
    median: number | null;
    total: number | null;
  }>(
    db,
    sql`with counted as (select claims.id, claims.workflow from claims where ${where(scope, base)}),
        spans as (
          select h.claim_id, counted.workflow, h.to_status,
            extract(epoch from (coalesce(lead(h.created_at) over (partition by h.claim_id order by h.created_at, h.seq), now()) - h.created_at)) / 86400.0 as days
          from claim_status_history h join counted on counted.id = h.claim_id
        ),
        per_claim as (
          select claim_id, workflow, to_status, sum(days) as days from spans
          where to_status not in (${sql.raw(FINISHED_STATUS_LIST)})
          group by 1, 2, 3
        )
        select workflow, to_status as status, count(*)::int as claims, avg(days)::float8 as mean,
          percentile_cont(0.5) within group (order by days)::float8 as median, sum(days)::float8 as total
        from per_claim group by 1, 2`,
  );
  const found = new Map(rows.map((row) => [`${row.workflow}:${row.status}`, row]));
  return {
    workflows: WORKFLOWS.filter((workflow) => !filter.workflow || filter.workflow === workflow).map(
      (workflow) => ({
        workflow,
        statuses: openStatusesOf(workflow)
          .filter((status) => !FINISHED_STATUSES.includes(status))
          .map((status) => {
            const row = found.get(`${workflow}:${status}`);
            return {
              status,
              claims: countOf(row?.claims ?? 0, { ...base, workflow, passedStatus: status }),
              meanDays: oneDecimal(row?.mean),
              medianDays: oneDecimal(row?.median),
              totalDays: oneDecimal(row?.total),
            };
          }),
      }),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Cost

const firstEstimateSql = sql`(select e.total_cents from estimates e where e.claim_id = claims.id and e.supplement_number = 0)`;
const hasEstimateSql = sql`exists (select 1 from estimates e where e.claim_id = claims.id)`;
const hasSupplementSql = sql`exists (select 1 from estimates e where e.claim_id = claims.id and e.supplement_number > 0)`;

interface CostRowData {
  id: string | null;
  name: string | null;
  claims: number;
  estimate: number;
  approved: number;
  final: number;
  with_estimate: number;
  with_supplement: number;
  accuracy_final: number;
  accuracy_first: number;
  vehicles: number;
}

const COST_GROUPS = {
  ...GROUPS,
  company: {
    id: sql`claims.company_id`,
    name: sql`companies.name`,
    join: sql`join companies on companies.id = claims.company_id`,
    key: 'companyId' as const,
  },
};

async function costRows(context: Context, group: 'total' | keyof typeof COST_GROUPS): Promise<CostRow[]> {
  const { db, scope, base } = context;
  const grouping = group === 'total' ? null : COST_GROUPS[group];
  const rows = await queryRows<CostRowData>(
    db,
    // The total has no GROUP BY: an aggregate over no rows is still one row (of zeros), never none.
    sql`select ${grouping ? sql`id, name,` : sql`null::text as id, null::text as name,`} count(*)::int as claims,
          coalesce(sum(first_estimate), 0)::float8 as estimate,
          coalesce(sum(approved), 0)::float8 as approved,
          coalesce(sum(final), 0)::float8 as final,
          count(*) filter (where has_estimate)::int as with_estimate,
          count(*) filter (where has_supplement)::int as with_supplement,
          coalesce(sum(final) filter (where first_estimate > 0), 0)::float8 as accuracy_final,
          coalesce(sum(first_estimate) filter (where final is not null and first_estimate > 0), 0)::float8 as accuracy_first,
          count(distinct vehicle_id) filter (where final is not null)::int as vehicles
        from (
          select ${grouping ? sql`${grouping.id}::text as id, ${grouping.name} as name,` : sql`null::text as id, null::text as name,`}
            claims.vehicle_id, claims.approved_amount_cents as approved, claims.final_amount_cents as final,
            ${firstEstimateSql} as first_estimate, ${hasEstimateSql} as has_estimate, ${hasSupplementSql} as has_supplement
          from claims ${grouping ? grouping.join : sql``}
          where ${where(scope, base)}
        ) counted
        ${grouping ? sql`group by id, name order by name, id` : sql``}`,
  );
  return rows
    .filter((row) => group === 'total' || num(row.claims) > 0)
    .map((row) => {
      const spend = num(row.final);
      const vehicles = num(row.vehicles);
      return {
        id: row.id,
        name: row.name ?? 'All claims',
        claims: countOf(row.claims, grouping ? { ...base, [grouping.key]: row.id } : base),
        estimateCents: num(row.estimate),
        approvedCents: num(row.approved),
        finalCents: spend,
        supplementRate: ratio(num(row.with_supplement), num(row.with_estimate)),
        estimateAccuracy: ratio(num(row.accuracy_final), num(row.accuracy_first)),
        spendCents: spend,
        vehicles,
        costPerVehicleCents: vehicles > 0 ? Math.round(spend / vehicles) : null,
      };
    });
}

async function cost(context: Context): Promise<CostSection> {
  const [total] = await costRows(context, 'total');
  return {
    total: total!,
    facilities: await costRows(context, 'facility'),
    companies: await costRows(context, 'company'),
    locations: await costRows(context, 'location'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Top vehicles

async function topVehicles(context: Context): Promise<TopVehiclesSection> {
  const { db, scope, base } = context;
  const top = async (order: SQL) => {
    const rows = await queryRows<{
      id: string;
      unit_number: string;
      vin: string;
      description: string;
      company_name: string;
      claims: number;
      spend: number;
    }>(
      db,
      sql`select vehicles.id, vehicles.unit_number, vehicles.vin,
            concat_ws(' ', vehicles.year, vehicles.make, vehicles.model) as description,
            companies.name as company_name, count(*)::int as claims,
            coalesce(sum(claims.final_amount_cents), 0)::float8 as spend
          from claims join vehicles on vehicles.id = claims.vehicle_id join companies on companies.id = vehicles.company_id
          where ${where(scope, base)}
          group by vehicles.id, companies.name
          order by ${order}, vehicles.unit_number, vehicles.id
          limit ${sql.raw(String(TOP_VEHICLES_SHOWN))}`,
    );
    return rows.map((row) => ({
      id: row.id,
      unitNumber: row.unit_number,
      vin: row.vin,
      description: row.description,
      companyName: row.company_name,
      claims: countOf(row.claims, { ...base, vehicleId: row.id }),
      spendCents: num(row.spend),
    }));
  };
  return {
    byClaims: await top(sql`count(*) desc`),
    bySpend: (await top(sql`coalesce(sum(claims.final_amount_cents), 0) desc`)).filter(
      (row) => row.spendCents > 0,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Mechanical authorizations

async function authorizations(context: Context): Promise<AuthorizationsSection> {
  const { db, scope, base } = context;
  const kindSql = sql`(case when a.decided_automatically then 'automatic' else a.status end)`;
  const rows = await queryRows<{
    kind: string;
    requests: number;
    claims: number;
    requested: number;
    approved: number;
  }>(
    db,
    sql`select ${kindSql} as kind, count(*)::int as requests, count(distinct a.claim_id)::int as claims,
          coalesce(sum(a.requested_amount_cents), 0)::float8 as requested,
          coalesce(sum(a.approved_amount_cents), 0)::float8 as approved
        from authorization_requests a join claims on claims.id = a.claim_id
        where ${where(scope, base)} group by 1`,
  );
  const [decision] = await queryRows<{ hours: number | null }>(
    db,
    sql`select percentile_cont(0.5) within group (order by extract(epoch from (a.decided_at - a.created_at)) / 3600.0)::float8 as hours
        from authorization_requests a join claims on claims.id = a.claim_id
        where a.decided_at is not null and a.status <> 'withdrawn' and ${where(scope, base)}`,
  );
  const found = new Map(rows.map((row) => [row.kind, row]));
  const kinds = AUTHORIZATION_FILTERS.map((kind) => {
    const row = found.get(kind);
    return {
      kind,
      requests: num(row?.requests),
      claims: countOf(row?.claims ?? 0, { ...base, authorization: kind }),
      requestedCents: num(row?.requested),
      approvedCents: num(row?.approved),
    };
  });
  return {
    kinds,
    requestedCents: kinds.reduce((sum, row) => sum + row.requestedCents, 0),
    approvedCents: kinds.reduce((sum, row) => sum + row.approvedCents, 0),
    medianDecisionHours: oneDecimal(decision?.hours),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 7. Repair facility scorecard

async function scorecard(context: Context): Promise<ScorecardSection> {
  const { db, scope, base } = context;
  const rows = await queryRows<{
    id: string;
    name: string;
    handled: number;
    completed: number;
    median: number | null;
    on_time: number;
    with_eta: number;
    average_cost: number | null;
    with_estimate: number;
    with_supplement: number;
    comebacks: number;
  }>(
    db,
    sql`select repair_facilities.id::text as id, repair_facilities.name as name,
          count(*)::int as handled,
          count(*) filter (where claims.completed_at is not null)::int as completed,
          percentile_cont(0.5) within group (order by case when claims.completed_at is not null then ${cycleDaysSql} end)::float8 as median,
          count(*) filter (where ${claimOnTimeSql})::int as on_time,
          count(*) filter (where claims.completed_at is not null and claims.first_eta is not null)::int as with_eta,
          avg(claims.final_amount_cents)::float8 as average_cost,
          count(*) filter (where ${hasEstimateSql})::int as with_estimate,
          count(*) filter (where ${hasSupplementSql})::int as with_supplement,
          count(*) filter (where ${claimIsComebackSql})::int as comebacks
        from claims join repair_facilities on repair_facilities.id = claims.repair_facility_id
        where ${where(scope, base)}
        group by repair_facilities.id, repair_facilities.name
        order by repair_facilities.name, repair_facilities.id`,
  );
  return {
    facilities: rows.map((row) => {
      const facility = { ...base, repairFacilityId: row.id };
      return {
        id: row.id,
        name: row.name,
        handled: countOf(row.handled, facility),
        completed: countOf(row.completed, { ...facility, completed: 'true' }),
        medianCycleDays: oneDecimal(row.median),
        onTime: countOf(row.on_time, { ...facility, onTime: 'true' }),
        withEta: num(row.with_eta),
        onTimeRate: ratio(num(row.on_time), num(row.with_eta)),
        averageCostCents: row.average_cost === null ? null : Math.round(Number(row.average_cost)),
        supplementRate: ratio(num(row.with_supplement), num(row.with_estimate)),
        comebacks: countOf(row.comebacks, { ...facility, comeback: 'true' }),
        comebackRate: ratio(num(row.comebacks), num(row.completed)),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The whole report for `filter` within `scope` (admins: 'all'; others: their companies). `today` is the
 * reader's calendar day (their company's time zone, `report-document.ts`); without it, the database's.
 */
export async function buildReport(
  db: Database,
  scope: CompanyScope,
  filter: ReportFilter,
  options: { today?: string } = {},
): Promise<Report> {
  if (filter.companyId) assertInScope(scope, filter.companyId, 'Company not found');
  const day = options.today ?? (await today(db));
  const span = resolveRange(filter, day);
  const previous = previousSpan(span);
  const interval = daysIn(span) <= WEEKLY_UP_TO_DAYS ? 'week' : 'month';
  const context: Context = { db, scope, base: reportClaimFilter(filter, span) };
  // One database connection may serve the request (PGlite has one): the sections run one after another.
  const meta = {
    today: day,
    span,
    previousSpan: previous,
    interval,
    headline: await headline(context),
    previous: filter.compare
      ? await headline({ ...context, base: reportClaimFilter(filter, previous) })
      : null,
  } as const;
  return {
    meta,
    volume: await volume(context, filter, span, interval),
    cycleTime: await cycleTime(context),
    statusTime: await statusTime(context, filter),
    cost: await cost(context),
    topVehicles: await topVehicles(context),
    authorizations: await authorizations(context),
    scorecard: await scorecard(context),
  };
}

/** The names of the company, location and facility a filter names, to print them. */
export async function reportFilterNames(
  db: Database,
  filter: ReportFilter,
): Promise<{ company: string | null; location: string | null; facility: string | null }> {
  const name = async (table: string, id: string | undefined) => {
    if (!id) return null;
    const [row] = await queryRows<{ name: string }>(
      db,
      sql`select name from ${sql.identifier(table)} where id = ${id}`,
    );
    return row?.name ?? null;
  };
  return {
    company: await name('companies', filter.companyId),
    location: await name('locations', filter.locationId),
    facility: await name('repair_facilities', filter.repairFacilityId),
  };
}
