import { AppError } from '@shared/errors.js';
import { ESTIMATE_STATUS_LABELS, IMPORTED_ESTIMATE_SOURCES, type Estimate } from '@shared/estimates.js';

/**
 * What may happen to an estimate. Who may (the claim's company scope and `vehicles.edit`) is the route's and
 * the claim's (claims.policy.ts); an estimate itself changes only while it awaits review.
 */

/** An estimate awaiting review may be edited or decided; a decided one is kept as decided (add a supplement). */
export function canChangeEstimate(estimate: Pick<Estimate, 'status'>): boolean {
  return estimate.status === 'pending';
}

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

/** An estimate imported from CCC ONE or synced from Tekmetric (counted as the claim's unless rejected). */
export function isImportedEstimate(estimate: Pick<Estimate, 'source'>): boolean {
  return (IMPORTED_ESTIMATE_SOURCES as readonly string[]).includes(estimate.source);
}

/** An imported estimate changes only through the shop's next version (a supplement), never by hand. */
export function assertEstimateEditable(estimate: Pick<Estimate, 'source'>) {
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
