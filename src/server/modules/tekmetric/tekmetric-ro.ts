import { createHash } from 'node:crypto';
import type { AuthorizationStatus } from '@shared/authorizations.js';
import { RO_STATUS_NAMES, RO_STATUS_TO_CLAIM_STATUS } from '@shared/tekmetric.js';
import { VIN_PATTERN } from '@shared/vin.js';
import type { ClaimStatus } from '@shared/workflows.js';
import type { TekmetricJobDto, TekmetricRepairOrderDto } from './tekmetric-client.js';
import { draftFingerprint, roEstimateDraft } from './tekmetric-estimate.js';

/** What a repair order says, read without the database: its VIN, its jobs' decisions, its claim status. */

/** Trim, upper-case, no spaces or dashes; null unless 17 VIN characters (no I, O, Q). */
export function normalizeVin(vin: string | null | undefined): string | null {
  const normal = (vin ?? '').replace(/[\s-]/g, '').toUpperCase();
  return VIN_PATTERN.test(normal) ? normal : null;
}

type JobDecision = 'approved' | 'declined' | 'pending';

/** api doc §6: authorized → approved; not authorized with a decision date → declined; else pending. */
export function jobDecision(job: Pick<TekmetricJobDto, 'authorized' | 'authorizedDate'>): JobDecision {
  if (job.authorized === true) return 'approved';
  return job.authorizedDate ? 'declined' : 'pending';
}

export interface AuthorizationFigures {
  status: AuthorizationStatus;
  requestedCents: number;
  approvedCents: number;
  declinedCents: number;
  pendingCents: number;
}

/**
 * The authorization a set of jobs amounts to (amounts: the jobs' subtotals, in cents). All undecided: pending;
 * every job approved: approved; some approved: partially approved (the shop works on those while the rest
 * waits or was declined); none approved and none waiting: declined.
 */
export function authorizationFigures(jobs: TekmetricJobDto[]): AuthorizationFigures {
  const sum = (decision: JobDecision) =>
    jobs
      .filter((job) => jobDecision(job) === decision)
      .reduce((total, job) => total + Math.round(job.subtotal), 0);
  const approvedCents = sum('approved');
  const declinedCents = sum('declined');
  const pendingCents = sum('pending');
  const decisions = new Set(jobs.map(jobDecision));
  const status: AuthorizationStatus =
    decisions.size === 1 && decisions.has('approved')
      ? 'approved'
      : decisions.has('approved')
        ? 'partially_approved'
        : decisions.has('pending')
          ? 'pending'
          : 'declined';
  return {
    status,
    requestedCents: approvedCents + declinedCents + pendingCents,
    approvedCents,
    declinedCents,
    pendingCents,
  };
}

export const sortedJobs = (ro: TekmetricRepairOrderDto) =>
  [...(ro.jobs ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);

/** What of an RO the claim shows; the same RO gives the same hash. */
export function fingerprintOf(ro: TekmetricRepairOrderDto, facilityId: string): string {
  const synced = {
    facilityId,
    status: ro.repairOrderStatus?.id ?? null,
    vehicleId: ro.vehicleId,
    number: ro.repairOrderNumber,
    milesIn: ro.milesIn ?? null,
    postedDate: ro.postedDate ?? null,
    deletedDate: ro.deletedDate ?? null,
    totalSales: ro.totalSales,
    amountPaid: ro.amountPaid,
    concerns: (ro.customerConcerns ?? []).map((concern) => concern.concern),
    jobs: sortedJobs(ro).map((job) => [job.id, job.name, job.subtotal, jobDecision(job), job.note ?? null]),
    // The lines of the RO's estimate: a price or a part changed in Tekmetric updates it.
    estimate: draftFingerprint(roEstimateDraft(sortedJobs(ro))),
  };
  return createHash('sha256').update(JSON.stringify(synced)).digest('hex');
}

/** The claim status the RO's status maps to (a deleted RO: cancelled); null for a status we do not know. */
export function claimStatusFor(ro: TekmetricRepairOrderDto): ClaimStatus | null {
  if (ro.deletedDate) return RO_STATUS_TO_CLAIM_STATUS[7];
  const id = ro.repairOrderStatus?.id;
  return id && id in RO_STATUS_TO_CLAIM_STATUS
    ? RO_STATUS_TO_CLAIM_STATUS[id as keyof typeof RO_STATUS_TO_CLAIM_STATUS]
    : null;
}

export const roLabel = (ro: TekmetricRepairOrderDto) => `Tekmetric RO #${ro.repairOrderNumber ?? ro.id}`;

/** The note of a move the RO made: which RO, and the status it reached in Tekmetric. */
export const roMoveNote = (ro: TekmetricRepairOrderDto) =>
  `${roLabel(ro)}: ${RO_STATUS_NAMES[ro.deletedDate ? 7 : (ro.repairOrderStatus?.id ?? 7)] ?? 'status changed'}`;

export function claimDescription(ro: TekmetricRepairOrderDto, shopName: string) {
  const concerns = (ro.customerConcerns ?? []).map((concern) => concern.concern.trim()).filter(Boolean);
  return [`${roLabel(ro)} at ${shopName}.`, ...concerns.map((concern) => `Concern: ${concern}`)]
    .join('\n')
    .slice(0, 10_000);
}
