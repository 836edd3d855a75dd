import { asc, desc, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { personName } from '../../db/person-name.js';
import { CLAIMS_COUNT_CAP, formatClaimNumber } from '@shared/claims.js';
import {
  claims,
  companies,
  FINISHED_STATUS_LIST,
  locations,
  outsideLinks,
  repairFacilities,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { literalLimit, type Database } from '../../db/client.js';

/** The assignee of a claim, joined under its own name (users is joined more than once). */
export const assignees = alias(users, 'assignees');
const creators = alias(users, 'creators');

export { personName };

/** Open: any status but the finished ones (as literals, so partial indexes of open claims apply). */
export const claimIsOpenSql = sql`${claims.status} not in (${sql.raw(FINISHED_STATUS_LIST)})`;
export const claimIsFinishedSql = sql`${claims.status} in (${sql.raw(FINISHED_STATUS_LIST)})`;

/**
 * A vehicle is down while one of its open claims keeps it off the road: the vehicle is not drivable (down from
 * the report), or it has been dropped off at the facility (down from the drop-off day). This is when downtime
 * starts counting (`downtimeDaysSql`); a claim on a drivable vehicle not yet dropped off leaves it in service,
 * and an unknown "drivable" does not count. The dashboard's counts (`claim_down_day` in migration 0010) apply
 * the same rule.
 */
export const claimKeepsVehicleDownOn = (today: SQL) =>
  sql`(${claimIsOpenSql} and (${claims.drivable} = false or ${claims.dropOffDate} <= ${today}))`;
export const claimKeepsVehicleDownSql = claimKeepsVehicleDownOn(sql`current_date`);

/** Open and past its estimated completion day. */
export const claimIsOverdueSql = sql`(${claimIsOpenSql} and ${claims.eta} < current_date)`;

/** Completed on or before the first ETA it was given (completion days in the database's time zone). */
export const claimOnTimeSql = sql`(${claims.completedAt} is not null and ${claims.firstEta} is not null and ${claims.completedAt}::date <= ${claims.firstEta})`;
/** Completed after the first ETA it was given. */
export const claimLateSql = sql`(${claims.completedAt} is not null and ${claims.firstEta} is not null and ${claims.completedAt}::date > ${claims.firstEta})`;

/** How many days after a completion another claim on the same vehicle counts as a comeback. */
export const COMEBACK_WINDOW_DAYS = 30;

/**
 * A comeback: the claim was completed and its vehicle had another claim reported after the completion and within
 * `COMEBACK_WINDOW_DAYS` of it (the repair did not hold, or the vehicle came straight back).
 */
export const claimIsComebackSql = sql`(${claims.completedAt} is not null and exists (select 1 from ${claims} as comebacks where comebacks.vehicle_id = ${claims.vehicleId} and comebacks.id <> ${claims.id} and comebacks.created_at > ${claims.completedAt} and comebacks.created_at <= ${claims.completedAt} + interval '${sql.raw(String(COMEBACK_WINDOW_DAYS))} days'))`;

/** Days down: from drop-off (or the report) to completion, or to now while open. */
export const downtimeDaysAt = (now: SQL) =>
  sql<number>`greatest(0, floor(extract(epoch from (coalesce(${claims.completedAt}, ${now}) - coalesce(${claims.dropOffDate}::timestamptz, ${claims.createdAt}))) / 86400))::int`;
export const downtimeDaysSql = downtimeDaysAt(sql`now()`);

/**
 * When the claim's repair shop last updated it through a shop link working at `now` (not revoked, not expired, sent
 * to the claim's facility of now): null when it never did (issue 32). `sinceSent` counts a link never used from its
 * sending: the board flags a shop quiet that long; the claim page and the Fleet Dashboard show only real updates.
 */
export const shopUpdatedAtOf = (claimId: AnyPgColumn | SQL, { sinceSent = false, now = sql`now()` } = {}) =>
  sql<Date | null>`(select max(${sinceSent ? sql`coalesce(${outsideLinks.lastUsedAt}, ${outsideLinks.createdAt})` : outsideLinks.lastUsedAt})
    from ${outsideLinks} join ${claims} as linked on linked.id = ${outsideLinks.claimId}
    where ${outsideLinks.claimId} = ${claimId} and ${outsideLinks.kind} = 'shop' and ${outsideLinks.revokedAt} is null
      and ${outsideLinks.expiresAt} > ${now} and ${outsideLinks.facilityId} = linked.repair_facility_id)`.mapWith(
    outsideLinks.lastUsedAt,
  );

/**
 * A claim's columns but the reports' per-status seconds (`status_seconds` and its array, migration 0048), which no
 * list or page shows: every list row would otherwise carry and parse them.
 */
const {
  statusSeconds: _seconds,
  statusSecondsList: _secondsList,
  ...claimRowColumns
} = getTableColumns(claims);

/** The columns of a claim row with its vehicle, company, location, facility and people, in one query. */
export const claimColumns = {
  claim: claimRowColumns,
  vehicle: vehicles,
  companyName: companies.name,
  locationName: locations.name,
  facilityName: repairFacilities.name,
  assigneeUsername: assignees.username,
  assigneeName: personName(assignees),
  creatorUsername: creators.username,
  creatorName: personName(creators),
  downtimeDays: downtimeDaysSql,
  // An unknown "drivable" with no drop-off is not down (SQL says null).
  vehicleDown: sql<boolean>`coalesce(${claimKeepsVehicleDownSql}, false)`,
};

/**
 * Claims with everything a list or page shows. `sortColumn` adds its value as text (`sortValue`), exact to the
 * microsecond, for page cursors (a JavaScript Date keeps only milliseconds).
 */
export function selectClaims<Extra extends Record<string, SQL.Aliased | SQL> = Record<never, never>>(
  db: Database,
  sortColumn: AnyPgColumn = claims.updatedAt,
  /** More columns the same statement answers (the claim page's facts about the reader). */
  extra?: Extra,
) {
  return db
    .select({
      ...claimColumns,
      sortValue: sql<string | null>`${sortColumn}::text`,
      ...(extra ?? ({} as Extra)),
    })
    .from(claims)
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .innerJoin(companies, eq(companies.id, claims.companyId))
    .leftJoin(locations, eq(locations.id, claims.locationId))
    .leftJoin(repairFacilities, eq(repairFacilities.id, claims.repairFacilityId))
    .leftJoin(assignees, eq(assignees.id, claims.assigneeId))
    .leftJoin(creators, eq(creators.id, claims.createdById));
}

export type ClaimRow = Awaited<
  ReturnType<ReturnType<typeof selectClaims<Record<never, never>>>['execute']>
>[number];

/** The columns of `claims` a list row shows (lists skip the long text columns), with the downtime. */
const pageColumns = {
  id: claims.id,
  number: claims.number,
  workflow: claims.workflow,
  status: claims.status,
  priority: claims.priority,
  companyId: claims.companyId,
  vehicleId: claims.vehicleId,
  locationId: claims.locationId,
  repairFacilityId: claims.repairFacilityId,
  assigneeId: claims.assigneeId,
  lossDate: claims.lossDate,
  eta: claims.eta,
  reportedByName: claims.reportedByName,
  insurerClaimNumber: claims.insurerClaimNumber,
  estimateAmountCents: claims.estimateAmountCents,
  approvedAmountCents: claims.approvedAmountCents,
  finalAmountCents: claims.finalAmountCents,
  statusChangedAt: claims.statusChangedAt,
  createdAt: claims.createdAt,
  updatedAt: claims.updatedAt,
  downtimeDays: downtimeDaysSql.as('downtime_days'),
};

/** Which claims make a page: the filter, the order (then by id) and how many from where. */
export interface ClaimPageQuery {
  where: SQL | undefined;
  sort?: AnyPgColumn;
  descending?: boolean;
  /**
   * Rows without a sort value last when descending too (ascending puts them last already). Only for a column
   * that can be null: an index on a column sorts `desc nulls last` only if it was built that way.
   */
  nullsLast?: boolean;
  /** A number is written into the SQL text (see `literalLimit`); a placeholder is bound. */
  limit: number | Placeholder;
  /** 0 leaves OFFSET out. */
  offset?: number | Placeholder;
  /** Also count the claims matching this filter, up to one past `CLAIMS_COUNT_CAP`, as `total` on every row. */
  count?: { where: SQL | undefined };
}

/**
 * A page of claims as list rows. The page is chosen from `claims` alone (filter, order, limit), then joined to its
 * vehicle and names, and the count comes from a CTE. Measured on 100,000 claims, a manager's first page took
 * PostgreSQL 3.6 ms written as one join with the count as a scalar subquery, and 1.0–1.5 ms this way.
 * `sortValue` is the sort column as text, exact to the microsecond, for page cursors (a JavaScript Date keeps
 * only milliseconds).
 */
export function selectClaimListRows(
  db: Database,
  {
    where,
    sort = claims.updatedAt,
    descending = true,
    nullsLast = false,
    limit,
    offset = 0,
    count,
  }: ClaimPageQuery,
) {
  const direction = descending ? desc : asc;
  const bySort = (column: SQL.Aliased | AnyPgColumn) =>
    descending && nullsLast ? sql`${column} desc nulls last` : direction(column);
  const page = db
    .select({
      ...pageColumns,
      sortKey: sql`${sort}`.as('sort_key'),
      sortValue: sql<string | null>`${sort}::text`.as('sort_value'),
    })
    .from(claims)
    .where(where)
    .orderBy(bySort(sort), direction(claims.id))
    .limit(typeof limit === 'number' ? literalLimit(limit) : limit)
    .offset(offset)
    .as('page');
  const columns = {
    claim: {
      id: page.id,
      number: page.number,
      workflow: page.workflow,
      status: page.status,
      priority: page.priority,
      companyId: page.companyId,
      assigneeId: page.assigneeId,
      lossDate: page.lossDate,
      eta: page.eta,
      reportedByName: page.reportedByName,
      insurerClaimNumber: page.insurerClaimNumber,
      estimateAmountCents: page.estimateAmountCents,
      approvedAmountCents: page.approvedAmountCents,
      finalAmountCents: page.finalAmountCents,
      statusChangedAt: page.statusChangedAt,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
    },
    vehicle: {
      id: vehicles.id,
      unitNumber: vehicles.unitNumber,
      vin: vehicles.vin,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      plate: vehicles.plate,
    },
    companyName: companies.name,
    locationName: locations.name,
    facilityName: repairFacilities.name,
    assigneeUsername: assignees.username,
    assigneeName: personName(assignees),
    downtimeDays: page.downtimeDays,
    sortValue: page.sortValue,
  };
  const total = count && cappedCount(db, count.where);
  const rows = total
    ? db
        .with(total)
        .select({ ...columns, total: total.total })
        .from(page)
        .crossJoin(total)
    : db.select({ ...columns, total: sql<number>`0` }).from(page);
  return rows
    .innerJoin(vehicles, eq(vehicles.id, page.vehicleId))
    .innerJoin(companies, eq(companies.id, page.companyId))
    .leftJoin(locations, eq(locations.id, page.locationId))
    .leftJoin(repairFacilities, eq(repairFacilities.id, page.repairFacilityId))
    .leftJoin(assignees, eq(assignees.id, page.assigneeId))
    .orderBy(bySort(page.sortKey), direction(page.id));
}

/** A CTE counting the claims that match `where`, up to one past `CLAIMS_COUNT_CAP` (a broad filter reads no more). */
export function cappedCount(db: Database, where: SQL | undefined) {
  const capped = db
    .select({ one: sql`1` })
    .from(claims)
    .where(where)
    .limit(literalLimit(CLAIMS_COUNT_CAP + 1))
    .as('capped');
  return db.$with('total').as(db.select({ total: sql<number>`count(*)::int`.as('total') }).from(capped));
}

export type ClaimListRow = Awaited<ReturnType<ReturnType<typeof selectClaimListRows>['execute']>>[number];

/** What the search matches, lower-cased in one column with a trigram index. */
export function claimSearchText(
  number: number,
  vehicle: {
    vin: string;
    unitNumber: string;
    plate: string | null;
    make: string | null;
    model: string | null;
    year: number | null;
  },
  claim: { insurerClaimNumber?: string | null; reportedByName?: string | null },
): string {
  return [
    formatClaimNumber(number),
    String(number),
    vehicle.vin,
    vehicle.unitNumber,
    vehicle.plate,
    vehicle.year,
    vehicle.make,
    vehicle.model,
    claim.insurerClaimNumber,
    claim.reportedByName,
  ]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ')
    .toLowerCase();
}
