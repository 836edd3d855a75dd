import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-app.js';
import { halfTenthSql, histogramColumns, percentilesOf } from './report-percentiles.js';
import { oneDecimal } from './report-sql.js';

/**
 * The bucketed percentiles equal PostgreSQL's `percentile_cont` rounded as the report rounds it, on values made to
 * sit at the buckets' edges: ties, a rank on each side of an edge, values a hair below and above a half tenth,
 * one value, two values, negative ones.
 */
describe('percentilesOf', async () => {
  const database = await createTestDatabase();
  afterAll(() => database.close());
  const db = database.db;

  // A fixed pseudo-random sequence (no Math.random): the same values on every run.
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const groups: Record<string, number[]> = {
    one: [3.14159],
    two: [1.04, 1.06],
    ties: [2, 2, 2, 2, 2.05, 2.05],
    edges: [0.05, 0.0499999999, 0.15, 0.1500000001, 0.25, 0.35, 0.45, 0.55],
    negative: [-1.25, -1.35, -0.05, 0.04, 2.3],
    spread: Array.from({ length: 997 }, () => Math.round(next() * 400_000) / 1000),
    dense: Array.from({ length: 1_000 }, () => 10 + next() / 5),
  };
  await db.execute(sql`create temporary table sample (key text not null, value float8)`);
  for (const [key, values] of Object.entries(groups))
    await db.execute(sql`insert into sample select ${key}, unnest(${`{${values.join(',')}}`}::float8[])`);
  await db.execute(sql`insert into sample values ('one', null), ('nulls', null)`);

  it('equal percentile_cont to one decimal, with each key’s count and sum', async () => {
    const figures = await percentilesOf(
      db,
      sql`select key, ${halfTenthSql(sql`value`)} as half, ${histogramColumns(sql`value`)}
          from sample group by 1, 2`,
      [0.5, 0.9],
    );
    const exact = await queryRows<{ key: string; median: number; p90: number; n: number; s: number }>(
      db,
      sql`select key, percentile_cont(0.5) within group (order by value)::float8 as median,
            percentile_cont(0.9) within group (order by value)::float8 as p90,
            count(value)::int as n, sum(value)::float8 as s
          from sample where value is not null group by key`,
    );
    expect(exact).toHaveLength(Object.keys(groups).length);
    for (const row of exact) {
      const found = figures.get(row.key);
      expect(found?.percentiles, row.key).toEqual([oneDecimal(row.median), oneDecimal(row.p90)]);
      expect(found?.count, row.key).toBe(row.n);
      expect(oneDecimal(found!.sum), row.key).toBe(oneDecimal(Number(row.s)));
    }
    expect(figures.has('nulls')).toBe(false);
  });
});
