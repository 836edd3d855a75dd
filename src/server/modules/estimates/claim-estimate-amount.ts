import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { IMPORTED_ESTIMATE_SOURCES } from '@shared/estimates.js';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, estimates } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';

/**
 * Locks the claim's row for the rest of the transaction and answers what the estimates' rules read of it: the
 * estimates of one claim are numbered, counted and summed one writer at a time (decision 015).
 */
export async function lockClaimEstimates(tx: Database, claimId: string) {
  const [claim] = await tx
    .select({
      id: claims.id,
      companyId: claims.companyId,
      number: claims.number,
      estimateAmountCents: claims.estimateAmountCents,
      approvedAmountCents: claims.approvedAmountCents,
    })
    .from(claims)
    .where(eq(claims.id, claimId))
    .for('update');
  if (!claim) throw new Error(`claim ${claimId} vanished`);
  return claim;
}

/**
 * The claim's estimate amount follows its latest counted estimate (decision 015, extended by 020 and 021): the
 * one with the highest supplement number among those approved, and the committed imports (CCC, Tekmetric) not
 * rejected (a locked CCC version or a synced RO is the shop's estimate of record, until someone rejects it).
 * Inside the caller's transaction: locks the claim's row and reads its amounts there (never a caller's copy,
 * so calling it twice changes the claim once), bumps the claim's version and audits a change. Nothing counted
 * leaves the amount as typed. The estimate writer (estimate-versions.ts) calls it after every version it
 * writes; a decision calls it after deciding.
 */
export async function syncClaimEstimateAmount(
  tx: Database,
  actor: Actor,
  { id: claimId }: { id: string },
  options: { approved?: boolean; estimateId?: string } = {},
): Promise<number | null> {
  const claim = await lockClaimEstimates(tx, claimId);
  const latestWhere = (counted: SQL | undefined) =>
    tx
      .select({ id: estimates.id, totalCents: estimates.totalCents })
      .from(estimates)
      .where(and(eq(estimates.claimId, claim.id), counted))
      .orderBy(desc(estimates.supplementNumber))
      .limit(1);
  const [latest] = await latestWhere(
    or(
      eq(estimates.status, 'approved'),
      and(
        inArray(estimates.source, [...IMPORTED_ESTIMATE_SOURCES]),
        eq(estimates.preliminary, false),
        ne(estimates.status, 'rejected'),
      ),
    ),
  );
  // An approval also sets the approved amount to the latest approved estimate (decision 015).
  const [approved] = options.approved ? await latestWhere(eq(estimates.status, 'approved')) : [];
  const estimateAmount = latest?.totalCents ?? claim.estimateAmountCents;
  const approvedAmount = approved?.totalCents ?? claim.approvedAmountCents;
  const estimateChanged = estimateAmount !== claim.estimateAmountCents;
  const approvedChanged = approved !== undefined && approvedAmount !== claim.approvedAmountCents;
  if (!estimateChanged && !approvedChanged) return claim.estimateAmountCents;
  await tx
    .update(claims)
    .set({
      estimateAmountCents: estimateAmount,
      ...(approved ? { approvedAmountCents: approvedAmount } : {}),
      version: sql`${claims.version} + 1`,
      updatedById: actorUserId(actor),
      updatedAt: sql`now()`,
    })
    .where(eq(claims.id, claim.id));
  await recordAudit(tx, actor, {
    action: 'claim.updated',
    entityType: 'claim',
    entityId: claim.id,
    before: {
      estimateAmountCents: claim.estimateAmountCents,
      ...(approved ? { approvedAmountCents: claim.approvedAmountCents } : {}),
    },
    after: {
      estimateAmountCents: estimateAmount,
      ...(approved ? { approvedAmountCents: approvedAmount } : {}),
      estimateId: options.estimateId ?? latest!.id,
    },
  });
  return estimateAmount;
}
