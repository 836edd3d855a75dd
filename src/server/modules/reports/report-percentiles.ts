import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { oneDecimal } from './report-sql.js';

/**
 * Exact percentiles as a report shows them (to one decimal, `oneDecimal`), without sorting every value (issue 30:
 * sorting 2,850,000 status spans for an admin's year cost 2 s on 1,000,000 claims). `percentile_cont` needs the
 * value at one or two ranks of each key. Instead of a sort, the values are counted in half-tenth buckets (a hash
 * aggregate that keeps each bucket's count, least and greatest value), the buckets' running counts find the
 * bucket of each rank, and:
 *
 * - when both ranks a percentile needs are in one bucket, every value between them rounds to that bucket's tenth:
 *   the bucket is `floor(value * 20)`, so `value * 10` lies in [h/2, (h+1)/2) and `Math.round` gives ⌈h/2⌉
 *   (`value * 20` is exactly twice `value * 10` in binary floating point, so the bucket and `oneDecimal` see the
 *   same number);
 * - when they are in two buckets, the lower rank is the greatest value of its bucket and the upper the least of
 *   the next one, and the percentile is interpolated as PostgreSQL does (`lo + (hi - lo) * proportion`).
 *
 * So the answer equals `oneDecimal(percentile_cont(...))` (`report-percentiles.test.ts` compares them). Each key
 * also gets its count and sum (for means and totals) from the same buckets.
 */

/** One bucket of a key's values, as `histogramColumns` counts them. */
interface Bucket {
  key: string;
  half: number;
  n: number;
  lo: number;
  hi: number;
  below: number;
  total: number;
  sum: number;
}

export interface KeyFigures {
  count: number;
  sum: number;
  /** One per fraction asked, to one decimal. */
  percentiles: number[];
}

/** A value's bucket: the half tenth it falls in. */
export const halfTenthSql = (value: SQL) => sql`floor((${value}) * 20)`;

/**
 * The aggregates a histogram query selects per (key, bucket) for `valueSql`: its rows must be `key text, half,
 * n, lo, hi, s` (grouped by the key and `halfTenthSql(value)`, null values left out).
 */
export const histogramColumns = (value: SQL) =>
  sql`count(${value})::int as n, min(${value}) as lo, max(${value}) as hi, sum(${value}) as s`;

/**
 * The figures of every key of `histogram` (a query of `key, half, n, lo, hi, s` rows, one per key and bucket), read
 * from the few buckets that hold the ranks the fractions need. A key without values is absent.
 */
export async function percentilesOf(
  db: Database,
  histogram: SQL,
  fractions: readonly number[],
): Promise<Map<string, KeyFigures>> {
  const rows = await queryRows<Bucket>(
    db,
    sql`with histogram as (${histogram}),
        ranked as (
          select key, half, n, lo, hi,
            (sum(n) over (partition by key order by half) - n)::float8 as below,
            (sum(n) over (partition by key))::float8 as total,
            (sum(s) over (partition by key))::float8 as sum
          from histogram where n > 0
        )
        select key, half::float8 as half, n, lo::float8 as lo, hi::float8 as hi, below, total, sum from ranked
        where exists (
          select from unnest(${`{${fractions.join(',')}}`}::float8[]) as fraction (p),
            lateral (values (floor(p * (total - 1))), (ceil(p * (total - 1)))) as wanted (rank)
          where rank >= below and rank < below + n
        )
        order by key, half`,
  );
  const byKey = new Map<string, Bucket[]>();
  for (const row of rows) {
    const bucket = { ...row, half: Number(row.half), lo: Number(row.lo), hi: Number(row.hi) };
    const list = byKey.get(row.key);
    if (list) list.push(bucket);
    else byKey.set(row.key, [bucket]);
  }
  const figures = new Map<string, KeyFigures>();
  for (const [key, buckets] of byKey) {
    const { total, sum } = buckets[0]!;
    figures.set(key, {
      count: total,
      sum: Number(sum),
      percentiles: fractions.map((fraction) => percentileOf(buckets, fraction, total)),
    });
  }
  return figures;
}

/** PostgreSQL's `percentile_cont` of the ranks in `buckets`, to one decimal. */
function percentileOf(buckets: Bucket[], fraction: number, total: number): number {
  const position = fraction * (total - 1);
  const firstRank = Math.floor(position);
  const secondRank = Math.ceil(position);
  const holding = (rank: number) =>
    buckets.find((bucket) => rank >= bucket.below && rank < bucket.below + bucket.n)!;
  const first = holding(firstRank);
  const second = holding(secondRank);
  if (first === second) return Math.ceil(first.half / 2) / 10;
  return oneDecimal(first.hi + (position - firstRank) * (second.lo - first.hi))!;
}
