import { and, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RecordSummary } from '@shared/fleet.js';
import type { CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { pageOf, type Page, type PageRequest } from '../../db/paging.js';
import { claims } from '../../db/schema/index.js';
import { claimIsOpenSql, claimKeepsVehicleDownSql } from '../claims/index.js';
import { withinScope } from '../../company-scope.js';

export const EMPTY_SUMMARY: RecordSummary = { openClaims: 0, vehiclesDown: 0, averageDowntimeDays: null };

/**
 * Open claims, vehicles down and average downtime for many records at once (one grouped query, no N+1),
 * counting only claims inside the caller's company scope.
 */
export async function summariesBy(
  db: Database,
  groupColumn: PgColumn,
  ids: string[],
  scope: CompanyScope,
): Promise<Map<string, RecordSummary>> {
  const result = new Map<string, RecordSummary>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      key: sql<string>`${groupColumn}`,
      openClaims: sql<number>`count(*)::int`,
      vehiclesDown: sql<number>`count(distinct ${claims.vehicleId}) filter (where ${claimKeepsVehicleDownSql})::int`,
      averageDowntimeDays: sql<
        number | null
      >`round((avg(extract(epoch from (now() - coalesce(${claims.dropOffDate}::timestamptz, ${claims.createdAt})))) / 86400)::numeric, 1)::float8`,
    })
    .from(claims)
    .where(and(inArray(groupColumn, ids), claimIsOpenSql, withinScope(scope, claims.companyId)))
    .groupBy(groupColumn);
  for (const row of rows) {
    result.set(row.key, {
      openClaims: row.openClaims,
      vehiclesDown: row.vehiclesDown,
      averageDowntimeDays: row.averageDowntimeDays,
    });
  }
  return result;
}

/**
 * A page of records (companies, locations, facilities), each presented with its summary of the claims grouped
 * by `groupColumn`: one grouped query for the whole page.
 */
export async function pageWithSummaries<Row, Out>(
  db: Database,
  scope: CompanyScope,
  { rows, total }: { rows: Row[]; total: number },
  query: PageRequest,
  record: {
    groupColumn: PgColumn;
    idOf: (row: Row) => string;
    present: (row: Row, summary: RecordSummary | undefined) => Out;
  },
): Promise<Page<Out>> {
  const summaries = await summariesBy(db, record.groupColumn, rows.map(record.idOf), scope);
  return pageOf(
    rows.map((row) => record.present(row, summaries.get(record.idOf(row)))),
    total,
    query,
  );
}
