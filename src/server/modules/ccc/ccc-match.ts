import { and, asc, eq, ilike, notInArray, sql, type SQL } from 'drizzle-orm';
import type { CccMatchedBy } from '@shared/ccc.js';
import { formatClaimNumber } from '@shared/claims.js';
import { FINISHED_STATUSES } from '@shared/workflows.js';
import { actorScope, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, estimates, repairFacilities, vehicles } from '../../db/schema/index.js';
import { withinScope } from '../../company-scope.js';
import type { BmsEstimate } from './bms-parser.js';

export type Match =
  | { kind: 'claim'; claimId: string; companyId?: string; matchedBy: CccMatchedBy; note: string | null }
  | { kind: 'held'; reason: string }
  | { kind: 'unmatched'; reason: string };

const claimOf = (claim: { id: string; companyId: string }) =>
  ({ kind: 'claim', claimId: claim.id, companyId: claim.companyId }) as const;

export const sameVin = (a: string | null, b: string | null) =>
  !a || !b || a.toUpperCase() === b.toUpperCase();

/**
 * Finds the claim, only among claims within the actor's companies: an estimate already linked by DocumentID →
 * the insurer claim number (or our CLM- number) → the VIN of one open claim. A claim-number match whose VIN
 * disagrees, several candidates, or a VIN on two open claims is held for review, never guessed.
 *
 * A later version follows its estimate to the claim it is on, within the company of the claim the file names
 * (issue 28, finding 6): the inbox sees every company, and another company's copy of the same estimate (a van
 * sold on, a file uploaded by the wrong fleet) must neither capture the file nor make it a duplicate.
 */
export async function matchClaim(db: Database, actor: Actor, estimate: BmsEstimate): Promise<Match> {
  const inScope = withinScope(actorScope(actor), claims.companyId);
  const linked = await db
    .select({ claimId: estimates.claimId, companyId: claims.companyId })
    .from(estimates)
    .innerJoin(claims, eq(claims.id, estimates.claimId))
    .where(and(eq(estimates.source, 'ccc'), eq(estimates.externalId, estimate.documentId), inScope))
    .orderBy(asc(estimates.createdAt), asc(estimates.id))
    .limit(100);
  const byFile = await matchByFile(db, inScope, estimate);
  if (linked.length === 0) return byFile;
  const follow = (claimId: string): Match => ({ kind: 'claim', claimId, matchedBy: 'document', note: null });
  if (byFile.kind === 'claim') {
    const ofCompany = linked.find((claim) => claim.companyId === byFile.companyId);
    return ofCompany ? follow(ofCompany.claimId) : byFile;
  }
  const companies = new Set(linked.map((claim) => claim.companyId));
  if (companies.size === 1) return follow(linked[0]!.claimId);
  return {
    kind: 'held',
    reason: `This CCC estimate is on claims of ${companies.size} companies and the file's claim number and VIN name none of them. Assign it by hand.`,
  };
}

/** The claim the file's claim number or VIN names, within `inScope`. */
async function matchByFile(db: Database, inScope: SQL | undefined, estimate: BmsEstimate): Promise<Match> {
  if (estimate.claimNumber) {
    const ours = /^CLM-?(\d+)$/.exec(estimate.claimNumber);
    const candidates = await db
      .select({ id: claims.id, companyId: claims.companyId, number: claims.number, vin: vehicles.vin })
      .from(claims)
      .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
      .where(
        and(
          ours
            ? eq(claims.number, Number(ours[1]))
            : sql`upper(regexp_replace(trim(${claims.insurerClaimNumber}), '\\s+', ' ', 'g')) = ${estimate.claimNumber}`,
          inScope,
        ),
      )
      .orderBy(asc(claims.number))
      .limit(20);
    if (candidates.length === 1) {
      const [claim] = candidates;
      if (sameVin(claim!.vin, estimate.vin)) {
        return { ...claimOf(claim!), matchedBy: 'claim_number', note: null };
      }
      return {
        kind: 'held',
        reason: `Claim number ${estimate.claimNumber} is ${formatClaimNumber(claim!.number)}, whose vehicle has VIN ${claim!.vin}; the estimate's VIN is ${estimate.vin}. Check and assign it by hand.`,
      };
    }
    if (candidates.length > 1) {
      const byVin = candidates.filter((claim) => estimate.vin && claim.vin.toUpperCase() === estimate.vin);
      if (byVin.length === 1) return { ...claimOf(byVin[0]!), matchedBy: 'claim_number', note: null };
      return {
        kind: 'held',
        reason: `Claim number ${estimate.claimNumber} is on ${candidates.length} claims (${candidates.map((c) => formatClaimNumber(c.number)).join(', ')}). Assign it by hand.`,
      };
    }
  }

  if (estimate.vin) {
    const open = await db
      .select({ id: claims.id, companyId: claims.companyId, number: claims.number })
      .from(claims)
      .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
      .where(
        and(
          eq(sql`upper(${vehicles.vin})`, estimate.vin),
          notInArray(claims.status, [...FINISHED_STATUSES]),
          inScope,
        ),
      )
      .orderBy(asc(claims.number))
      .limit(20);
    if (open.length === 1) return { ...claimOf(open[0]!), matchedBy: 'vin', note: 'Matched by VIN' };
    if (open.length > 1) {
      return {
        kind: 'held',
        reason: `VIN ${estimate.vin} is on ${open.length} open claims (${open.map((c) => formatClaimNumber(c.number)).join(', ')}). Assign it by hand.`,
      };
    }
  }
  const what = [
    estimate.claimNumber && `claim number ${estimate.claimNumber}`,
    estimate.vin && `VIN ${estimate.vin}`,
  ]
    .filter(Boolean)
    .join(' or ');
  return { kind: 'unmatched', reason: `No claim matches ${what}. Assign it to a claim by hand.` };
}

/** The facility the file names: by its CCC shop id when the file carries one, else by name. */
export async function matchFacility(db: Database, estimate: BmsEstimate): Promise<string | null> {
  const { shopId, name } = estimate.repairFacility;
  if (shopId) {
    const [byId] = await db
      .select({ id: repairFacilities.id })
      .from(repairFacilities)
      .where(eq(repairFacilities.cccShopId, shopId))
      .orderBy(asc(repairFacilities.name))
      .limit(1);
    if (byId) return byId.id;
  }
  if (name) {
    const [byName] = await db
      .select({ id: repairFacilities.id })
      .from(repairFacilities)
      .where(ilike(repairFacilities.name, name.replace(/[\\%_]/g, '\\$&')))
      .orderBy(asc(repairFacilities.name))
      .limit(1);
    if (byName) return byName.id;
  }
  return null;
}
