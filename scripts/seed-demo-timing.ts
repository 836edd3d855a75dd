/**
 * How long the demo claims stay in each status (used by seed-demo.ts): a claim's steps share its span by each
 * status' usual weight — parts on order and repairs take days, a quality check hours — so the Reports page's
 * "Time in each status" shows where claims wait instead of the same time for every status. No randomness: the
 * claims themselves come out as before, only their steps' times differ.
 */
import type { ClaimStatus } from '../src/shared/workflows.js';

/** The relative time a claim usually spends in a status (the step after the last one counts 1). */
export const STATUS_WEIGHT: Partial<Record<ClaimStatus, number>> = {
  reported: 0.6,
  estimate_pending: 1.6,
  estimate_review: 1.2,
  approved: 0.5,
  parts_ordered: 3.2,
  in_repair: 3,
  supplement_review: 1.8,
  quality_check: 0.3,
  ready_for_pickup: 0.8,
  diagnosis: 1.4,
  authorization_pending: 0.9,
  authorized: 0.4,
  declined: 1,
  on_hold: 2.5,
  total_loss: 1,
};

/**
 * The day offset from the claim's creation of step `step` of `path` (0 is its creation), the span shared as
 * `span / (path.length + 1)` was before but weighted by status. Fractional steps (an ETA half a step around
 * completion) and steps past the end interpolate and extend at the path's mean step.
 */
export function stepOffsets(path: readonly ClaimStatus[], span: number): (step: number) => number {
  const weights = path.map((status) => STATUS_WEIGHT[status] ?? 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0) + 1;
  const unit = span / total;
  const starts = [0];
  for (const weight of weights) starts.push(starts.at(-1)! + weight * unit);
  const meanStep = span / (path.length + 1);
  return (step) => {
    if (step <= 0) return step * meanStep;
    if (step >= path.length) return starts[path.length]! + (step - path.length) * meanStep;
    const whole = Math.floor(step);
    return starts[whole]! + (step - whole) * (starts[whole + 1]! - starts[whole]!);
  };
}
