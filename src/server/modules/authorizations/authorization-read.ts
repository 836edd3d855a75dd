import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Authorization } from '@shared/authorizations.js';
import { AppError } from '@shared/errors.js';
import type { CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import {
  authorizationLines,
  authorizationRequests,
  claims,
  companies,
  users,
} from '../../db/schema/index.js';
import { person, personName } from '../claims/index.js';
import { assertInScope } from '../../company-scope.js';

export const AUTHORIZATION_NOT_FOUND = 'Authorization request not found';

const requesters = alias(users, 'authorization_requesters');
const deciders = alias(users, 'authorization_deciders');

type LineRow = typeof authorizationLines.$inferSelect;

/** Requests matching `where`, with their people and all their lines: two queries however many. */
async function selectAuthorizations(db: Database, where: SQL): Promise<Authorization[]> {
  const rows = await db
    .select({
      request: authorizationRequests,
      requesterUsername: requesters.username,
      requesterName: personName(requesters),
      deciderUsername: deciders.username,
      deciderName: personName(deciders),
    })
    .from(authorizationRequests)
    .leftJoin(requesters, eq(requesters.id, authorizationRequests.requestedById))
    .leftJoin(deciders, eq(deciders.id, authorizationRequests.decidedById))
    .where(where)
    .orderBy(desc(authorizationRequests.sequence));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(authorizationLines)
    .where(
      inArray(
        authorizationLines.authorizationId,
        rows.map((row) => row.request.id),
      ),
    )
    .orderBy(asc(authorizationLines.authorizationId), asc(authorizationLines.position));
  const linesByRequest = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = linesByRequest.get(line.authorizationId);
    if (list) list.push(line);
    else linesByRequest.set(line.authorizationId, [line]);
  }
  return rows.map(({ request, ...people }) => ({
    id: request.id,
    claimId: request.claimId,
    sequence: request.sequence,
    status: request.status,
    requestedAmountCents: request.requestedAmountCents,
    approvedAmountCents: request.approvedAmountCents,
    note: request.note,
    requestedBy: person(request.requestedById, people.requesterUsername, people.requesterName),
    createdAt: request.createdAt.toISOString(),
    decidedBy: person(request.decidedById, people.deciderUsername, people.deciderName),
    decidedAutomatically: request.decidedAutomatically,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionNote: request.decisionNote,
    lines: (linesByRequest.get(request.id) ?? []).map((line) => ({
      id: line.id,
      position: line.position,
      description: line.description,
      amountCents: line.amountCents,
      approved: line.approved,
    })),
  }));
}

/** A claim's authorization requests with their lines, newest first (two queries). */
export function listClaimAuthorizations(db: Database, claimId: string): Promise<Authorization[]> {
  return selectAuthorizations(db, eq(authorizationRequests.claimId, claimId));
}

/** One request, if the caller's scope covers its claim (else 404, as for an unknown id). */
export async function getAuthorization(
  db: Database,
  scope: CompanyScope,
  id: string,
): Promise<Authorization> {
  const [owner] = await db
    .select({ companyId: claims.companyId })
    .from(authorizationRequests)
    .innerJoin(claims, eq(claims.id, authorizationRequests.claimId))
    .where(eq(authorizationRequests.id, id));
  if (!owner) throw new AppError('not_found', AUTHORIZATION_NOT_FOUND);
  assertInScope(scope, owner.companyId, AUTHORIZATION_NOT_FOUND);
  const [authorization] = await selectAuthorizations(db, eq(authorizationRequests.id, id));
  return authorization!;
}

export async function companyAutoApprovalLimit(db: Database, companyId: string): Promise<number | null> {
  const [company] = await db
    .select({ limit: companies.autoApprovalLimitCents })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.limit ?? null;
}
