import { and, sql, type SQL } from 'drizzle-orm';
import { CLAIMS_COUNT_CAP, type ClaimPage, type ListClaimsQuery } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import type { CompanyScope } from '../../../actor.js';
import { perDatabase, type Database } from '../../../db/client.js';
import { hotStatement } from '../../../db/row-mapper.js';
import { presentClaimListItem } from '../claim.presenter.js';
import { cappedCount, selectClaimListRows, type ClaimListRow } from '../claim-queries.js';
import { CappedFilters } from './capped-filters.js';
import { afterCursor, decodeCursor, encodeCursor, SORTS, type ClaimSort } from './claim-cursor.js';
import { claimFilterConditions, FilterValues } from './claim-filter.sql.js';

/**
 * The claims list (`GET /api/vehicles`), also paged through by the CSV export: a filter, a sort, numbered pages
 * up to the count cap and cursors past it, each query shape built once.
 */

/** Matching claims, counted up to one past the cap. */
async function countClaims(db: Database, where: SQL | undefined, values: FilterValues): Promise<number> {
  const total = cappedCount(db, where);
  const [row] = await db.with(total).select().from(total).execute(values.values);
  return row?.total ?? 0;
}

function buildListQuery(
  db: Database,
  where: SQL | undefined,
  pageWhere: SQL | undefined,
  sort: ClaimSort,
  descending: boolean,
  counting: boolean,
) {
  // Counting stops past the cap, so a broad filter costs no more than 101 rows. It rides along the page query
  // (run once): one round trip instead of two. A filter known to pass the cap is not counted (`cappedFilters`).
  return selectClaimListRows(db, {
    where: pageWhere,
    sort: sort.column,
    descending,
    nullsLast: 'nullable' in sort,
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
    count: counting ? { where } : undefined,
  });
}

type ListStatement = { execute: (values: Record<string, unknown>) => Promise<ClaimListRow[]> };

/** The list query of each shape, built once; past this many shapes the rest are built per request. */
const LIST_SHAPES_MAX = 500;
const listStatements = perDatabase(() => new Map<string, ListStatement>());
/** Filters that matched more than the cap a moment ago, per database (decision 022). */
const cappedFilters = perDatabase(() => new CappedFilters());

/**
 * The list query for a shape, built (SQL text, parameter order, result mapping) the first time and reused.
 * It is prepared without a name on purpose, so that PostgreSQL plans every run for its values: a named statement
 * may keep one generic plan after five runs, and no one plan serves every value. Measured on 100,000 claims:
 * "sprinter 2500" went from 15 ms to 300 ms under the generic plan of a search; and after five first pages of
 * a company with 25,000 claims, the generic plan walked the whole `updated_at` index for a company with none
 * (71 ms instead of well under one), as it would for any small fleet beside a large one.
 */
function listStatement(db: Database, shape: string, build: () => ReturnType<typeof buildListQuery>) {
  const statements = listStatements(db);
  const known = statements.get(shape);
  if (known) return known;
  const statement = hotStatement(build().prepare(''));
  if (statements.size < LIST_SHAPES_MAX) statements.set(shape, statement);
  return statement;
}

export async function listClaims(
  db: Database,
  scope: CompanyScope,
  query: ListClaimsQuery,
): Promise<ClaimPage> {
  const values = new FilterValues(true);
  const where = claimFilterConditions(scope, query, values);
  // The filter alone (not its sort or page): what the count depends on.
  const filterKey = `${values.shape.join(' ')} ${JSON.stringify(values.values)}`;
  const sort = SORTS[query.sort];
  const descending = query.order === 'desc';
  const offset = (query.page - 1) * query.pageSize;
  // The first page is always served (the CSV export reads it in batches larger than the cap).
  if (!query.cursor && offset > 0 && offset + query.pageSize > CLAIMS_COUNT_CAP) {
    // Past the numbered pages: an empty page when the claims end before it (like any page past the end),
    // refused when there are claims there, which only nextCursor reaches.
    const counted = await countClaims(db, where, values);
    if (counted > offset) {
      throw new AppError(
        'bad_request',
        `Pages go up to claim ${CLAIMS_COUNT_CAP.toLocaleString('en-US')}: narrow the search, or follow nextCursor to go further`,
      );
    }
    return {
      items: [],
      total: counted,
      totalCapped: false,
      page: query.page,
      pageSize: query.pageSize,
      nextCursor: null,
    };
  }
  const pageWhere = query.cursor
    ? and(where, afterCursor(sort, descending, decodeCursor(query.cursor), values))
    : where;
  const counting = !cappedFilters(db).has(filterKey);
  const shape = [query.sort, query.order, counting ? 'counted' : 'uncounted', ...values.shape].join(' ');
  const rows = await listStatement(db, shape, () =>
    buildListQuery(db, where, pageWhere, sort, descending, counting),
  ).execute({ ...values.values, limit: query.pageSize + 1, offset: query.cursor ? 0 : offset });
  // A page past the end has no row to carry the count: count on its own then.
  const counted = !rows[0]
    ? await countClaims(db, where, values)
    : counting
      ? rows[0].total
      : CLAIMS_COUNT_CAP + 1;
  if (counting && counted > CLAIMS_COUNT_CAP) cappedFilters(db).remember(filterKey);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);

  return {
    items: page.map(presentClaimListItem),
    total: Math.min(counted, CLAIMS_COUNT_CAP),
    totalCapped: counted > CLAIMS_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: rows.length > query.pageSize && last ? encodeCursor(last.sortValue, last.claim.id) : null,
  };
}
