import { AppError } from '@shared/errors.js';
import { ESTIMATE_STATUS_LABELS, type Estimate } from '@shared/estimates.js';

/**
 * What may happen to an estimate. Who may (the claim's company scope and `vehicles.edit`) is the route's and
 * the claim's (claims.policy.ts); an estimate itself changes only while it awaits review.
 */

/** An estimate awaiting review may be edited or decided; a decided one is kept as decided (add a supplement). */
export function canChangeEstimate(estimate: Pick<Estimate, 'status'>): boolean {
  return estimate.status === 'pending';
}

export function assertEstimatePending(estimate: Pick<Estimate, 'status'>) {
  if (!canChangeEstimate(estimate)) {
    throw new AppError(
      'conflict',
      `This estimate is already ${ESTIMATE_STATUS_LABELS[estimate.status].toLowerCase()}: it cannot change. Add a supplement for further work.`,
    );
  }
}

/** An imported estimate changes only through the shop's next version (a supplement), never by hand. */
export function assertEstimateEditable(estimate: Pick<Estimate, 'source'>) {
  if (estimate.source === 'ccc') {
    throw new AppError(
      'conflict',
      'This estimate was imported from CCC ONE: it changes when the shop sends a supplement, not here.',
    );
  }
}
