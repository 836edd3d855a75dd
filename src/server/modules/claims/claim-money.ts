import { and, eq, sql } from 'drizzle-orm';
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
    await tx
      .update(claims)
      .set({
        finalAmountCents: cents,
        version: sql`${claims.version} + 1`,
        updatedById: actorUserId(actor),
        updatedAt: sql`now()`,
      })
      .where(eq(claims.id, claimId));
    await recordAudit(tx, actor, {
      action: 'claim.updated',
      entityType: 'claim',
      entityId: claimId,
      before: { finalAmountCents: before.finalAmountCents },
      after: { finalAmountCents: cents, invoiceId: source.invoiceId },
    });
  }
}
