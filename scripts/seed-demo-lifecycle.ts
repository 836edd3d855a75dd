/**
 * When each demo claim was reported and where it stands today (used by seed-demo.ts), drawn as a fleet's claims
 * come: reported at a steady rate over two years, a little more each month as the fleets grew (claim numbers rise
 * with the date, as numbering does), each repaired within weeks — a few stall for months on parts, an insurer or
 * a hold — and closed some days after completion. So most claims are finished, the open ones are the recent ones
 * and a long tail of stalled ones, and the claims per day have no jump anywhere in the range.
 */
import { WORKFLOW_PATH, type ClaimStatus, type Workflow } from '../src/shared/workflows.js';
import type { RandomStream } from './seed-demo-random.js';
import { STATUS_WEIGHT } from './seed-demo-timing.js';

/** How far back the demo's claims go. */
export const HISTORY_DAYS = 730;
/** Claims per day at the start of the history and today, relative to the mean (a straight line between). */
const RATE_THEN = 0.6;
const RATE_NOW = 1.4;

/** Where a claim stalls, by workflow, once it has been open a fortnight. */
const STALLS: Record<Workflow, ClaimStatus[]> = {
  collision: ['on_hold', 'parts_ordered', 'parts_ordered', 'supplement_review', 'estimate_review'],
  mechanical: ['on_hold', 'authorization_pending', 'declined', 'diagnosis'],
};

export interface ClaimLife {
  status: ClaimStatus;
  /** Days since the claim was reported. */
  ageDays: number;
  /** The days its steps took, up to its current status (at most its age). */
  spanDays: number;
}

/**
 * The life of claim `n` of `count` (1 is the oldest): its age places it evenly among the others on the growing
 * rate (a random point inside its own share of the range, so the claims per day do not clump), its lifetime and
 * its age decide its status.
 */
export function claimLife(
  { random, pick }: RandomStream,
  workflow: Workflow,
  n: number,
  count: number,
): ClaimLife {
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  // The share `u` of claims reported by time `x` (0 the start of the history, 1 now) under the rising rate is
  // RATE_THEN·x + (RATE_NOW − RATE_THEN)·x²/2; solved for x.
  const u = (n - 1 + random()) / count;
  const slope = RATE_NOW - RATE_THEN;
  const x = (-RATE_THEN + Math.sqrt(RATE_THEN ** 2 + 2 * slope * u)) / slope;
  const ageDays = Math.max(HISTORY_DAYS * (1 - x), 0.05);
  const stalled = random() < 0.12;
  // Until completion: a median of four weeks, a few days to a few months; a stalled claim six weeks to ten months.
  const repairDays = stalled ? uniform(random, 45, 300) : Math.min(180, 3 + 25 * Math.exp(0.9 * normal()));
  // Until closed: the insurer's payment or the final paperwork, a median of ten days.
  const closeDays = 1 + 9 * Math.exp(0.8 * normal());
  if (ageDays < repairDays) {
    const path = WORKFLOW_PATH[workflow];
    const open = path.slice(0, path.indexOf('completed'));
    const status =
      stalled && ageDays > 14 ? pick(STALLS[workflow]) : reached(open, ageDays / (stalled ? 30 : repairDays));
    const side = random();
    if (status === 'in_repair' && workflow === 'collision' && side < 0.15)
      return { status: 'supplement_review', ageDays, spanDays: ageDays };
    if (status === 'authorization_pending' && side < 0.12)
      return { status: 'declined', ageDays, spanDays: ageDays };
    return { status, ageDays, spanDays: ageDays };
  }
  const ending = random();
  if (ending < 0.03) return { status: 'cancelled', ageDays, spanDays: Math.min(ageDays, repairDays / 3) };
  if (workflow === 'collision' && ending < 0.06)
    return { status: 'total_loss', ageDays, spanDays: Math.min(ageDays, repairDays / 2) };
  if (ageDays < repairDays + closeDays) return { status: 'completed', ageDays, spanDays: repairDays };
  return { status: 'closed', ageDays, spanDays: repairDays + closeDays };
}

const uniform = (random: () => number, min: number, max: number) => min + random() * (max - min);

/** The status of `open` (a workflow's steps before completion) a claim has reached `progress` (0–1) of the way. */
function reached(open: readonly ClaimStatus[], progress: number): ClaimStatus {
  const weights = open.map((status) => STATUS_WEIGHT[status] ?? 1);
  let left = Math.min(progress, 0.999) * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [i, weight] of weights.entries()) if ((left -= weight) < 0) return open[i]!;
  return open.at(-1)!;
}
