import type { Database } from '../../db/client.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { getEstimate } from './estimate-read.js';

/**
 * An estimate's webhook event (issue 33): the estimate as `GET /api/estimates/{id}` answers it, ordered with its
 * claim's other events. Built only when an endpoint listens; queued in the caller's transaction.
 */
export function emitEstimateEvent(
  tx: Database,
  type: 'estimate.added' | 'estimate.updated' | 'estimate.approved',
  estimateId: string,
  claim: { id: string; companyId: string },
) {
  return emitWebhookEvent(tx, {
    type,
    companyId: claim.companyId,
    claimId: claim.id,
    data: async () => ({ estimate: await getEstimate(tx, 'all', estimateId) }),
  });
}
