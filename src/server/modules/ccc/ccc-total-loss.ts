import { sql } from 'drizzle-orm';
import { formatClaimNumber } from '@shared/claims.js';
import { formatCents } from '@shared/money.js';
import { allowedTransitions } from '@shared/workflows.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims } from '../../db/schema/index.js';
import { claimFollowers, loadClaimRow, moveClaim, updateClaimFields } from '../claims/index.js';
import { notify } from '../notifications/index.js';
import type { BmsEstimate } from './bms-parser.js';

export const TOTAL_LOSS_TAG = 'Total loss';

type ClaimRow = Awaited<ReturnType<typeof loadClaimRow>>;

/**
 * A total-loss estimate moves a collision claim to "Total loss" when the workflow allows it from its status
 * (estimate in review, repair approved); otherwise the claim is tagged "Total loss" and its assignee and
 * watchers are told, so a person decides. Decided on the claim as read in the import's transaction.
 */
export async function applyTotalLoss(
  tx: Database,
  actor: Actor,
  claimId: string,
  estimate: BmsEstimate,
): Promise<string> {
  return applyTotalLossTo(tx, actor, await loadClaimRow(tx, 'all', claimId), estimate);
}

/**
 * The same on a claim the caller read: the move, like any, is the workflow's (`moveClaim`, the source named in
 * its audit), and is refused (409) if the claim changed since that read; the import's transaction then writes
 * nothing and the file is imported again (the inbox keeps it, an upload is sent again).
 */
export async function applyTotalLossTo(
  tx: Database,
  actor: Actor,
  row: ClaimRow,
  estimate: BmsEstimate,
): Promise<string> {
  const { claim } = row;
  const claimId = claim.id;
  const valuation = estimate.valuationCents ? ` of ACV ${formatCents(estimate.valuationCents)}` : '';
  const note = `CCC estimate flags a total loss: gross ${formatCents(estimate.totals.grossCents)}${valuation}`;
  if (
    claim.workflow === 'collision' &&
    allowedTransitions(claim.workflow, claim.status, claim.statusBeforeHold).includes('total_loss')
  ) {
    await moveClaim(
      tx,
      actor,
      claim,
      row.vehicle.unitNumber,
      { to: 'total_loss', note },
      { source: { kind: 'ccc', reference: estimate.documentId } },
    );
    return 'Moved the claim to Total loss';
  }
  if (!claim.tags.some((tag) => tag.toLowerCase() === TOTAL_LOSS_TAG.toLowerCase())) {
    await updateClaimFields(tx, actor, claimId, {
      set: { tags: sql`array_append(${claims.tags}, ${TOTAL_LOSS_TAG})` },
      before: { tags: claim.tags },
      after: { tags: [...claim.tags, TOTAL_LOSS_TAG], reason: note },
    });
  }
  const recipients = await claimFollowers(tx, claim);
  await notify(tx, actor, recipients, {
    type: 'system',
    title: `${formatClaimNumber(claim.number)} may be a total loss`,
    message: `${row.vehicle.unitNumber}: ${note}. Review the claim: it cannot move to Total loss from its status.`,
    relatedVehicleId: claimId,
  });
  return 'Flagged the claim as a total loss for review';
}
