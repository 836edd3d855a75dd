import { shopMovesFor } from '@shared/shop-links.js';
import { allowedTransitions, type ClaimStatus, type Workflow } from '@shared/workflows.js';
import { actorHolds, actorScope, type Actor } from '../../actor.js';
import { inScope } from '../../company-scope.js';

/**
 * Who may do what to which claim. Routes declare the permission (plugins/access.ts) and read the claim through
 * the actor's company scope; these functions say the same for code that decides from a claim in hand (the
 * presenter, the board, the transition service, a job). Pure: no query, no request.
 */

/** What a claim's rules look at. */
export interface ClaimPolicySubject {
  companyId: string;
  workflow: Workflow;
  status: ClaimStatus;
  statusBeforeHold: ClaimStatus | null;
  /** An authorization request awaits its decision (only a mechanical claim in authorization_pending has one). */
  pendingAuthorization: boolean;
}

/** While an authorization request awaits its decision, only deciding it moves the claim to these. */
export const MOVES_DECIDED_BY_AUTHORIZATION: readonly ClaimStatus[] = ['authorized', 'declined'];
export const AUTHORIZATION_AWAITS_DECISION =
  'An authorization request awaits a decision: review it to approve or decline the work, which moves the claim.';

/** Claims of the actor's companies (an admin's and the system's: every company). */
export function canSeeClaim(actor: Actor, claim: Pick<ClaimPolicySubject, 'companyId'>): boolean {
  return actorHolds(actor, 'vehicles.view') && inScope(actorScope(actor), claim.companyId);
}

export function canEditClaim(actor: Actor, claim: Pick<ClaimPolicySubject, 'companyId'>): boolean {
  return canSeeClaim(actor, claim) && actorHolds(actor, 'vehicles.edit');
}

export function canDeleteClaim(actor: Actor, claim: Pick<ClaimPolicySubject, 'companyId'>): boolean {
  return canSeeClaim(actor, claim) && actorHolds(actor, 'vehicles.delete');
}

/** Decide an authorization request of mechanical work (requesting one moves the claim: `canMoveClaim`). */
export function canAuthorizeClaim(actor: Actor, claim: Pick<ClaimPolicySubject, 'companyId'>): boolean {
  return canSeeClaim(actor, claim) && actorHolds(actor, 'claims.authorize');
}

export function canMoveClaim(actor: Actor, claim: Pick<ClaimPolicySubject, 'companyId'>): boolean {
  return canSeeClaim(actor, claim) && actorHolds(actor, 'claims.transition');
}

/** A shop's link moves its claim only along the moves a shop makes (`shopMovesFor`); anyone else as the table says. */
export function canMoveClaimTo(
  actor: Actor,
  claim: Pick<ClaimPolicySubject, 'workflow' | 'status' | 'statusBeforeHold'>,
  to: ClaimStatus,
): boolean {
  return actor.kind !== 'link' || shopMovesFor(claim).includes(to);
}

/** Whether a pending authorization keeps `to` for its decision (the transition route answers 409 then). */
export function moveAwaitsAuthorization(claim: ClaimPolicySubject, to: ClaimStatus): boolean {
  return (
    claim.status === 'authorization_pending' &&
    claim.pendingAuthorization &&
    MOVES_DECIDED_BY_AUTHORIZATION.includes(to)
  );
}

/**
 * The moves the actor may make on the claim: those of the workflow table, less the ones a pending authorization
 * decides. The claim page, the board and the transition route all ask this one function.
 */
export function movesFor(actor: Actor, claim: ClaimPolicySubject): ClaimStatus[] {
  if (!canMoveClaim(actor, claim)) return [];
  return allowedTransitions(claim.workflow, claim.status, claim.statusBeforeHold).filter(
    (to) => !moveAwaitsAuthorization(claim, to) && canMoveClaimTo(actor, claim, to),
  );
}
