/**
 * The two repair workflows (PRODUCT.md §3): one table, used by the server to refuse any other move (409) and
 * by the browser to offer only allowed moves.
 */
export const WORKFLOWS = ['collision', 'mechanical'] as const;
export type Workflow = (typeof WORKFLOWS)[number];

export const CLAIM_STATUSES = [
  'reported',
  'estimate_pending',
  'estimate_review',
  'approved',
  'parts_ordered',
  'in_repair',
  'supplement_review',
  'quality_check',
  'diagnosis',
  'authorization_pending',
  'authorized',
  'declined',
  'ready_for_pickup',
  'completed',
  'closed',
  'total_loss',
  'on_hold',
  'cancelled',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const STATUS_LABELS: Record<ClaimStatus, string> = {
  reported: 'Reported',
  estimate_pending: 'Awaiting estimate',
  estimate_review: 'Estimate in review',
  approved: 'Repair approved',
  parts_ordered: 'Parts ordered',
  in_repair: 'In repair',
  supplement_review: 'Supplement in review',
  quality_check: 'Quality check',
  diagnosis: 'Diagnosis',
  authorization_pending: 'Authorization requested',
  authorized: 'Authorized',
  declined: 'Authorization declined',
  ready_for_pickup: 'Ready for pickup',
  completed: 'Completed',
  closed: 'Closed',
  total_loss: 'Total loss',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
};

/** The main path of each workflow, in order: the stepper shows these. */
export const WORKFLOW_PATH: Record<Workflow, readonly ClaimStatus[]> = {
  collision: [
    'reported',
    'estimate_pending',
    'estimate_review',
    'approved',
    'parts_ordered',
    'in_repair',
    'quality_check',
    'ready_for_pickup',
    'completed',
    'closed',
  ],
  mechanical: [
    'reported',
    'diagnosis',
    'authorization_pending',
    'authorized',
    'in_repair',
    'ready_for_pickup',
    'completed',
    'closed',
  ],
};

/** Moves besides the next step of the main path (on hold and cancel are added for every open status). */
const SIDE_MOVES: Record<Workflow, Partial<Record<ClaimStatus, readonly ClaimStatus[]>>> = {
  collision: {
    in_repair: ['supplement_review'],
    supplement_review: ['in_repair'],
    estimate_review: ['total_loss'],
    approved: ['total_loss'],
    total_loss: ['closed'],
  },
  mechanical: {
    authorization_pending: ['declined'],
    declined: ['diagnosis', 'cancelled'],
  },
};

/** Statuses in which nothing more happens to the repair. */
export const FINISHED_STATUSES: readonly ClaimStatus[] = ['completed', 'closed', 'cancelled', 'total_loss'];

/** Every status a claim of `workflow` can be in, in work order: the open ones as work flows, then the finished. */
export function statusesOf(workflow: Workflow): ClaimStatus[] {
  const statuses = new Set<ClaimStatus>([...WORKFLOW_PATH[workflow], 'on_hold', 'cancelled']);
  for (const [from, targets] of Object.entries(SIDE_MOVES[workflow])) {
    statuses.add(from as ClaimStatus);
    for (const target of targets) statuses.add(target);
  }
  return [...openStatusesOf(workflow), ...FINISHED_STATUSES.filter((status) => statuses.has(status))];
}

/**
 * The open statuses of a workflow in the order work flows through them: the main path, each side state right
 * after the status it branches from (a supplement after "In repair", a declined authorization after the
 * request), and "On hold" last.
 */
export function openStatusesOf(workflow: Workflow): ClaimStatus[] {
  const path = WORKFLOW_PATH[workflow];
  const ordered: ClaimStatus[] = [];
  for (const status of path) {
    ordered.push(status);
    for (const side of SIDE_MOVES[workflow][status] ?? []) {
      if (!path.includes(side) && !ordered.includes(side)) ordered.push(side);
    }
  }
  ordered.push('on_hold');
  return ordered.filter(isOpenStatus);
}

/**
 * The order All Claims sorts statuses in, for both workflows at once: the steps of each in work order (this order
 * keeps `statusesOf` of either workflow as it is), interleaved by phase (assessed, reviewed, approved, repaired),
 * open statuses before finished ones. The database ranks claims by it (a generated column): changing it needs a
 * migration.
 */
export const STATUS_SORT_ORDER: readonly ClaimStatus[] = [
  'reported',
  'estimate_pending',
  'diagnosis',
  'estimate_review',
  'authorization_pending',
  'declined',
  'approved',
  'authorized',
  'parts_ordered',
  'in_repair',
  'supplement_review',
  'quality_check',
  'ready_for_pickup',
  'on_hold',
  'completed',
  'closed',
  'cancelled',
  'total_loss',
];

export function isOpenStatus(status: ClaimStatus): boolean {
  return !FINISHED_STATUSES.includes(status);
}

/**
 * Where a claim may move from `status`. A claim on hold may only go back to where it was (`statusBeforeHold`)
 * or be cancelled.
 */
export function allowedTransitions(
  workflow: Workflow,
  status: ClaimStatus,
  statusBeforeHold?: ClaimStatus | null,
): ClaimStatus[] {
  if (status === 'on_hold') return statusBeforeHold ? [statusBeforeHold, 'cancelled'] : ['cancelled'];
  const path = WORKFLOW_PATH[workflow];
  const index = path.indexOf(status);
  const next = index >= 0 && index < path.length - 1 ? [path[index + 1]!] : [];
  const moves = new Set<ClaimStatus>([...next, ...(SIDE_MOVES[workflow][status] ?? [])]);
  if (isOpenStatus(status)) {
    moves.add('on_hold');
    moves.add('cancelled');
  }
  // Leaving "declined" is its own decision: the generic on-hold does not apply to a refused authorization.
  if (status === 'declined') moves.delete('on_hold');
  return CLAIM_STATUSES.filter((candidate) => moves.has(candidate));
}

export function canTransition(
  workflow: Workflow,
  from: ClaimStatus,
  to: ClaimStatus,
  statusBeforeHold?: ClaimStatus | null,
): boolean {
  return allowedTransitions(workflow, from, statusBeforeHold).includes(to);
}
