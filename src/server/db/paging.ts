import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** A numbered page of a list (the `page` and `pageSize` of a list query). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The answer of a paged list: the page's items, how many match in all, and which page this is. */
export interface Page<T> extends PageRequest {
  items: T[];
  total: number;
}

/**
 * One numbered page of `rows` (a dynamic select, already filtered by `where` and ordered) and the count of every
 * row of `table` matching `where`, queried together. The users, companies, locations, facilities and support
 * lists page this way; the claims list pages by keyset (claims/claim-list/).
 */
export async function selectPage<T extends PgSelect>(
  db: Database,
  rows: T,
  count: { table: PgTable; where: SQL | undefined },
  paging: PageRequest,
): Promise<{ rows: Awaited<ReturnType<T['execute']>>; total: number }> {
  const [pageRows, [total]] = await Promise.all([
    rows
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    countRows(db, count.table, count.where),
  ]);
  return { rows: pageRows as Awaited<ReturnType<T['execute']>>, total: total?.value ?? 0 };
}

const countRows = (db: Database, table: PgTable, where: SQL | undefined) =>
  db.select({ value: count() }).from(table).where(where);

/** The page answer of `items` (already presented). */
export function pageOf<T>(items: T[], total: number, paging: PageRequest): Page<T> {
  return { items, total, page: paging.page, pageSize: paging.pageSize };
}
