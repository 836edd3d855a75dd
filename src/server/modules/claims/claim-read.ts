import { and, eq, sql } from 'drizzle-orm';
import type { Claim } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { actorUserId, type Actor, type CompanyScope, type UserActor } from '../../actor.js';
import { perDatabase, queryRows, type Database } from '../../db/client.js';
import { hotStatement } from '../../db/row-mapper.js';
import { authorizationRequests, claims, claimWatchers } from '../../db/schema/index.js';
import { inScope } from '../../company-scope.js';
import { presentClaim } from './claim.presenter.js';
import { selectClaims, shopUpdatedAtOf, type ClaimRow } from './claim-queries.js';

export const CLAIM_NOT_FOUND = 'Claim not found';
export const STALE_VERSION_MESSAGE =
  'Someone else changed this claim since you opened it. Review the latest version and apply your change again.';

/**
 * Every claim route reads its claim this way, so the query is built once per database and prepared under a name:
 * PostgreSQL plans the seven-table join once per connection instead of on every request.
 */
const claimByIdStatement = perDatabase((db) =>
  hotStatement(
    selectClaims(db)
      .where(eq(claims.id, sql.placeholder('id')))
      .prepare('claim_by_id'),
  ),
);

const watchingStatement = perDatabase((db) =>
  db
    .select({ userId: claimWatchers.userId })
    .from(claimWatchers)
    .where(
      and(
        eq(claimWatchers.claimId, sql.placeholder('claimId')),
        eq(claimWatchers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('claim_watching'),
);

export async function loadClaimRow(db: Database, scope: CompanyScope, id: string): Promise<ClaimRow> {
  const [row] = await claimByIdStatement(db).execute({ id });
  if (!row || !inScope(scope, row.claim.companyId)) throw new AppError('not_found', CLAIM_NOT_FOUND);
  return row;
}

export async function hasPendingAuthorization(db: Database, claimId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authorizationRequests.id })
    .from(authorizationRequests)
    .where(and(eq(authorizationRequests.claimId, claimId), eq(authorizationRequests.status, 'pending')));
  return row !== undefined;
}

/**
 * The claim page's one statement: the claim row, whether the reader watches it, and whether an authorization
 * request awaits its decision (the moves offered depend on it), where this took three (issue 30).
 */
const claimPageStatement = perDatabase((db) =>
  hotStatement(
    selectClaims(db, claims.updatedAt, {
      watching: sql<boolean>`exists (select 1 from ${claimWatchers} where ${claimWatchers.claimId} = ${claims.id}
        and ${claimWatchers.userId} = ${sql.placeholder('userId')})`,
      pendingAuthorization: sql<boolean>`(${claims.status} = 'authorization_pending' and exists (select 1
        from ${authorizationRequests} where ${authorizationRequests.claimId} = ${claims.id}
        and ${authorizationRequests.status} = 'pending'))`,
      shopUpdatedAt: shopUpdatedAtOf(claims.id),
    })
      .where(eq(claims.id, sql.placeholder('id')))
      .prepare('claim_page'),
  ),
);

/** `GET /api/vehicles/{id}`: the claim as the actor sees it on its page, in one statement. */
export async function loadClaimPage(db: Database, actor: UserActor, id: string): Promise<Claim> {
  const [row] = await claimPageStatement(db).execute({ id, userId: actor.user.id });
  if (!row || !inScope(actor.scope, row.claim.companyId)) throw new AppError('not_found', CLAIM_NOT_FOUND);
  const { watching, pendingAuthorization, shopUpdatedAt, ...claimRow } = row;
  return presentClaim(actor, claimRow, { watching, pendingAuthorization, shopUpdatedAt });
}

/**
 * A claim as the actor sees it on its page: the row, whether the actor watches it, and (for a claim awaiting
 * authorization) whether a request awaits its decision, which the moves offered depend on.
 */
export async function showClaim(db: Database, actor: Actor, row: ClaimRow): Promise<Claim> {
  const userId = actorUserId(actor);
  const [watch, [shop]] = await Promise.all([
    userId ? watchingStatement(db).execute({ claimId: row.claim.id, userId }) : [],
    // Raw, since a one-table select would print the subquery's columns without their table.
    queryRows<{ ms: number | null }>(
      db,
      sql`select (extract(epoch from ${shopUpdatedAtOf(sql`${row.claim.id}::uuid`)}) * 1000)::float8 as ms`,
    ),
  ]);
  const pendingAuthorization =
    row.claim.status === 'authorization_pending' && (await hasPendingAuthorization(db, row.claim.id));
  return presentClaim(actor, row, {
    watching: watch.length > 0,
    pendingAuthorization,
    shopUpdatedAt: shop?.ms == null ? null : new Date(Number(shop.ms)),
  });
}
