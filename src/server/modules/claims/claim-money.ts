import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';

/**
 * The one writer of a claim's final amount outside the claim's own edit and moves (decision 038): the claim's
 * share of its invoice when the invoice is sent. The claim's version moves on, as for any change of the claim,
 * and the audit says where the amount came from. A claim whose amount is already that is left as it is.
 */
export async function recordFinalAmounts(
  tx: Database,
  actor: Actor,
  amounts: ReadonlyMap<string, number>,
  source: { invoiceId: string },
) {
  for (const [claimId, cents] of amounts) {
    const [before] = await tx
      .select({ finalAmountCents: claims.finalAmountCents })
      .from(claims)
      .where(and(eq(claims.id, claimId), sql`${claims.finalAmountCents} is distinct from ${cents}`))
      .for('update');
    if (!before) continue;
    await updateClaimFields(tx, actor, claimId, {
      set: { finalAmountCents: cents },
      before: { finalAmountCents: before.finalAmountCents },
      after: { finalAmountCents: cents, invoiceId: source.invoiceId },
    });
  }
}

/** Claim columns a change other than a move may set: never the status, which only `moveClaim` writes. */
export type ClaimFieldsSet = Omit<PgUpdateSetSource<typeof claims>, 'status' | 'statusBeforeHold'>;

/**
 * A change the system makes to a claim's fields inside the caller's transaction (an import, a sent invoice):
 * the claim's version moves on and the audit says what changed and why (`before`, `after`).
 */
export async function updateClaimFields(
  tx: Database,
  actor: Actor,
  claimId: string,
  change: { set: ClaimFieldsSet; before: object; after: object },
) {
  await tx
    .update(claims)
    .set({
      ...change.set,
      version: sql`${claims.version} + 1`,
      updatedById: actorUserId(actor),
      updatedAt: sql`now()`,
    })
    .where(eq(claims.id, claimId));
  await recordAudit(tx, actor, {
    action: 'claim.updated',
    entityType: 'claim',
    entityId: claimId,
    before: change.before,
    after: change.after,
  });
}
