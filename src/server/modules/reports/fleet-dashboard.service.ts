import { asc, inArray, sql } from 'drizzle-orm';
import { formatClaimNumber } from '@shared/claims.js';
import type { ClaimFilter } from '@shared/claim-filter.js';
import {
  FLEET_LIST_LIMIT,
  FLEET_UPCOMING_DAYS,
  fleetDashboardSchema,
  type FleetClaim,
  type FleetDashboard,
} from '@shared/fleet-dashboard.js';
import { addDays, type ReportCount } from '@shared/reports.js';
import type { ClaimStatus } from '@shared/workflows.js';
import type { UserActor } from '../../actor.js';
import { AppError } from '@shared/errors.js';
import { queryRows, type Database } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { claimKeepsVehicleDownOn, claimIsOpenSql, downtimeDaysAt, shopUpdatedAtOf } from '../claims/index.js';
import { fleetDashboardScope } from './fleet-dashboard.policy.js';
import { downtimeTrend, vehiclesMostDown } from './fleet-downtime.js';
import {
  keptAnswer,
  shapeOf,
  type AnswerJson,
  type Compute,
  type KeptAnswerDatabases,
} from './kept-answers.js';
import { figureClock, momentOf, spendSql, type FigureClock } from './report-sql.js';
import { inReportTransaction, sideBySide } from './report-transaction.js';

/**
 * The Fleet Dashboard (`/fleet-dashboard`, issue 14) of one company. Who may open it is spec §6's rule, enforced
 * here: admins any company, managers their own, a viewer only the fleet-dashboard company an admin picked
 * (`fleetDashboardCompanyId`) and only when linked to it. Anyone else is refused with 403.
 */

export const FLEET_DASHBOARD_FORBIDDEN = 'You cannot open the Fleet Dashboard of this company';

/** The companies `actor` may open the dashboard of, by name. */
export async function fleetCompaniesFor(db: Database, actor: UserActor) {
  const base = db.select({ id: companies.id, name: companies.name }).from(companies);
  const ids = await fleetDashboardScope(db, actor);
  if (ids === 'all') return base.orderBy(asc(companies.name), asc(companies.id));
  if (ids.length === 0) return [];
  return base.where(inArray(companies.id, ids)).orderBy(asc(companies.name), asc(companies.id));
}

interface SpendRow {
  year: number;
  month: number;
  cents: number;
  claims: number;
  to_date_cents: number;
  to_date_claims: number;
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
  shop_updated_ms: number | null;
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
  shopUpdatedAt: row.shop_updated_ms === null ? null : new Date(Number(row.shop_updated_ms)).toISOString(),
});

const claimColumns = (clock: FigureClock) => sql`claims.id, claims.number, vehicles.unit_number,
  concat_ws(' ', vehicles.year, vehicles.make, vehicles.model) as vehicle, claims.status,
  repair_facilities.name as facility_name, locations.name as location_name, ${downtimeDaysAt(clock.now)} as days_down,
  claims.eta::text as eta, coalesce(${claimIsOpenSql} and claims.eta < ${clock.today}, false) as overdue,
  (extract(epoch from ${shopUpdatedAtOf(sql`claims.id`, { now: clock.now })}) * 1000)::float8 as shop_updated_ms
  from claims join vehicles on vehicles.id = claims.vehicle_id
  left join repair_facilities on repair_facilities.id = claims.repair_facility_id
  left join locations on locations.id = claims.location_id`;

const num = (value: unknown) => Number(value ?? 0);
const countOf = (count: unknown, filter: Partial<ClaimFilter>): ReportCount => ({
  count: num(count),
  filter: filter as ReportCount['filter'],
});

/**
 * The Fleet Dashboard `actor` asked for, as JSON text: the company they may open (the first by name unless they
 * picked one), the companies they may pick, and the company's figures as kept (decision 035), reused while nothing
 * the dashboard counts in that company has changed.
 */
export async function fleetDashboard(
  keptIn: KeptAnswerDatabases,
  actor: UserActor,
  requestedId: string | undefined,
): Promise<AnswerJson<FleetDashboard>> {
  const allowed = await fleetCompaniesFor(keptIn.db, actor);
  if (requestedId && actor.user.role === 'admin' && !allowed.some((company) => company.id === requestedId)) {
    throw new AppError('not_found', 'Company not found');
  }
  const company = requestedId ? allowed.find((entry) => entry.id === requestedId) : allowed[0];
  if (!company) throw new AppError('forbidden', FLEET_DASHBOARD_FORBIDDEN);
  const figures = await keptAnswer(
    keptIn,
    {
      question: { kind: 'fleet-dashboard', shape: fleetShape(), companyId: company.id },
      scope: [company.id],
    },
    computeFleetFigures(company.id),
  );
  // The reader's part, then the kept figures' members (an object's text without its opening brace).
  const reader: Pick<FleetDashboard, 'company' | 'companies'> = { company, companies: allowed };
  return `${JSON.stringify(reader).slice(0, -1)},${figures.slice(1)}` as AnswerJson<FleetDashboard>;
}

const fleetFiguresSchema = fleetDashboardSchema.omit({ company: true, companies: true });
export const fleetShape = shapeOf(fleetFiguresSchema);

/** How a company's kept figures are computed: for a reader and ahead of readers (the refresh job). */
export const computeFleetFigures =
  (companyId: string): Compute<FleetFigures> =>
  async (tx, asOf) =>
    fleetFiguresSchema.parse(await fleetFiguresAt(tx, companyId, asOf));

/** A company's Fleet Dashboard figures computed now, in a report transaction (for measuring them). */
export function fleetFiguresNow(db: Database, companyId: string): Promise<FleetFigures> {
  return inReportTransaction(db, async (tx) => fleetFiguresAt(tx, companyId, await momentOf(tx)));
}

/** Everything on the dashboard but who opens it: one company's figures counted at `asOf`. */
export type FleetFigures = Omit<FleetDashboard, 'company' | 'companies'>;

/** One company's figures counted at `asOf` (ISO), in the report transaction `db`. */
export async function fleetFiguresAt(db: Database, companyId: string, asOf: string): Promise<FleetFigures> {
  const clock = figureClock(asOf);
  const inCompany = sql`claims.company_id = ${companyId}`;
  const keepsVehicleDown = claimKeepsVehicleDownOn(clock.today);

  const [{ today }] = (await queryRows<{ today: string }>(
    db,
    sql`select (${clock.today})::text as today`,
  )) as [{ today: string }];
  const year = Number(today.slice(0, 4));
  const yearStart = `${year}-01-01`;

  // Last year up to the same day, so that the two years compare like for like: summed in the same pass as the
  // months (`to_date_*`), one read of the company's completed claims instead of two.
  const sameDayLastYear = today.endsWith('-02-29') ? `${year - 1}-02-28` : `${year - 1}${today.slice(4)}`;
  const toSameDay = sql`claims.completed_at < ${sameDayLastYear}::date + 1`;
  const since = addDays(today, -364);
  // The longest first (on 1,000,000 claims: the trend 0.5 s, the vehicles down longest 0.26 s, the spend 0.2 s): with a
  // connection beside the transaction's, the two downtime sections run at once.
  const [trend, mostDowntime, spendRows, locationRows, downItems, downTotals, upcoming] = await sideBySide(
    db,
    [
      (side) => downtimeTrend(side, inCompany, clock),
      (side) => vehiclesMostDown(side, inCompany, since, clock),
      (side) =>
        queryRows<SpendRow>(
          side,
          sql`select extract(year from claims.completed_at)::int as year, extract(month from claims.completed_at)::int as month,
              ${spendSql} as cents, count(*)::int as claims,
              coalesce(sum(claims.final_amount_cents) filter (where ${toSameDay}), 0)::float8 as to_date_cents,
              (count(*) filter (where ${toSameDay}))::int as to_date_claims
            from claims
            where ${inCompany} and claims.completed_at >= ${`${year - 1}-01-01`}::date and claims.completed_at < ${clock.today} + 1
            group by 1, 2`,
        ),
      (side) =>
        queryRows<{ id: string; name: string; open: number; this_year: number }>(
          side,
          sql`select locations.id::text as id, locations.name,
              count(*) filter (where ${claimIsOpenSql})::int as open,
              count(*) filter (where claims.created_at >= ${yearStart}::date)::int as this_year
            from claims join locations on locations.id = claims.location_id
            where ${inCompany}
            group by locations.id, locations.name
            having count(*) filter (where ${claimIsOpenSql}) > 0 or count(*) filter (where claims.created_at >= ${yearStart}::date) > 0
            order by locations.name, locations.id`,
        ),
      (side) =>
        queryRows<FleetClaimRow>(
          side,
          sql`select ${claimColumns(clock)} where ${inCompany} and ${keepsVehicleDown}
            order by days_down desc, claims.number limit ${sql.raw(String(FLEET_LIST_LIMIT))}`,
        ),
      async (side) =>
        (
          await queryRows<{ claims: number; vehicles: number; overdue: number; open: number }>(
            side,
            sql`select count(*) filter (where ${keepsVehicleDown})::int as claims,
                count(distinct claims.vehicle_id) filter (where ${keepsVehicleDown})::int as vehicles,
                count(*) filter (where ${keepsVehicleDown} and claims.eta < ${clock.today})::int as overdue,
                count(*)::int as open
              from claims where ${inCompany} and ${claimIsOpenSql}`,
          )
        )[0],
      (side) =>
        queryRows<FleetClaimRow>(
          side,
          sql`select ${claimColumns(clock)} where ${inCompany} and ${claimIsOpenSql}
              and claims.eta >= ${clock.today} and claims.eta <= ${clock.today} + ${sql.raw(String(FLEET_UPCOMING_DAYS))}
            order by claims.eta, claims.number limit ${sql.raw(String(FLEET_LIST_LIMIT))}`,
        ),
    ] as const,
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
  const lastYearToDate = spendRows
    .filter((row) => row.year === year - 1)
    .reduce(
      (sum, row) => ({
        cents: sum.cents + num(row.to_date_cents),
        claims: sum.claims + num(row.to_date_claims),
      }),
      { cents: 0, claims: 0 },
    );
  const thisYear = yearTotal(year);

  const base = { companyId };
  return {
    today,
    asOf,
    down: {
      vehicles: num(downTotals?.vehicles),
      claims: countOf(downTotals?.claims, { ...base, down: 'true' }),
      overdue: countOf(downTotals?.overdue, { ...base, down: 'true', overdue: 'true' }),
      open: countOf(downTotals?.open, { ...base, open: 'true' }),
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
        ...countOf(lastYearToDate.claims, {
          ...base,
          completedFrom: `${year - 1}-01-01`,
          completedTo: sameDayLastYear,
        }),
        cents: lastYearToDate.cents,
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
