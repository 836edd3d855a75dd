/**
 * Estimates' kinds, labels and limits, apart from their request and response schemas (`estimates.ts`, which
 * re-exports these): the claim page shows estimates with these alone, and loads the schemas only with a form.
 */

export const ESTIMATE_SOURCES = ['manual', 'ccc', 'tekmetric'] as const;
export type EstimateSource = (typeof ESTIMATE_SOURCES)[number];
export const ESTIMATE_SOURCE_LABELS: Record<EstimateSource, string> = {
  manual: 'Entered by hand',
  ccc: 'CCC ONE import',
  tekmetric: 'Tekmetric sync',
};
/** Sources whose estimates change only from outside (a CCC file, a synced repair order), never by hand. */
export const IMPORTED_ESTIMATE_SOURCES = ['ccc', 'tekmetric'] as const satisfies readonly EstimateSource[];

/**
 * What a line is for, which decides the total it counts in. CCC ONE operations map onto these: replace,
 * repair and R&I are `part` lines (with their labour hours), refinish and blend are `paint`, sublet is
 * `sublet`.
 */
export const ESTIMATE_OPERATIONS = ['part', 'labor', 'paint', 'sublet', 'other'] as const;
export type EstimateOperation = (typeof ESTIMATE_OPERATIONS)[number];
export const ESTIMATE_OPERATION_LABELS: Record<EstimateOperation, string> = {
  part: 'Part',
  labor: 'Labour',
  paint: 'Paint & refinish',
  sublet: 'Sublet',
  other: 'Other',
};

/**
 * An estimate awaits review until it is approved (the claim's estimate amount follows it) or rejected. An
 * imported estimate that declares the vehicle a total loss has no repair to approve: it is `total_loss` from
 * the start and is never decided (the claim goes to the total-loss review instead; decision 020).
 */
export const ESTIMATE_STATUSES = ['pending', 'approved', 'rejected', 'total_loss'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];
export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Rejected',
  total_loss: 'Total loss: no repair to approve',
};

/** "Original" for supplement 0, then "Supplement 1", "Supplement 2", … */
export function supplementLabel(supplementNumber: number): string {
  return supplementNumber === 0 ? 'Original' : `Supplement ${supplementNumber}`;
}

/** The estimate number given when none is typed: EST- and the claim's digits (CLM-000123 → EST-000123). */
export function defaultEstimateNumber(claimNumber: number): string {
  return `EST-${String(claimNumber).padStart(6, '0')}`;
}

export const ESTIMATE_LINES_MAX = 300;
/** Estimates per claim (an original and its supplements); keeps a claim's list one bounded read. */
export const ESTIMATES_PER_CLAIM_MAX = 100;
/** Refused when one more estimate, of any source (typed, CCC, Tekmetric), would exceed the limit. */
export const ESTIMATES_PER_CLAIM_MESSAGE = `A claim has at most ${ESTIMATES_PER_CLAIM_MAX} estimates`;
