import { and, eq, sql } from 'drizzle-orm';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { formatCents } from '@shared/money.js';
import {
  supplementLabel,
  type Estimate,
  type EstimateDecision,
  type EstimateValues,
  type UpdateEstimateValues,
} from '@shared/estimates.js';
import { actorScope, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, estimates } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { loadClaimRow } from '../claims/index.js';
import { decidersFor, displayName } from '../authorizations/index.js';
import { notify } from '../notifications/index.js';
import { lockClaimEstimates, syncClaimEstimateAmount } from './claim-estimate-amount.js';
import { priced } from './estimate-pricing.js';
import { emitEstimateEvent } from './estimate-webhooks.js';
import { claimFacility, getEstimate } from './estimate-read.js';
import {
  recordEstimateVersion,
  replaceEstimateVersion,
  STALE_ESTIMATE_MESSAGE,
} from './estimate-versions.js';
import { assertEstimateEditable, assertEstimatePending, isImportedEstimate } from './estimates.policy.js';

/**
 * What a person does with estimates: types one (the original or the next supplement), edits one awaiting
 * review, approves or rejects one. Versions are written by the one writer (estimate-versions.ts), as CCC's and
 * Tekmetric's are.
 */

/**
 * Adds an estimate to a claim: the original, or the next supplement (numbered by the writer, among the claim's
 * estimates of every source). A blank number reuses the original's, else EST- and the claim's digits. Those who
 * can approve it are told.
 */
export async function createEstimate(
  db: Database,
  actor: Actor,
  claimId: string,
  input: EstimateValues,
): Promise<Estimate> {
  const scope = actorScope(actor);
  const row = await loadClaimRow(db, scope, claimId);
  const facility = await claimFacility(db, row.claim.repairFacilityId);
  const version = priced(input, facility?.laborRateCents ?? null);
  const id = await db.transaction(async (tx) => {
    const created = await recordEstimateVersion(tx, actor, claimId, { ...version, source: 'manual' });
    const label = supplementLabel(created.supplementNumber);
    await notify(
      tx,
      actor,
      (await decidersFor(tx, row.claim.companyId)).map((user) => user.id),
      {
        type: 'estimate_review',
        title: `${label} awaits review on ${formatClaimNumber(row.claim.number)}: ${formatCents(version.totalCents)}`,
        message: `Unit ${row.vehicle.unitNumber} · ${label} ${created.number} was added${actor.kind === 'user' ? ` by ${displayName(actor.user)}` : ''}; approve or reject it under Estimates.`,
        relatedVehicleId: claimId,
      },
    );
    return created.id;
  });
  return getEstimate(db, scope, id);
}

/** Replaces an estimate awaiting review (its fields and all its lines), if `version` is still current. */
export async function updateEstimate(
  db: Database,
  actor: Actor,
  id: string,
  { version, ...input }: UpdateEstimateValues,
): Promise<Estimate> {
  const scope = actorScope(actor);
  const before = await getEstimate(db, scope, id);
  assertEstimatePending(before);
  assertEstimateEditable(before);
  if (before.version !== version) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
  const [claim] = await db
    .select({ repairFacilityId: claims.repairFacilityId })
    .from(claims)
    .where(eq(claims.id, before.claimId));
  const facility = await claimFacility(db, claim!.repairFacilityId);
  const values = priced(input, facility?.laborRateCents ?? null);
  await db.transaction((tx) =>
    replaceEstimateVersion(tx, actor, { id, claimId: before.claimId, expectedVersion: version }, values),
  );
  return getEstimate(db, scope, id);
}

/**
 * Approves or rejects an estimate awaiting review. Approving makes the claim's estimate amount and its
 * approved amount follow its latest approved estimate (the highest supplement approved: supplements are
 * complete estimates), in the same transaction, with the claim's version bumped and the change audited
 * (decision 015: the approved amount is set by the latest decision, an estimate's or an authorization's).
 */
export async function decideEstimate(
  db: Database,
  actor: Actor,
  id: string,
  decision: EstimateDecision,
): Promise<Estimate> {
  const scope = actorScope(actor);
  const before = await getEstimate(db, scope, id);
  assertEstimatePending(before);
  if (before.version !== decision.version) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
  const status = decision.action === 'approve' ? 'approved' : 'rejected';
  await db.transaction(async (tx) => {
    const claim = await lockClaimEstimates(tx, before.claimId);
    const [decided] = await tx
      .update(estimates)
      .set({
        status,
        decidedById: actorUserId(actor),
        decidedAt: sql`now()`,
        decisionNote: decision.note?.trim() || null,
        version: sql`${estimates.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(estimates.id, id), eq(estimates.version, decision.version), eq(estimates.status, 'pending')),
      )
      .returning({ id: estimates.id });
    if (!decided) throw new AppError('conflict', STALE_ESTIMATE_MESSAGE);
    await recordAudit(tx, actor, {
      action: `estimate.${status}`,
      entityType: 'estimate',
      entityId: id,
      before: { status: before.status },
      after: { status, note: decision.note?.trim() || null, totalCents: before.totalCents },
    });
    // Approving counts the estimate (and sets the approved amount); rejecting an imported one stops counting it.
    if (status === 'approved' || isImportedEstimate(before)) {
      await syncClaimEstimateAmount(tx, actor, claim, { approved: status === 'approved', estimateId: id });
    }
    if (status === 'approved') await emitEstimateEvent(tx, 'estimate.approved', id, claim);
  });
  return getEstimate(db, scope, id);
}
