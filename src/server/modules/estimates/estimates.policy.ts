import { AppError } from '@shared/errors.js';
import { ESTIMATE_STATUS_LABELS, ESTIMATES_PER_CLAIM_MESSAGE, type Estimate } from '@shared/estimates.js';
import { canChangeEstimate, claimTakesEstimate, isImportedEstimate } from '@shared/estimates.policy.js';

/**
 * The server's side of the estimate rules of `@shared/estimates.policy` (which the claim page asks too): each
 * refuses with the reason when the shared rule says no. Who may (the claim's company scope and `vehicles.edit`
 * or `claims.authorize`) is the route's.
 */
export { canChangeEstimate, isImportedEstimate };

export function assertEstimatePending(estimate: Pick<Estimate, 'status'>) {
  if (estimate.status === 'total_loss') {
    throw new AppError(
      'conflict',
      'This estimate declares the vehicle a total loss: it has no repair to approve or reject.',
    );
  }
  if (!canChangeEstimate(estimate)) {
    throw new AppError(
      'conflict',
      `This estimate is already ${ESTIMATE_STATUS_LABELS[estimate.status].toLowerCase()}: it cannot change. Add a supplement for further work.`,
    );
  }
}

/** An imported estimate changes only through the shop's next version (a supplement), never by hand. */
export function assertEstimateEditable(estimate: Pick<Estimate, 'source'>) {
  if (!isImportedEstimate(estimate)) return;
  if (estimate.source === 'ccc') {
    throw new AppError(
      'conflict',
      'This estimate was imported from CCC ONE: it changes when the shop sends a supplement, not here.',
    );
  }
  if (estimate.source === 'tekmetric') {
    throw new AppError(
      'conflict',
      'This estimate comes from a Tekmetric repair order: it changes when the shop changes the repair order, not here.',
    );
  }
}

/** The one estimate writer (`recordEstimateVersion`) refuses one more than ESTIMATES_PER_CLAIM_MAX, of any source. */
export function assertClaimTakesEstimate(estimatesOnClaim: number) {
  if (claimTakesEstimate(estimatesOnClaim)) return;
  throw new AppError('conflict', ESTIMATES_PER_CLAIM_MESSAGE);
}
