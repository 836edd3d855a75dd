import { ESTIMATES_PER_CLAIM_MAX, IMPORTED_ESTIMATE_SOURCES } from './estimate-labels.js';
import type { Estimate } from './estimates.js';
import type { Holds } from './permissions.js';

/**
 * What may be done to a claim's estimates, for the server (which refuses anything else) and the claim page (which
 * offers exactly this). Who may: `vehicles.edit` adds and corrects, `claims.authorize` approves and rejects, on a
 * claim of the user's companies (the route reads it through their scope). What: an estimate changes only while
 * it awaits review, and an imported one (CCC ONE, Tekmetric) only from the shop, never by hand.
 */

/** An estimate's actions on the claim page, in the order its buttons show them. */
export const ESTIMATE_ACTIONS = ['approve', 'reject', 'edit'] as const;
export type EstimateAction = (typeof ESTIMATE_ACTIONS)[number];

/** An estimate awaiting review may be edited or decided; a decided one is kept as decided (add a supplement). */
export function canChangeEstimate(estimate: Pick<Estimate, 'status'>): boolean {
  return estimate.status === 'pending';
}

/** An estimate imported from CCC ONE or synced from Tekmetric (counted as the claim's unless rejected). */
export function isImportedEstimate(estimate: Pick<Estimate, 'source'>): boolean {
  return (IMPORTED_ESTIMATE_SOURCES as readonly string[]).includes(estimate.source);
}

/** A claim keeps at most ESTIMATES_PER_CLAIM_MAX estimates, the original and its supplements. */
export function claimTakesEstimate(estimatesOnClaim: number): boolean {
  return estimatesOnClaim < ESTIMATES_PER_CLAIM_MAX;
}

/** Whether the user may add an estimate (or the next supplement) to a claim with `estimatesOnClaim`. */
export function canAddEstimate(estimatesOnClaim: number, holds: Holds): boolean {
  return holds('vehicles.edit') && claimTakesEstimate(estimatesOnClaim);
}

/** What the user may do to the estimate now: the claim page's buttons, the calls that succeed. */
export function estimateActions(
  estimate: Pick<Estimate, 'status' | 'source'>,
  holds: Holds,
): EstimateAction[] {
  if (!canChangeEstimate(estimate)) return [];
  const actions: EstimateAction[] = [];
  if (holds('claims.authorize')) actions.push('approve', 'reject');
  if (holds('vehicles.edit') && !isImportedEstimate(estimate)) actions.push('edit');
  return actions;
}
