import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import {
  defaultEstimateNumber,
  supplementLabel,
  type EstimateOperation,
  type EstimateSource,
} from '@shared/estimates.js';
import type { EstimateTotals } from '@shared/estimate-totals.js';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { estimateLines, estimates } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { lockClaimEstimates, syncClaimEstimateAmount } from './claim-estimate-amount.js';
import { emitEstimateEvent } from './estimate-webhooks.js';
import { assertClaimTakesEstimate } from './estimates.policy.js';

/**
 * The one writer of estimate versions (decision 015, "One writer"): every estimate a person types, a CCC ONE
 * file imports or a Tekmetric repair order syncs is inserted by `recordEstimateVersion`, and replaced in place
 * (while it awaits review) by `replaceEstimateVersion`. Here only: the claim's row locked, one numbering of
 * supplements whatever the source, one limit per claim, the lines written, one audit shape naming the source,
 * and the claim's estimate amount recomputed (syncClaimEstimateAmount). Kept report answers follow through
 * the triggers on `estimates`. What is the source's own (CCC's DocumentID and version dedup, Tekmetric's RO
 * lines and comparison, a person's pricing and the reviewers' notification) stays in its module.
 */

export const STALE_ESTIMATE_MESSAGE =
  'Someone else changed this estimate since you opened it. Review the latest version and apply your change again.';

/** One line as stored: its amounts already computed by the source (computeEstimateTotals, BMS, RO jobs). */
export interface EstimateVersionLine {
  operation: EstimateOperation;
  description: string;
  partNumber: string | null;
  quantity: number;
  unitPriceCents: number;
  laborHours: number;
  priceCents: number;
  laborCents: number;
  totalCents: number;
  /** An imported line's identity across versions (CCC's UniqueSequenceNum, Tekmetric's item id). */
  externalKey?: string | null;
  laborType?: string | null;
}

/** A version's fields and lines, whatever its source. */
export interface EstimateVersionValues extends EstimateTotals {
  laborRateCents: number | null;
  laborRateSource: 'facility' | 'estimate' | null;
  taxRatePercent: number;
  taxLabor: boolean;
  note: string | null;
  deductibleCents?: number | null;
  netCents?: number | null;
  /** Left out on a replacement: kept. */
  status?: 'pending' | 'total_loss';
  /** The imported document (CCC DocumentID, Tekmetric RO id) and its version; left out on a replacement: kept. */
  external?: { id: string; version: number; preliminary: boolean } | null;
  /** Empty: the claim's original's number (supplements belong to it), else EST- and the claim's digits; kept on a replacement. */
  number?: string | null;
  lines: EstimateVersionLine[];
}

export interface NewEstimateVersion extends EstimateVersionValues {
  source: EstimateSource;
  /**
   * The place the source's own numbering asks for, given the next free number (CCC: its supplement n sits n
   * places after its original). Granted when free and not negative; otherwise the next free number.
   */
  preferredSupplementNumber?: (nextFree: number) => number;
}

export interface RecordedEstimateVersion {
  id: string;
  number: string;
  supplementNumber: number;
  /** The claim's estimate amount once the version is written. */
  estimateAmountCents: number | null;
}

type EstimateRow = typeof estimates.$inferSelect;

/** What the audit log keeps of a version, the same for every source (its `before` and `after`). */
function audited(row: EstimateRow, lineCount: number) {
  return {
    claimId: row.claimId,
    source: row.source,
    number: row.number,
    supplement: supplementLabel(row.supplementNumber),
    status: row.status,
    external:
      row.externalId === null
        ? null
        : { id: row.externalId, version: row.externalVersion, preliminary: row.preliminary },
    laborRateCents: row.laborRateCents,
    taxRatePercent: row.taxRatePercent,
    partsCents: row.partsCents,
    laborCents: row.laborCents,
    paintCents: row.paintCents,
    otherCents: row.otherCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    lineCount,
  };
}

/** The columns a version sets; what it leaves out (status, external, number) stays as it is. */
function columnsOf({ lines: _lines, status, external, number, ...values }: EstimateVersionValues) {
  return {
    ...values,
    ...(status ? { status } : {}),
    ...(external !== undefined
      ? {
          externalId: external?.id ?? null,
          externalVersion: external?.version ?? null,
          preliminary: external?.preliminary ?? false,
        }
      : {}),
    ...(number ? { number } : {}),
  };
}

/**
 * Inserts the lines in one statement from one JSON parameter: a 2,000-line CCC estimate is one round trip,
 * and PGlite binds one text parameter far faster than thousands of separate ones.
 */
async function insertLines(tx: Database, estimateId: string, lines: EstimateVersionLine[]) {
  if (lines.length === 0) return;
  const rows = lines.map((line, position) => ({
    estimate_id: estimateId,
    position,
    operation: line.operation,
    description: line.description,
    part_number: line.partNumber,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    labor_hours: line.laborHours,
    price_cents: line.priceCents,
    labor_cents: line.laborCents,
    total_cents: line.totalCents,
    external_key: line.externalKey ?? null,
    labor_type: line.laborType ?? null,
  }));
  await tx.execute(sql`
    insert into ${estimateLines} (estimate_id, position, operation, description, part_number, quantity,
      unit_price_cents, labor_hours, price_cents, labor_cents, total_cents, external_key, labor_type)
    select estimate_id, position, operation, description, part_number, quantity, unit_price_cents, labor_hours,
      price_cents, labor_cents, total_cents, external_key, labor_type
    from json_to_recordset(${JSON.stringify(rows)}::json) as line(estimate_id uuid, position integer,
      operation text, description text, part_number text, quantity numeric, unit_price_cents integer,
      labor_hours numeric, price_cents integer, labor_cents integer, total_cents integer, external_key text,
      labor_type text)`);
}

/**
 * Adds a version to the claim, inside the caller's transaction: the claim's row locked, at most
 * ESTIMATES_PER_CLAIM_MAX estimates of any source (409 with ESTIMATES_PER_CLAIM_MESSAGE), numbered after the
 * claim's highest supplement (0, the original, for the first), its lines written, audited as
 * `estimate.created`, the claim's estimate amount recomputed, and `estimate.added` queued for the webhooks.
 */
export async function recordEstimateVersion(
  tx: Database,
  actor: Actor,
  claimId: string,
  version: NewEstimateVersion,
): Promise<RecordedEstimateVersion> {
  const claim = await lockClaimEstimates(tx, claimId);
  const existing = await tx
    .select({ supplementNumber: estimates.supplementNumber, number: estimates.number })
    .from(estimates)
    .where(eq(estimates.claimId, claimId))
    .orderBy(asc(estimates.supplementNumber));
  assertClaimTakesEstimate(existing.length);
  const nextFree = existing.length ? existing.at(-1)!.supplementNumber + 1 : 0;
  const preferred = version.preferredSupplementNumber?.(nextFree) ?? nextFree;
  const supplementNumber =
    preferred >= 0 && !existing.some((row) => row.supplementNumber === preferred) ? preferred : nextFree;
  const number = version.number || existing[0]?.number || defaultEstimateNumber(claim.number);
  const [created] = await tx
    .insert(estimates)
    .values({
      ...columnsOf(version),
      claimId,
      source: version.source,
      number,
      supplementNumber,
      createdById: actorUserId(actor),
    })
    .returning();
  await insertLines(tx, created!.id, version.lines);
  await recordAudit(tx, actor, {
    action: 'estimate.created',
    entityType: 'estimate',
    entityId: created!.id,
    after: audited(created!, version.lines.length),
  });
  const estimateAmountCents = await syncClaimEstimateAmount(tx, actor, claim);
  await emitEstimateEvent(tx, 'estimate.added', created!.id, claim);
  return { id: created!.id, number, supplementNumber, estimateAmountCents };
}

/**
 * Replaces a version still awaiting review (pending, or an undecided total loss) with new fields and lines:
 * a person's edit, CCC's committed copy of a preliminary version, a Tekmetric RO changed by the shop. Inside
 * the caller's transaction, with the claim's row locked; its `version` bumped (so a stale edit or decision is
 * refused); audited as `estimate.updated` with before and after; the claim's estimate amount recomputed; `estimate.updated`
 * queued for the webhooks.
 * `expectedVersion`, when given, must still be current; otherwise, or once decided, 409 (STALE_ESTIMATE_MESSAGE).
 */
export async function replaceEstimateVersion(
  tx: Database,
  actor: Actor,
  estimate: { id: string; claimId: string; expectedVersion?: number },
  values: EstimateVersionValues,
): Promise<RecordedEstimateVersion> {
  const claim = await lockClaimEstimates(tx, estimate.claimId);
  const [before] = await tx
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, estimate.id), eq(estimates.claimId, claim.id)))
    .for('update');
  const replaceable =
    before &&
    (before.status === 'pending' || before.status === 'total_loss') &&
    (estimate.expectedVersion === undefined || before.version === estimate.expectedVersion);
  if (!replaceable) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
  const [after] = await tx
    .update(estimates)
    .set({ ...columnsOf(values), version: sql`${estimates.version} + 1`, updatedAt: sql`now()` })
    .where(eq(estimates.id, estimate.id))
    .returning();
  const removed = await tx
    .delete(estimateLines)
    .where(eq(estimateLines.estimateId, estimate.id))
    .returning({ id: estimateLines.id });
  await insertLines(tx, estimate.id, values.lines);
  await recordAudit(tx, actor, {
    action: 'estimate.updated',
    entityType: 'estimate',
    entityId: estimate.id,
    before: audited(before, removed.length),
    after: audited(after!, values.lines.length),
  });
  const estimateAmountCents = await syncClaimEstimateAmount(tx, actor, claim);
  await emitEstimateEvent(tx, 'estimate.updated', estimate.id, claim);
  return {
    id: estimate.id,
    number: after!.number,
    supplementNumber: after!.supplementNumber,
    estimateAmountCents,
  };
}
