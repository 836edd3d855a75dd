import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  BOARD_FILTER_KEYS,
  boardStatuses,
  type ClaimBoard,
  type ClaimBoardCard,
  type ClaimBoardColumn,
  type ClaimBoardQuery,
} from '@shared/claim-board.js';
import { formatClaimNumber } from '@shared/claims.js';
import { finalCostPrefill } from '@shared/money-facts.js';
import { isShopQuiet } from '@shared/shop-links.js';
import type { ClaimStatus } from '@shared/workflows.js';
import { actorScope, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import {
  authorizationRequests,
  claims,
  companies,
  locations,
  repairFacilities,
  vehicles,
} from '../../db/schema/index.js';
import {
  assignees,
  personName,
  decodeCursor,
  encodeCursor,
  claimFilterConditions,
  movesFor,
  shopUpdatedAtOf,
} from '../claims/index.js';
import { readSettings } from '../settings/index.js';

/**
 * Only what a card shows and a move needs; `position` is the exact status-change time for cursors. The amounts
 * are of the claim row already read (no join): the Completed move's prefill (decision 038).
 */
const cardColumns = {
  id: claims.id,
  number: claims.number,
  companyId: claims.companyId,
  workflow: claims.workflow,
  status: claims.status,
  statusBeforeHold: claims.statusBeforeHold,
  priority: claims.priority,
  version: claims.version,
  eta: claims.eta,
  statusChangedAt: claims.statusChangedAt,
  updatedAt: claims.updatedAt,
  assigneeId: claims.assigneeId,
  finalAmountCents: claims.finalAmountCents,
  approvedAmountCents: claims.approvedAmountCents,
  estimateAmountCents: claims.estimateAmountCents,
  unitNumber: vehicles.unitNumber,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  companyName: companies.name,
  locationName: locations.name,
  facilityName: repairFacilities.name,
  assigneeUsername: assignees.username,
  assigneeName: personName(assignees),
  position: sql<string>`${claims.statusChangedAt}::text`,
  shopUpdatedAt: shopUpdatedAtOf(claims.id, { sinceSent: true }),
};

/**
 * The tables a card shows, joined to the claims already chosen. Joins run in the written order (decision
 * 012), so the query that picks the claims comes first and these follow by primary key.
 */
function joinCardTables<T extends PgSelect>(query: T) {
  return query
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .innerJoin(companies, eq(companies.id, claims.companyId))
    .leftJoin(locations, eq(locations.id, claims.locationId))
    .leftJoin(repairFacilities, eq(repairFacilities.id, claims.repairFacilityId))
    .leftJoin(assignees, eq(assignees.id, claims.assigneeId));
}

function selectCards(db: Database) {
  return joinCardTables(db.select(cardColumns).from(claims).$dynamic());
}

type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

/** The longest in their status first: the claims most likely to be stuck lead each column. */
const cardOrder = [asc(claims.statusChangedAt), asc(claims.id)];

function presentCard(
  actor: Actor,
  row: CardRow,
  { pendingAuthorization, shopQuietDays }: { pendingAuthorization: boolean; shopQuietDays: number },
): ClaimBoardCard {
  const shopUpdatedAt = row.shopUpdatedAt?.toISOString() ?? null;
  return {
    id: row.id,
    claimNumber: formatClaimNumber(row.number),
    workflow: row.workflow,
    status: row.status,
    priority: row.priority,
    companyName: row.companyName,
    locationName: row.locationName,
    facilityName: row.facilityName,
    assignee:
      row.assigneeId && row.assigneeUsername
        ? { id: row.assigneeId, username: row.assigneeUsername, name: row.assigneeName }
        : null,
    vehicle: { unitNumber: row.unitNumber, year: row.year, make: row.make, model: row.model },
    eta: row.eta,
    statusChangedAt: row.statusChangedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    allowedTransitions: movesFor(actor, { ...row, pendingAuthorization }),
    finalCostPrefillCents: finalCostPrefill(row),
    shopQuietSince:
      shopUpdatedAt && isShopQuiet(shopUpdatedAt, shopQuietDays, Date.now()) ? shopUpdatedAt : null,
  };
}

/**
 * The cards' claims with an authorization request awaiting its decision (their moves depend on it,
 * claims.policy.ts): one query by primary keys, and none at all unless a card is in authorization_pending.
 */
async function claimsAwaitingDecision(db: Database, rows: CardRow[]): Promise<Set<string>> {
  const ids = rows.filter((row) => row.status === 'authorization_pending').map((row) => row.id);
  if (ids.length === 0) return new Set();
  const pending = await db
    .select({ claimId: authorizationRequests.claimId })
    .from(authorizationRequests)
    .where(and(inArray(authorizationRequests.claimId, ids), eq(authorizationRequests.status, 'pending')));
  return new Set(pending.map((request) => request.claimId));
}

/**
 * Per status: how many claims match, and how many of them have been in that status for `staleDays` days or more
 * (`isStaleSince`: entered it at least that long ago, whatever was updated since). `status_changed_at` is in the
 * board's index, so this stays one index-only scan.
 */
function countByStatus(db: Database, where: SQL | undefined, statuses: ClaimStatus[], staleDays: number) {
  return db
    .select({
      status: claims.status,
      count: sql<number>`count(*)::int`,
      staleCount: sql<number>`(count(*) filter (where ${claims.statusChangedAt} <= now() - make_interval(days => ${staleDays}::int)))::int`,
    })
    .from(claims)
    .where(and(where, inArray(claims.status, statuses)))
    .groupBy(claims.status);
}

/**
 * The first `limit + 1` cards of every column in one query: a lateral subquery per status walks the
 * (workflow, status, status_changed_at, id) index and stops after `limit + 1` rows, so the cost does not grow
 * with the number of open claims.
 */
function firstCards(db: Database, where: SQL | undefined, statuses: ClaimStatus[], limit: number) {
  const columns = sql`unnest(array[${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )}]::text[]) as board_columns(status)`;
  const picked = db
    .select({ id: claims.id })
    .from(claims)
    .where(and(where, sql`${claims.status} = board_columns.status`))
    .orderBy(...cardOrder)
    .limit(limit + 1)
    .as('picked');
  const chosen = db
    .select(cardColumns)
    .from(columns)
    .crossJoinLateral(picked)
    .innerJoin(claims, eq(claims.id, picked.id))
    .$dynamic();
  return joinCardTables(chosen).orderBy(...cardOrder);
}

/** One column's cards after `cursor` (or its first ones). */
function columnCards(
  db: Database,
  where: SQL | undefined,
  status: ClaimStatus,
  limit: number,
  cursor: string | undefined,
) {
  let after: SQL | undefined;
  if (cursor) {
    const [position, id] = decodeCursor(cursor);
    after = sql`(${claims.statusChangedAt}, ${claims.id}) > (${position}::timestamptz, ${id}::uuid)`;
  }
  return selectCards(db)
    .where(and(where, eq(claims.status, status), after))
    .orderBy(...cardOrder)
    .limit(limit + 1);
}

/**
 * The Claim Manager board of one workflow: a column per open status with its count, its stale count and its
 * first cards (longest in the status first); or, with `status`, that column alone from `cursor`. Company
 * scope and filters are those of All Claims. Three queries whatever the number of claims: the stale setting,
 * the counts and the cards (and a fourth by primary keys when a card awaits an authorization decision).
 */
export async function claimBoard(db: Database, actor: Actor, query: ClaimBoardQuery): Promise<ClaimBoard> {
  const statuses = query.status ? [query.status] : boardStatuses(query.workflow);
  // Which statuses is the query's business (the columns); every one of them is open.
  const filter = Object.fromEntries(
    Object.keys(BOARD_FILTER_KEYS).map((key) => [key, query[key as keyof typeof BOARD_FILTER_KEYS]]),
  );
  const where = claimFilterConditions(actorScope(actor), { workflow: query.workflow, ...filter });
  const { staleClaimDays: staleAfterDays, shopQuietDays } = await readSettings(db);
  const [counts, rows] = await Promise.all([
    countByStatus(db, where, statuses, staleAfterDays),
    query.status
      ? columnCards(db, where, query.status, query.limit, query.cursor)
      : firstCards(db, where, statuses, query.limit),
  ]);

  const awaitingDecision = await claimsAwaitingDecision(db, rows);
  const columns = statuses.map((status): ClaimBoardColumn => {
    const matching = rows.filter((row) => row.status === status);
    const shown = matching.slice(0, query.limit);
    const last = shown.at(-1);
    const counted = counts.find((count) => count.status === status);
    return {
      status,
      count: counted?.count ?? 0,
      staleCount: counted?.staleCount ?? 0,
      items: shown.map((row) =>
        presentCard(actor, row, { pendingAuthorization: awaitingDecision.has(row.id), shopQuietDays }),
      ),
      nextCursor: matching.length > query.limit && last ? encodeCursor(last.position, last.id) : null,
    };
  });
  return { workflow: query.workflow, staleAfterDays, columns };
}
