import { formatClaimNumber, type Claim, type ClaimListItem } from '@shared/claims.js';
import type { Actor } from '../../actor.js';
import type { ClaimListRow, ClaimRow } from './claim-queries.js';
import { movesFor } from './claims.policy.js';

/** Turns claim rows into the API's claims: no query here, the caller reads what the answer depends on. */

export const person = (id: string | null, username: string | null, name: string | null) =>
  id && username ? { id, username, name: name ?? username } : null;

export function presentClaimListItem(row: ClaimListRow | ClaimRow): ClaimListItem {
  const { claim, vehicle } = row;
  return {
    id: claim.id,
    number: claim.number,
    claimNumber: formatClaimNumber(claim.number),
    workflow: claim.workflow,
    status: claim.status,
    priority: claim.priority,
    companyId: claim.companyId,
    companyName: row.companyName,
    locationName: row.locationName,
    facilityName: row.facilityName,
    assignee: person(claim.assigneeId, row.assigneeUsername, row.assigneeName),
    vehicle: {
      id: vehicle.id,
      unitNumber: vehicle.unitNumber,
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      plate: vehicle.plate,
    },
    lossDate: claim.lossDate,
    eta: claim.eta,
    reportedByName: claim.reportedByName,
    insurerClaimNumber: claim.insurerClaimNumber,
    downtimeDays: row.downtimeDays,
    estimateAmountCents: claim.estimateAmountCents,
    approvedAmountCents: claim.approvedAmountCents,
    finalAmountCents: claim.finalAmountCents,
    statusChangedAt: claim.statusChangedAt.toISOString(),
    createdAt: claim.createdAt.toISOString(),
    updatedAt: claim.updatedAt.toISOString(),
  };
}

export function creatorOf(row: ClaimRow) {
  return person(row.claim.createdById, row.creatorUsername, row.creatorName);
}

/** What a claim page shows besides the row, read by `showClaim` (claim-read.ts). */
export interface ClaimPageFacts {
  /** The actor watches the claim. */
  watching: boolean;
  /** An authorization request awaits its decision. */
  pendingAuthorization: boolean;
  /** When its repair shop last updated it through a shop link (`shopUpdatedAtOf`). */
  shopUpdatedAt: Date | null;
}

/** A claim as its page shows it to the actor: every field, the moves the actor may make, and the watch flag. */
export function presentClaim(actor: Actor, row: ClaimRow, facts: ClaimPageFacts): Claim {
  const { claim, vehicle } = row;
  const moves = movesFor(actor, { ...claim, pendingAuthorization: facts.pendingAuthorization });
  return {
    ...presentClaimListItem(row),
    vehicle: {
      id: vehicle.id,
      companyId: vehicle.companyId,
      locationId: vehicle.locationId,
      unitNumber: vehicle.unitNumber,
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      plate: vehicle.plate,
      plateState: vehicle.plateState,
      color: vehicle.color,
      odometer: vehicle.odometer,
    },
    locationId: claim.locationId,
    repairFacilityId: claim.repairFacilityId,
    assigneeId: claim.assigneeId,
    description: claim.description,
    reportedByPhone: claim.reportedByPhone,
    drivable: claim.drivable,
    towRequired: claim.towRequired,
    rentalNeeded: claim.rentalNeeded,
    odometerAtIntake: claim.odometerAtIntake,
    insurer: claim.insurer,
    adjusterName: claim.adjusterName,
    adjusterPhone: claim.adjusterPhone,
    adjusterEmail: claim.adjusterEmail,
    policyNumber: claim.policyNumber,
    deductibleCents: claim.deductibleCents,
    firstEstimateCents: claim.firstEstimateCents,
    estimateAmountCents: claim.estimateAmountCents,
    approvedAmountCents: claim.approvedAmountCents,
    finalAmountCents: claim.finalAmountCents,
    dropOffDate: claim.dropOffDate,
    completedAt: claim.completedAt?.toISOString() ?? null,
    closedAt: claim.closedAt?.toISOString() ?? null,
    tags: claim.tags,
    version: claim.version,
    allowedTransitions: moves,
    watching: facts.watching,
    shopUpdatedAt: facts.shopUpdatedAt?.toISOString() ?? null,
    vehicleDown: row.vehicleDown,
    createdBy: creatorOf(row),
  };
}
