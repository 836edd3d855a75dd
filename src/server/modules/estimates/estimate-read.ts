import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '@shared/errors.js';
import type { Estimate } from '@shared/estimates.js';
import type { CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, estimateLines, estimates, repairFacilities, users } from '../../db/schema/index.js';
import { person, personName } from '../claims/index.js';
import { assertInScope } from '../../company-scope.js';
import { presentEstimate, withVersionChanges } from './estimates.presenter.js';

/** Reading estimates: a claim's, with their lines and what each imported version changed, or one by its id. */

export const ESTIMATE_NOT_FOUND = 'Estimate not found';

const creators = alias(users, 'estimate_creators');
const deciders = alias(users, 'estimate_deciders');

type LineRow = typeof estimateLines.$inferSelect;

/** Estimates matching `where`, with their people, and all their lines: two queries however many. */
async function selectEstimates(
  db: Database,
  where: SQL,
  options: { versionChanges?: boolean } = {},
): Promise<Estimate[]> {
  const rows = await db
    .select({
      estimate: estimates,
      creatorUsername: creators.username,
      creatorName: personName(creators),
      deciderUsername: deciders.username,
      deciderName: personName(deciders),
    })
    .from(estimates)
    .leftJoin(creators, eq(creators.id, estimates.createdById))
    .leftJoin(deciders, eq(deciders.id, estimates.decidedById))
    .where(where)
    .orderBy(asc(estimates.supplementNumber));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(estimateLines)
    .where(
      inArray(
        estimateLines.estimateId,
        rows.map((row) => row.estimate.id),
      ),
    )
    .orderBy(asc(estimateLines.estimateId), asc(estimateLines.position));
  const linesByEstimate = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = linesByEstimate.get(line.estimateId);
    if (list) list.push(line);
    else linesByEstimate.set(line.estimateId, [line]);
  }
  const list = rows.map((row) =>
    presentEstimate(row.estimate, linesByEstimate.get(row.estimate.id) ?? [], {
      createdBy: person(row.estimate.createdById, row.creatorUsername, row.creatorName),
      decidedBy: person(row.estimate.decidedById, row.deciderUsername, row.deciderName),
    }),
  );
  if (!options.versionChanges) return list;
  return withVersionChanges(list, new Map(lines.map((line) => [line.id, line.externalKey])));
}

/** A claim's estimates with their lines, original first (two queries); imported versions say what changed. */
export function listClaimEstimates(db: Database, claimId: string): Promise<Estimate[]> {
  return selectEstimates(db, eq(estimates.claimId, claimId), { versionChanges: true });
}

/** The claim's repair facility and its labour rate, which prices every estimate when it has one. */
export async function claimFacility(db: Database, repairFacilityId: string | null) {
  if (!repairFacilityId) return null;
  const [facility] = await db
    .select({ name: repairFacilities.name, laborRateCents: repairFacilities.laborRateCents })
    .from(repairFacilities)
    .where(eq(repairFacilities.id, repairFacilityId));
  return facility ?? null;
}

/** One estimate, if the caller's scope covers its claim (else 404, as for an unknown id). */
export async function getEstimate(db: Database, scope: CompanyScope, id: string): Promise<Estimate> {
  const [owner] = await db
    .select({ companyId: claims.companyId })
    .from(estimates)
    .innerJoin(claims, eq(claims.id, estimates.claimId))
    .where(eq(estimates.id, id));
  if (!owner) throw new AppError('not_found', ESTIMATE_NOT_FOUND);
  assertInScope(scope, owner.companyId, ESTIMATE_NOT_FOUND);
  const [estimate] = await selectEstimates(db, eq(estimates.id, id));
  return estimate!;
}
