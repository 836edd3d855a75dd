import { AUTHORIZATIONS_PER_CLAIM_MAX, type AuthorizationStatus } from './authorizations.js';
import type { Holds } from './permissions.js';
import type { ClaimStatus, Workflow } from './workflows.js';

/**
 * The rules of authorization requests, for the server (which refuses anything else) and the claim page (which
 * offers exactly this). Who may: requesting moves the claim (`claims.transition`), deciding is
 * `claims.authorize`, on a claim of the user's companies (the route reads it through their scope).
 */

/** Only mechanical work is authorized. */
export const authorizationsApplyTo = (workflow: Workflow): boolean => workflow === 'mechanical';

/** A request may be made while the claim is in diagnosis (it moves on) or already awaits authorization. */
const REQUESTABLE: readonly ClaimStatus[] = ['diagnosis', 'authorization_pending'];

export const authorizationRequestableIn = (status: ClaimStatus): boolean => REQUESTABLE.includes(status);

/** A claim keeps at most AUTHORIZATIONS_PER_CLAIM_MAX requests. */
export const claimTakesAuthorizationRequest = (requestsOnClaim: number): boolean =>
  requestsOnClaim < AUTHORIZATIONS_PER_CLAIM_MAX;

/** What the request rules look at: the claim, and its requests so far. */
export interface AuthorizationRequestSubject {
  workflow: Workflow;
  status: ClaimStatus;
  /** Requests made on the claim so far, whatever became of them. */
  requestsOnClaim: number;
  /** One of them awaits its decision. */
  pendingRequest: boolean;
}

/** Whether the user may request authorization on the claim now: "Request authorization" on the claim page. */
export function canRequestAuthorization(claim: AuthorizationRequestSubject, holds: Holds): boolean {
  return (
    holds('claims.transition') &&
    authorizationsApplyTo(claim.workflow) &&
    authorizationRequestableIn(claim.status) &&
    !claim.pendingRequest &&
    claimTakesAuthorizationRequest(claim.requestsOnClaim)
  );
}

/** Only a pending request is decided; a decided or withdrawn one stays as it is. */
export const awaitsDecision = (authorization: { status: AuthorizationStatus }): boolean =>
  authorization.status === 'pending';

/** Whether the user may decide the request: "Review authorization" on the claim page. */
export function canDecideAuthorization(
  authorization: { status: AuthorizationStatus },
  holds: Holds,
): boolean {
  return holds('claims.authorize') && awaitsDecision(authorization);
}
