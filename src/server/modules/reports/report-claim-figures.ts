import { sql } from 'drizzle-orm';
import type { ClaimFilter } from '@shared/claim-filter.js';
import type {
  CostRow,
  CostSection,
  CycleRow,
  CycleSection,
  ReportHeadline,
  ScorecardSection,
} from '@shared/reports.js';
import { queryRows } from '../../db/client.js';
import { claimOnTimeSql } from '../claims/index.js';
import {
  countOf,
  cycleDaysSql,
  downDaysSql,
  medianAndP90,
  num,
  oneDecimal,
  ratio,
  spendSql,
  where,
  type ReportContext,
} from './report-sql.js';

/**
 * The figures of each counted claim summed in one pass over the claims (GROUPING SETS): the whole report, and per
 * repair facility, location and company. The headline, cycle time and downtime (sections 2), cost (4) and the
 * repair facility scorecard (7) all read it. The per-claim parts that would need other tables — the original
 * estimate, supplements, comebacks — are kept on the claim by triggers (migration 0026, decision 025).
 */

type Group = 'total' | 'facility' | 'location' | 'company';
const GROUP_KEY: Record<Exclude<Group, 'total'>, keyof ClaimFilter> = {
  facility: 'repairFacilityId',
  location: 'locationId',
  company: 'companyId',
};

interface FigureRow {
  grp: Group;
  id: string | null;
  name: string | null;
  claims: number;
  completed: number;
  cycle: unknown;
  cycle_mean: number | null;
  down: unknown;
  down_mean: number | null;
  down_count: number;
  estimate: number;
  approved: number;
  final: number;
  with_estimate: number;
  with_supplement: number;
  accuracy_final: number;
  accuracy_first: number;
  vehicles: number;
  on_time: number;
  with_eta: number;
  average_cost: number | null;
  comebacks: number;
}

const completedSql = sql`claims.completed_at is not null`;
/** The group id of the total (no row has the nil uuid). */
const NO_GROUP = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/** The figures of the counted claims: only the whole (`'total'`), or per facility, location and company too. */
async function claimFigures(context: ReportContext, groups: 'total' | 'all'): Promise<FigureRow[]> {
  const { db, scope, base } = context;
  // The group of a row of `rows` (a facility's, a location's, a company's or the total), and the grouping sets.
  const grouping = (rows: 'cells' | 'claims') => {
    if (groups === 'total') return { columns: sql`'total' as grp, null::uuid as group_id,`, by: sql`` };
    const [facility, location, company] = ['repair_facility_id', 'location_id', 'company_id'].map((column) =>
      sql.raw(`${rows}.${column}`),
    );
    return {
      columns: sql`case when grouping(${facility}) = 0 then 'facility' when grouping(${location}) = 0 then 'location'
          when grouping(${company}) = 0 then 'company' else 'total' end as grp,
        coalesce(${facility}, ${location}, ${company}) as group_id,`,
      by: sql`group by grouping sets ((), (${facility}), (${location}), (${company}))`,
    };
  };
  const [summed, ordered] = [grouping('cells'), grouping('claims')];
  return queryRows<FigureRow>(
    db,
    // Each claim's cycle and down days are worked out once (MATERIALIZED), not once per figure and grouping set
    // that reads them: numeric arithmetic on every row was most of this query's time. The sums are taken per
    // facility, location and company together in one hash pass and added up per group from those few cells; only
    // the medians and the distinct vehicles, which cannot be added up, take the sorted pass per grouping (this section
    // of an admin's year at 1,000,000 claims: 2.79–2.92 → 2.36–2.48 s, decision 053).
    sql`with counted as materialized (
          select claims.repair_facility_id, claims.location_id, claims.company_id, claims.vehicle_id,
            claims.completed_at, claims.first_eta, claims.first_estimate_cents, claims.approved_amount_cents,
            claims.final_amount_cents, claims.has_estimate, claims.has_supplement, claims.comeback,
            ${cycleDaysSql} as cycle_days, ${downDaysSql} as down_days
          from claims where ${where(scope, base)}
        ),
        cells as (
          select claims.repair_facility_id, claims.location_id, claims.company_id,
            count(*) as claims,
            count(*) filter (where ${completedSql}) as completed,
            sum(claims.cycle_days) as cycle_sum,
            count(claims.cycle_days) as cycle_count,
            sum(claims.down_days) filter (where ${completedSql}) as down_sum,
            count(claims.down_days) filter (where ${completedSql}) as down_count,
            sum(claims.first_estimate_cents) as estimate,
            sum(claims.approved_amount_cents) as approved,
            ${spendSql} as final,
            count(claims.final_amount_cents) as final_count,
            count(*) filter (where claims.has_estimate) as with_estimate,
            count(*) filter (where claims.has_supplement) as with_supplement,
            sum(claims.final_amount_cents) filter (where claims.first_estimate_cents > 0) as accuracy_final,
            sum(claims.first_estimate_cents) filter (where claims.final_amount_cents is not null and claims.first_estimate_cents > 0) as accuracy_first,
            count(*) filter (where ${claimOnTimeSql}) as on_time,
            count(*) filter (where ${completedSql} and claims.first_eta is not null) as with_eta,
            count(*) filter (where claims.comeback) as comebacks
          from counted as claims
          group by claims.repair_facility_id, claims.location_id, claims.company_id
        ),
        sums as (
          select ${summed.columns}
            coalesce(sum(cells.claims), 0)::int as claims,
            coalesce(sum(cells.completed), 0)::int as completed,
            (sum(cells.cycle_sum) / nullif(sum(cells.cycle_count), 0))::float8 as cycle_mean,
            (sum(cells.down_sum) / nullif(sum(cells.down_count), 0))::float8 as down_mean,
            coalesce(sum(cells.down_count), 0)::int as down_count,
            coalesce(sum(cells.estimate), 0)::float8 as estimate,
            coalesce(sum(cells.approved), 0)::float8 as approved,
            coalesce(sum(cells.final), 0)::float8 as final,
            coalesce(sum(cells.with_estimate), 0)::int as with_estimate,
            coalesce(sum(cells.with_supplement), 0)::int as with_supplement,
            coalesce(sum(cells.accuracy_final), 0)::float8 as accuracy_final,
            coalesce(sum(cells.accuracy_first), 0)::float8 as accuracy_first,
            coalesce(sum(cells.on_time), 0)::int as on_time,
            coalesce(sum(cells.with_eta), 0)::int as with_eta,
            (sum(cells.final) / nullif(sum(cells.final_count), 0))::float8 as average_cost,
            coalesce(sum(cells.comebacks), 0)::int as comebacks
          from cells
          ${summed.by}
        ),
        ranks as (
          select ${ordered.columns}
            percentile_cont(array[0.5, 0.9]) within group (order by claims.cycle_days) as cycle,
            percentile_cont(array[0.5, 0.9]) within group (order by claims.down_days) filter (where ${completedSql}) as down,
            count(distinct claims.vehicle_id) filter (where claims.final_amount_cents is not null)::int as vehicles
          from counted as claims
          ${ordered.by}
        ),
        figures as (
          select sums.*, ranks.cycle, ranks.down, ranks.vehicles
          -- A key the planner can hash: the total's (and a missing facility's) group is null on both sides.
          from sums join ranks on ranks.grp = sums.grp
            and coalesce(ranks.group_id, ${NO_GROUP}) = coalesce(sums.group_id, ${NO_GROUP})
        )
        select figures.*, figures.group_id::text as id, coalesce(repair_facilities.name, locations.name, companies.name) as name
        from figures
          left join repair_facilities on figures.grp = 'facility' and repair_facilities.id = figures.group_id
          left join locations on figures.grp = 'location' and locations.id = figures.group_id
          left join companies on figures.grp = 'company' and companies.id = figures.group_id
        where figures.grp = 'total' or figures.group_id is not null
        order by figures.grp, name, figures.group_id`,
  );
}

/** The counted claims' figures for the report's sections (one query). */
export async function reportFigures(context: ReportContext) {
  const rows = await claimFigures(context, 'all');
  const total = rows.find((row) => row.grp === 'total')!;
  const of = (group: Group) => rows.filter((row) => row.grp === group);
  return {
    headline: headlineOf(context, total),
    cycleTime: {
      total: cycleRow(context, total, 'total'),
      facilities: of('facility')
        .filter((row) => row.completed > 0)
        .map((row) => cycleRow(context, row, 'facility')),
      locations: of('location')
        .filter((row) => row.completed > 0)
        .map((row) => cycleRow(context, row, 'location')),
    } satisfies CycleSection,
    cost: {
      total: costRow(context, total, 'total'),
      facilities: of('facility').map((row) => costRow(context, row, 'facility')),
      companies: of('company').map((row) => costRow(context, row, 'company')),
      locations: of('location').map((row) => costRow(context, row, 'location')),
    } satisfies CostSection,
    scorecard: {
      facilities: of('facility').map((row) => scorecardRow(context, row)),
    } satisfies ScorecardSection,
  };
}

/** The headline alone (the previous period's, to compare). */
export async function reportHeadline(context: ReportContext): Promise<ReportHeadline> {
  const [total] = await claimFigures(context, 'total');
  return headlineOf(context, total!);
}

function headlineOf({ base }: ReportContext, row: FigureRow): ReportHeadline {
  return {
    claims: countOf(row.claims, base),
    completed: countOf(row.completed, { ...base, completed: 'true' }),
    medianCycleDays: medianAndP90(row.cycle)[0],
    spendCents: num(row.final),
  };
}

const groupFilter = ({ base }: ReportContext, row: FigureRow, group: Group): Partial<ClaimFilter> =>
  group === 'total' ? base : { ...base, [GROUP_KEY[group]]: row.id };

function cycleRow(context: ReportContext, row: FigureRow, group: Group): CycleRow {
  const [cycleMedian, cycleP90] = medianAndP90(row.cycle);
  const [downMedian, downP90] = medianAndP90(row.down);
  return {
    id: row.id,
    name: row.name ?? 'All claims',
    claims: countOf(row.completed, { ...groupFilter(context, row, group), completed: 'true' }),
    cycle: { median: cycleMedian, p90: cycleP90, mean: oneDecimal(row.cycle_mean) },
    downtime: {
      median: downMedian,
      p90: downP90,
      mean: oneDecimal(row.down_mean),
      count: num(row.down_count),
    },
  };
}

function costRow(context: ReportContext, row: FigureRow, group: Group): CostRow {
  const spend = num(row.final);
  const vehicles = num(row.vehicles);
  return {
    id: row.id,
    name: row.name ?? 'All claims',
    claims: countOf(row.claims, groupFilter(context, row, group)),
    estimateCents: num(row.estimate),
    approvedCents: num(row.approved),
    finalCents: spend,
    supplementRate: ratio(num(row.with_supplement), num(row.with_estimate)),
    estimateAccuracy: ratio(num(row.accuracy_final), num(row.accuracy_first)),
    spendCents: spend,
    vehicles,
    costPerVehicleCents: vehicles > 0 ? Math.round(spend / vehicles) : null,
  };
}

function scorecardRow(context: ReportContext, row: FigureRow) {
  const facility = groupFilter(context, row, 'facility');
  return {
    id: row.id!,
    name: row.name!,
    handled: countOf(row.claims, facility),
    completed: countOf(row.completed, { ...facility, completed: 'true' }),
    medianCycleDays: medianAndP90(row.cycle)[0],
    onTime: countOf(row.on_time, { ...facility, onTime: 'true' }),
    withEta: num(row.with_eta),
    onTimeRate: ratio(num(row.on_time), num(row.with_eta)),
    averageCostCents: row.average_cost === null ? null : Math.round(Number(row.average_cost)),
    supplementRate: ratio(num(row.with_supplement), num(row.with_estimate)),
    comebacks: countOf(row.comebacks, { ...facility, comeback: 'true' }),
    comebackRate: ratio(num(row.comebacks), num(row.completed)),
  };
}
