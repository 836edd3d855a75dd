import type { ClaimStatus } from './workflows.js';

/**
 * What a reviewer and the shop need around an estimate's lifecycle (decision 015, "Supplements and review"):
 * which estimate a new supplement starts from, which one a pending estimate is compared with, what changed
 * between the two, and the claim move that naturally follows a decision.
 */

interface ReviewLine {
  operation: string;
  description: string;
  partNumber: string | null;
  quantity: number;
  unitPriceCents: number;
  laborHours: number;
  totalCents: number;
}

interface ReviewEstimate<Line extends ReviewLine = ReviewLine> {
  supplementNumber: number;
  status: 'pending' | 'approved' | 'rejected' | 'total_loss';
  totalCents: number;
  lines: Line[];
}

/**
 * The estimate a new supplement starts as a copy of: the latest **approved** one (a rejected or pending
 * estimate is not what the fleet agreed to pay), or the latest of all when none is approved yet.
 */
export function supplementBase<E extends ReviewEstimate<ReviewLine>>(items: readonly E[]): E | null {
  const approved = items.filter((estimate) => estimate.status === 'approved');
  const byNumber = (a: E, b: E) => a.supplementNumber - b.supplementNumber;
  return [...approved].sort(byNumber).at(-1) ?? [...items].sort(byNumber).at(-1) ?? null;
}

/** The approved estimate a pending one is reviewed against: the latest approved before it, if any. */
export function reviewBase<E extends ReviewEstimate<ReviewLine>>(
  items: readonly E[],
  estimate: Pick<E, 'supplementNumber'>,
): E | null {
  return (
    items
      .filter((item) => item.status === 'approved' && item.supplementNumber < estimate.supplementNumber)
      .sort((a, b) => a.supplementNumber - b.supplementNumber)
      .at(-1) ?? null
  );
}

export interface LineChange<Line extends ReviewLine = ReviewLine> {
  before: Line;
  after: Line;
}

export interface EstimateChanges<Line extends ReviewLine = ReviewLine> {
  added: Line[];
  removed: Line[];
  changed: LineChange<Line>[];
  /** The new total less the base's total: negative when the estimate went down. */
  amountChangeCents: number;
}

const lineKey = (line: ReviewLine) =>
  [line.operation, line.description.trim().toLowerCase(), (line.partNumber ?? '').trim().toLowerCase()].join(
    '\u0000',
  );

const sameLine = (a: ReviewLine, b: ReviewLine) =>
  a.quantity === b.quantity &&
  a.unitPriceCents === b.unitPriceCents &&
  a.laborHours === b.laborHours &&
  a.totalCents === b.totalCents;

/**
 * The difference between an estimate and its base, line by line. Lines are the same line when their
 * operation, description and part number match (case and surrounding spaces aside); a matched line whose
 * quantity, unit price, hours or total differ is changed. Repeated identical keys pair up in order.
 */
export function estimateChanges<Line extends ReviewLine>(
  base: ReviewEstimate<Line>,
  estimate: ReviewEstimate<Line>,
): EstimateChanges<Line> {
  const remaining = new Map<string, Line[]>();
  for (const line of base.lines) {
    const key = lineKey(line);
    remaining.set(key, [...(remaining.get(key) ?? []), line]);
  }
  const added: Line[] = [];
  const changed: LineChange<Line>[] = [];
  for (const line of estimate.lines) {
    const candidates = remaining.get(lineKey(line));
    const before = candidates?.shift();
    if (!before) added.push(line);
    else if (!sameLine(before, line)) changed.push({ before, after: line });
  }
  const removed = [...remaining.values()].flat();
  // Keep the base's order for removed lines.
  removed.sort((a, b) => base.lines.indexOf(a) - base.lines.indexOf(b));
  return { added, removed, changed, amountChangeCents: estimate.totalCents - base.totalCents };
}

/**
 * The claim move that naturally follows an estimate event, when the claim may make it now: approving the
 * estimate under review moves a collision claim to "Repair approved", and deciding a supplement under review
 * either way sends it back to "In repair" (rejected, the repair goes on under the estimate approved before; an
 * estimate rejected in "Estimate in review" has no move back, the claim waits there for the shop's next one); an
 * estimate added while awaiting one moves it to "Estimate in review", a supplement added during the repair to
 * "Supplement in review". Null when nothing follows (the caller offers it; it stays a person's one-click
 * decision and a normal, audited move).
 */
export function nextMoveAfterEstimate(
  event: 'approved' | 'rejected' | 'added',
  claim: { status: ClaimStatus; allowedTransitions: readonly ClaimStatus[] },
): ClaimStatus | null {
  const moves: Record<typeof event, Partial<Record<ClaimStatus, ClaimStatus>>> = {
    approved: { estimate_review: 'approved', supplement_review: 'in_repair' },
    rejected: { supplement_review: 'in_repair' },
    added: { estimate_pending: 'estimate_review', in_repair: 'supplement_review' },
  };
  const to = moves[event][claim.status];
  return to && claim.allowedTransitions.includes(to) ? to : null;
}
