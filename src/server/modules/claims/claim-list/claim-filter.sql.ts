import {
  and,
  eq,
  gte,
  inArray,
  isNotNull,
  like,
  lt,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ClaimFilter, ClaimFilterKey } from '@shared/claim-filter.js';
import type { CompanyScope } from '../../../actor.js';
import { authorizationRequests, claims, claimStatusHistory } from '../../../db/schema/index.js';
import { likePattern } from '../../../db/like-pattern.js';
import { SEARCH_GRAM_LENGTH } from '../../../db/search-grams.js';
import {
  claimIsFinishedSql,
  claimIsOpenSql,
  claimIsOverdueSql,
  claimIsComebackSql,
  claimKeepsVehicleDownSql,
  claimLateSql,
  claimOnTimeSql,
} from '../claim-queries.js';

/**
 * An authorization request (`authorization_requests`, in scope of the query) decided as `kind` says: `approved`
 * by a person, `automatic` approved within the company's limit, otherwise its status.
 */
export const authorizationKindSql = (kind: unknown) =>
  sql`(case when ${authorizationRequests.decidedAutomatically} then 'automatic' else ${authorizationRequests.status} end) = ${kind}`;

/**
 * The values of a claims filter and the shape they make. In the claims list they are named placeholders: a
 * query of the same shape (the same filters, sort and paging) is then built once per process, and later requests
 * only send their values. Elsewhere they are ordinary parameters.
 */
export class FilterValues {
  readonly values: Record<string, unknown> = {};
  readonly shape: string[] = [];
  constructor(private readonly named = false) {}

  /** A single value, under `name`. */
  bind<T>(name: string, value: T): T | Placeholder<string, T> {
    this.shape.push(name);
    if (!this.named) return value;
    this.values[name] = value;
    return sql.placeholder(name) as Placeholder<string, T>;
  }

  /**
   * `column` is one of `list` (of SQL type `type`). A list of one is an equality, so that an index on the column
   * and the sort serves it in order (PostgreSQL does not order by an index for `= any(…)`): one status sorted by
   * ETA read 26 rows instead of filtering 6,500.
   */
  oneOf(name: string, column: AnyPgColumn, list: readonly string[], type: string): SQL {
    if (list.length === 1) return eq(column, this.bind(name, list[0]!));
    this.shape.push(`${name}[]`);
    if (!this.named) return inArray(column, [...list]);
    this.values[name] = list;
    return sql`${column} = any(${sql.placeholder(name)}::${sql.raw(type)}[])`;
  }

  /** A condition without values (open, overdue…), part of the shape. */
  flag(name: string, condition: SQL): SQL {
    this.shape.push(name);
    return condition;
  }
}

/**
 * The SQL of each list filter, in the order the conditions are written. Typed by the shared schema's keys: a
 * filter added to `claimFilterSchema` does not compile until it has its SQL here.
 */
const FILTER_SQL: {
  [K in ClaimFilterKey]-?: (value: NonNullable<ClaimFilter[K]>, values: FilterValues) => SQL[];
} = {
  workflow: (workflow, values) => [eq(claims.workflow, values.bind('workflow', workflow))],
  status: (status, values) => (status.length ? [values.oneOf('status', claims.status, status, 'text')] : []),
  open: (open, values) => [
    open === 'true' ? values.flag('open', claimIsOpenSql) : values.flag('finished', claimIsFinishedSql),
  ],
  overdue: (_overdue, values) => [values.flag('overdue', claimIsOverdueSql)],
  down: (_down, values) => [values.flag('down', claimKeepsVehicleDownSql)],
  // Calendar days of the database's time zone, as the dashboard counts them.
  completedFrom: (date, values) => [
    gte(claims.completedAt, sql`${values.bind('completedFrom', date)}::date`),
  ],
  completedTo: (date, values) => [lt(claims.completedAt, sql`${values.bind('completedTo', date)}::date + 1`)],
  companyId: (id, values) => [eq(claims.companyId, values.bind('companyId', id))],
  locationId: (id, values) => [eq(claims.locationId, values.bind('locationId', id))],
  repairFacilityId: (id, values) => [eq(claims.repairFacilityId, values.bind('repairFacilityId', id))],
  assigneeId: (id, values) => [eq(claims.assigneeId, values.bind('assigneeId', id))],
  reportedFrom: (date, values) => [gte(claims.createdAt, sql`${values.bind('reportedFrom', date)}::date`)],
  reportedTo: (date, values) => [lt(claims.createdAt, sql`${values.bind('reportedTo', date)}::date + 1`)],
  completed: (_completed, values) => [values.flag('completed', isNotNull(claims.completedAt))],
  vehicleId: (id, values) => [eq(claims.vehicleId, values.bind('vehicleId', id))],
  passedStatus: (status, values) => [
    sql`exists (select 1 from ${claimStatusHistory} where ${claimStatusHistory.claimId} = ${claims.id} and ${claimStatusHistory.toStatus} = ${values.bind('passedStatus', status)})`,
  ],
  authorization: (kind, values) => [
    sql`exists (select 1 from ${authorizationRequests} where ${authorizationRequests.claimId} = ${claims.id} and ${authorizationKindSql(values.bind('authorization', kind))})`,
  ],
  onTime: (onTime, values) => [
    onTime === 'true' ? values.flag('onTime', claimOnTimeSql) : values.flag('late', claimLateSql),
  ],
  comeback: (_comeback, values) => [values.flag('comeback', claimIsComebackSql)],
  from: (date, values) => [gte(claims.lossDate, values.bind('from', date))],
  to: (date, values) => [lte(claims.lossDate, values.bind('to', date))],
  // Every word must match somewhere (claim no., VIN, unit, plate, make, model, insurer claim no., driver).
  search: (search, values) =>
    search
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((term, index) => searchTermSql(term, index, values)),
};

/**
 * One word of a search, found anywhere in the claim's lower-cased search text. A word with a digit, of
 * SEARCH_GRAM_LENGTH characters or more — a fragment of a VIN, plate, unit, claim or insurer number — is looked up by
 * its last gram (`claim_search_grams`, migration 0039, decision 042): a VIN's last six are one short list in the
 * index, where a trigram of digits lists tens of thousands at a million claims. One gram, not all of the word's: the
 * planner knows each gram's frequency but multiplies those of several as if independent. `strpos` checks the word
 * itself (and is no LIKE, so the trigram index is not read as well). Any other word — "sprinter", a driver's name,
 * common enough that the newest claims in order find a page at once, where the gram test would cost a function call
 * per row — is a case-sensitive LIKE (cheaper than ILIKE) served by the trigram indexes.
 */
function searchTermSql(term: string, index: number, values: FilterValues): SQL {
  if (term.length < SEARCH_GRAM_LENGTH || !/\d/.test(term)) {
    return like(claims.searchText, values.bind(`term${index}`, likePattern(term)));
  }
  const gram = values.bind(`gram${index}`, term.slice(-SEARCH_GRAM_LENGTH));
  const word = values.bind(`word${index}`, term);
  return sql`(claim_search_grams(${claims.searchText}) @> array[${gram}::text] and strpos(${claims.searchText}, ${word}::text) > 0)`;
}

/**
 * The SQL condition of a claims filter (`ClaimFilter`, src/shared/claim-filter.ts) within a company scope. The
 * claims list, its CSV export, the board and the dashboard's links all filter this way; a report does too.
 */
export function claimFilterConditions(
  scope: CompanyScope,
  query: Partial<ClaimFilter>,
  values = new FilterValues(),
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (scope !== 'all') {
    // An empty scope matches nothing.
    conditions.push(
      scope.length
        ? values.oneOf('companyIds', claims.companyId, scope, 'uuid')
        : values.flag('noCompanies', sql`false`),
    );
  }
  for (const key of Object.keys(FILTER_SQL) as ClaimFilterKey[]) {
    const value = query[key];
    // An absent filter, or an empty one (no text): no condition.
    if (value === undefined || value === '') continue;
    const toSql = FILTER_SQL[key] as (value: unknown, values: FilterValues) => SQL[];
    conditions.push(...toSql(value, values));
  }
  return and(...conditions);
}
