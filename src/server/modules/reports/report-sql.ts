import { sql, type SQL } from 'drizzle-orm';
import type { ClaimFilter } from '@shared/claim-filter.js';
import type { ReportCount, ReportLink } from '@shared/reports.js';
import type { CompanyScope } from '../../actor.js';
import { connectionsOf, perDatabase, queryRows, type Database } from '../../db/client.js';
import { claimFilterConditions } from '../claims/index.js';
import { ReportSlots } from './report-slots.js';

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

/**
 * Runs a report's queries in one read-only, repeatable-read transaction: every section counts the same snapshot
 * (a claim moved meanwhile cannot be in one section and not another), on one connection. JIT compilation is off
 * inside it: PostgreSQL compiles a query it expects to be expensive, which cost these short aggregations
 * 100–150 ms each (measured on the 100,000-claim demo database) for nothing. Sorts get `REPORT_WORK_MEM`: the
 * medians sort every span of the period, which spilled to disk at the default 4 MB (time in status: 130 → 100 ms
 * for a manager's year on the demo database, and more with more claims).
 */
/** The memory each sort or hash of a report may use before it spills to disk (PostgreSQL's default is 4 MB). */
const REPORT_WORK_MEM = '32MB';

/**
 * How many report transactions one process runs at once on one pool: 3 of its 10 connections (at least one). A
 * report holds its connection for its whole transaction (seconds on a large database), so without a bound a few
 * managers opening reports took every connection: the other requests then waited out the 5 s connect timeout and
 * answered 503, and `/api/ready` failed, so a load balancer took a healthy process out (seen at 8 concurrent
 * reports on 1,000,000 claims). The rest wait in this process, in arrival order, holding no connection, for at
 * most 30 s (`ReportSlots`). The report mail job passes its own transaction, so its reports (one at a time) run
 * outside this bound.
 */
export const reportTransactionsMax = (db: Database) => Math.max(1, Math.floor(connectionsOf(db) * 0.3));
const reportSlots = perDatabase((db) => new ReportSlots(reportTransactionsMax(db)));

/** Runs `run` in one of `db`'s report slots: for what holds a connection as long as a report (waiting for one). */
export const inReportSlot = <T>(db: Database, run: () => Promise<T>): Promise<T> => reportSlots(db).run(run);

export function inReportTransaction<T>(
  db: Database,
  run: (tx: Database) => Promise<T>,
  { write = false }: { write?: boolean } = {},
): Promise<T> {
  return reportSlots(db).run(() =>
    db.transaction(
      async (tx) => {
        await tx.execute(
          sql`select set_config('jit', 'off', true), set_config('work_mem', ${REPORT_WORK_MEM}, true)`,
        );
        return run(tx as unknown as Database);
      },
      // Read-only, but for a kept answer's computation, which keeps it in the same snapshot (kept-answers.ts).
      { isolationLevel: 'repeatable read', accessMode: write ? 'read write' : 'read only' },
    ),
  );
}
