/**
 * The estimates and mechanical authorizations of the demo claims (used by seed-demo.ts): collision claims
 * past "Awaiting estimate" get an estimate with lines (and a supplement when they went through supplement
 * review), mechanical claims that asked for authorization get a request with its decision. Totals come from
 * the shared computation, and the claim's amounts are made to agree with them.
 */
import { autoApprovalNote, withinAutoApprovalLimit } from '../src/shared/authorizations.js';
import { computeEstimateTotals, type EstimateOperation } from '../src/shared/estimates.js';
import type { ClaimStatus, Workflow } from '../src/shared/workflows.js';
import type {
  authorizationLines,
  authorizationRequests,
  claims,
  estimateLines,
  estimates,
} from '../src/server/db/schema/index.js';
import { randomStream } from './seed-demo-random.js';

/** Its own deterministic stream, so the claims themselves come out as before. */
const { random, between } = randomStream(7_041_987);
const sample = <T>(items: readonly T[], count: number): T[] => {
  const pool = [...items];
  return Array.from(
    { length: Math.min(count, pool.length) },
    () => pool.splice(between(0, pool.length - 1), 1)[0]!,
  );
};

type Line = [EstimateOperation, string, string | null, number, number, number];
const COLLISION_LINES: Line[] = [
  ['part', 'Rear bumper cover', 'FL3Z17K835AA', 1, 45_000, 2.5],
  ['paint', 'Refinish rear bumper cover', null, 1, 8_500, 1.8],
  ['part', 'Headlamp assembly, left', 'JL1Z13008AB', 1, 38_900, 0.6],
  ['part', 'Front door shell, right', 'CK4Z6120124A', 1, 62_000, 4],
  ['paint', 'Refinish front door, right', null, 1, 9_500, 2.2],
  ['part', 'Side mirror assembly', 'BK3Z17682C', 1, 21_500, 0.5],
  ['part', 'Hood panel', 'KK3Z16612A', 1, 54_000, 1.5],
  ['paint', 'Refinish hood', null, 1, 11_000, 2.6],
  ['part', 'Parking aid sensor', 'JL3Z15K859A', 2, 6_245, 0.4],
  ['labor', 'Frame measure and set-up', null, 1, 0, 1.5],
  ['sublet', 'Windshield replacement (glass shop)', null, 1, 42_000, 0],
  ['sublet', 'ADAS camera calibration', null, 1, 18_900, 0],
];
const SUPPLEMENT_LINES: Line[] = [
  ['part', 'Rear body panel (hidden damage)', 'CK4Z6140322A', 1, 31_500, 3.2],
  ['part', 'Bumper reinforcement bar', 'FL3Z17906A', 1, 18_700, 0.9],
  ['paint', 'Refinish rear body panel', null, 1, 7_200, 1.9],
];
const HAZARDOUS_WASTE: Line = ['other', 'Hazardous waste disposal', null, 1, 1_250, 0];
const MECHANICAL_WORK: [string, number][] = [
  ['Diagnose check engine light', 18_000],
  ['Replace front brake pads and rotors', 64_000],
  ['Brake fluid flush', 12_550],
  ['Replace serpentine belt', 18_900],
  ['Replace alternator', 58_900],
  ['Replace battery', 28_999],
  ['Transmission fluid service', 24_900],
  ['Replace water pump and thermostat', 71_200],
  ['A/C recharge and leak test', 21_500],
  ['Replace starter motor', 41_200],
];
const DECLINE_REASONS = [
  'Vehicle is due for replacement; repair the brakes only.',
  'Get a second quote first.',
  'Covered by the manufacturer’s warranty: take it to the dealer.',
];
const TAX_RATE = 8.31;

export interface DemoCostRows {
  estimates: (typeof estimates.$inferInsert)[];
  estimateLines: (typeof estimateLines.$inferInsert)[];
  authorizations: (typeof authorizationRequests.$inferInsert)[];
  authorizationLines: (typeof authorizationLines.$inferInsert)[];
}

export const emptyDemoCosts = (): DemoCostRows => ({
  estimates: [],
  estimateLines: [],
  authorizations: [],
  authorizationLines: [],
});

interface DemoClaim {
  claim: typeof claims.$inferInsert & { id: string; number: number };
  workflow: Workflow;
  status: ClaimStatus;
  /** The statuses the claim went through, in order. */
  path: ClaimStatus[];
  /** When the claim reached the status at this index of `path`. */
  reachedAt: (index: number) => Date;
  laborRateCents: number | null;
  requesterId: string;
  deciderId: string;
  autoApprovalLimitCents: number | null;
}

function addEstimate(
  rows: DemoCostRows,
  demo: DemoClaim,
  supplementNumber: number,
  lines: Line[],
  status: 'pending' | 'approved' | 'rejected',
  createdAt: Date,
  decidedAt: Date | null,
) {
  const values = lines.map(([operation, , , quantity, unitPriceCents, laborHours]) => ({
    operation,
    quantity,
    unitPriceCents,
    laborHours,
  }));
  const { lines: amounts, ...totals } = computeEstimateTotals({
    lines: values,
    laborRateCents: demo.laborRateCents,
    taxRatePercent: TAX_RATE,
    taxLabor: false,
  });
  const id = crypto.randomUUID();
  rows.estimates.push({
    id,
    claimId: demo.claim.id,
    source: 'manual',
    number: `RO-${4000 + demo.claim.number}`,
    supplementNumber,
    status,
    laborRateCents: demo.laborRateCents,
    laborRateSource: demo.laborRateCents === null ? null : 'facility',
    taxRatePercent: TAX_RATE,
    taxLabor: false,
    ...totals,
    createdById: demo.requesterId,
    decidedById: decidedAt ? demo.deciderId : null,
    decidedAt,
    decisionNote: status === 'rejected' ? 'Repair cost is above the vehicle’s value: total loss.' : null,
    createdAt,
    updatedAt: decidedAt ?? createdAt,
  });
  lines.forEach(([operation, description, partNumber, quantity, unitPriceCents, laborHours], position) =>
    rows.estimateLines.push({
      estimateId: id,
      position,
      operation,
      description,
      partNumber,
      quantity,
      unitPriceCents,
      laborHours,
      ...amounts[position]!,
    }),
  );
  return totals.totalCents;
}

/** A collision claim's original estimate and supplement; the claim's amounts follow the approved ones. */
function collisionEstimates(rows: DemoCostRows, demo: DemoClaim) {
  const { path, status, claim } = demo;
  const review = path.indexOf('estimate_review');
  if (review < 0) return;
  const lines = [...sample(COLLISION_LINES, between(2, 5)), HAZARDOUS_WASTE];
  const decided = path[review + 1];
  const originalStatus =
    decided === 'approved' ? 'approved' : decided === 'total_loss' ? 'rejected' : 'pending';
  const decidedAt = originalStatus === 'pending' ? null : demo.reachedAt(review + 1);
  let approvedTotal: number | null = null;
  const total = addEstimate(rows, demo, 0, lines, originalStatus, demo.reachedAt(review), decidedAt);
  if (originalStatus === 'approved') approvedTotal = total;
  const supplement = path.indexOf('supplement_review');
  if (supplement >= 0) {
    const pending = status === 'supplement_review';
    const supplementTotal = addEstimate(
      rows,
      demo,
      1,
      [...lines, ...sample(SUPPLEMENT_LINES, between(1, 3))],
      pending ? 'pending' : 'approved',
      demo.reachedAt(supplement),
      pending ? null : demo.reachedAt(supplement + 1),
    );
    if (!pending) approvedTotal = supplementTotal;
  }
  claim.estimateAmountCents = approvedTotal;
  if (claim.approvedAmountCents != null) claim.approvedAmountCents = approvedTotal;
  if (claim.finalAmountCents != null && approvedTotal !== null) {
    claim.finalAmountCents = Math.round(approvedTotal * (0.95 + random() * 0.15));
  }
}

/** A mechanical claim's authorization request and its decision; the claim's amounts follow it. */
function mechanicalAuthorization(rows: DemoCostRows, demo: DemoClaim) {
  const { path, status, claim } = demo;
  const asked = path.indexOf('authorization_pending');
  if (asked < 0) return;
  const work = sample(MECHANICAL_WORK, between(1, 4));
  let requested = work.reduce((sum, [, cents]) => sum + cents, 0);
  // A request still pending was above the limit, or it would have been approved at once.
  if (status === 'authorization_pending' && withinAutoApprovalLimit(requested, demo.autoApprovalLimitCents)) {
    work.push(['Replace transmission (remanufactured)', 385_000]);
    requested += 385_000;
  }
  const next = path[asked + 1];
  const automatic = next === 'authorized' && withinAutoApprovalLimit(requested, demo.autoApprovalLimitCents);
  const partial = next === 'authorized' && !automatic && work.length > 1 && random() < 0.3;
  const approvedLines = next === 'declined' ? [] : partial ? work.slice(0, -1) : work;
  const approved = approvedLines.reduce((sum, [, cents]) => sum + cents, 0);
  const decidedAt = next ? demo.reachedAt(asked + 1) : null;
  const id = crypto.randomUUID();
  rows.authorizations.push({
    id,
    claimId: claim.id,
    sequence: 1,
    status: !next
      ? 'pending'
      : next === 'declined'
        ? 'declined'
        : partial
          ? 'partially_approved'
          : 'approved',
    requestedAmountCents: requested,
    approvedAmountCents: next ? approved : null,
    note: 'Findings from the diagnosis attached to the repair order.',
    requestedById: demo.requesterId,
    decidedById: next && !automatic ? demo.deciderId : null,
    decidedAutomatically: automatic,
    decidedAt,
    decisionNote: automatic
      ? autoApprovalNote(requested, demo.autoApprovalLimitCents!)
      : next === 'declined'
        ? DECLINE_REASONS[between(0, DECLINE_REASONS.length - 1)]!
        : null,
    createdAt: demo.reachedAt(asked),
  });
  work.forEach(([description, amountCents], position) =>
    rows.authorizationLines.push({
      authorizationId: id,
      position,
      description,
      amountCents,
      approved: next ? approvedLines.includes(work[position]!) : null,
    }),
  );
  claim.estimateAmountCents = requested;
  claim.approvedAmountCents = next && next !== 'declined' ? approved : null;
  if (claim.finalAmountCents != null) claim.finalAmountCents = Math.round(approved * (0.95 + random() * 0.1));
}

/** Adds a demo claim's estimates or authorization to `rows`, adjusting the claim's amounts to agree. */
export function addDemoCosts(rows: DemoCostRows, demo: DemoClaim) {
  if (demo.workflow === 'collision') collisionEstimates(rows, demo);
  else mechanicalAuthorization(rows, demo);
}
