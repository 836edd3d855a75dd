import { sql, type SQL } from 'drizzle-orm';
import type { ClaimFilter } from '@shared/claim-filter.js';
import type { ReportCount, ReportLink } from '@shared/reports.js';
import type { CompanyScope } from '../../actor.js';
import { queryRows, type Database } from '../../db/client.js';
import { claimFilterConditions } from '../claims/index.js';

/**
 * What every report section shares: the claims it counts (the report's All Claims filter in a company scope),
 * the figure-with-its-filter shape, and rounding.
 */

export interface ReportContext {
  db: Database;
  scope: CompanyScope;
  /** The filter of every claim the report counts. */
  base: Partial<ClaimFilter>;
  /** The moment open claims' time is counted to. */
  clock: FigureClock;
}

/**
 * The moment figures are counted at, as SQL, and its day in the database's time zone (as `current_date`). A report
 * is counted at its transaction's moment (`momentOf`), given as a parameter, so that computing a kept answer again
 * at the moment it is as of gives the same answer exactly (decision 035).
 */
export interface FigureClock {
  now: SQL;
  today: SQL;
}
/** The moment a transaction counts at, to the millisecond (what a JavaScript Date holds), as ISO text. */
export const momentOf = async (db: Database) =>
  (
    await queryRows<{ as_of: string }>(
      db,
      sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as as_of`,
    )
  )[0]!.as_of;
export const figureClock = (asOf: string): FigureClock => ({
  now: sql`${asOf}::timestamptz`,
  today: sql`(${asOf}::timestamptz)::date`,
});

export const oneDecimal = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
export const ratio = (numerator: number, denominator: number) =>
  denominator > 0 ? Math.round((numerator / denominator) * 10_000) / 10_000 : null;
export const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** The claims a filter keeps, as a condition on `claims`. */
export function where(scope: CompanyScope, filter: Partial<ClaimFilter>): SQL {
  return claimFilterConditions(scope, filter) ?? sql`true`;
}

const linkOf = (filter: Partial<ClaimFilter>): ReportLink =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as ReportLink;
export const countOf = (count: unknown, filter: Partial<ClaimFilter>): ReportCount => ({
  count: num(count),
  filter: linkOf(filter),
});

/**
 * Spend (decision 038): the sum of the counted claims' final amounts (the amount each claim's page shows, set when
 * it is completed or its invoice is sent), in cents. The report's headline, cost and top vehicles and the Fleet
 * Dashboard's spend all read it, over rows named `claims`.
 */
export const spendSql = sql`coalesce(sum(claims.final_amount_cents), 0)::float8`;

/**
 * The seconds of an interval, as float8. `date_part` answers float8 where `extract` answers numeric, whose arithmetic,
 * sums and sorts cost most of a report's time at a million claims (the figures of an admin's year: 2.1 → 1.7 s).
 * A report shows days to one decimal, and its medians were float8 already (`percentile_cont`).
 */
export const secondsOf = (interval: SQL) => sql`date_part('epoch', ${interval})`;
/** Days between two timestamps, as float8. */
const daysBetween = (later: SQL, earlier: SQL) => sql`(${secondsOf(sql`${later} - ${earlier}`)} / 86400)`;
/** Reported to completed, in days (null while not completed). */
export const cycleDaysSql = daysBetween(sql`claims.completed_at`, sql`claims.created_at`);
/** Downtime of a completed claim that kept its vehicle down (not drivable, or dropped off); null otherwise. */
export const downDaysSql = sql`(case when claims.drivable = false or claims.drop_off_date is not null then greatest(0::float8, ${daysBetween(
  sql`claims.completed_at`,
  sql`coalesce(claims.drop_off_date::timestamptz, claims.created_at)`,
)}) end)`;

/** `[median, p90]` of a `percentile_cont(array[0.5, 0.9])` answer (null when nothing was measured). */
export const medianAndP90 = (value: unknown): [number | null, number | null] => {
  const list = parseFloatArray(value);
  return [oneDecimal(list?.[0]), oneDecimal(list?.[1])];
};

/** A float8[] as either driver answers it: an array, or PostgreSQL's text form `{1.5,2}`. */
function parseFloatArray(value: unknown): number[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value).replace(/[{}]/g, '');
  return text ? text.split(',').map(Number) : null;
}
