import type { Database } from '../../db/client.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { loadClaimRow } from './claim-read.js';
import { presentClaimListItem } from './claim.presenter.js';

/**
 * A claim's webhook event (issue 33): the claim as the list answers it (`GET /api/vehicles`), and what happened to
 * it. Built only when an endpoint listens; queued in the caller's transaction.
 */
export function emitClaimEvent(
  tx: Database,
  type: 'claim.created' | 'claim.status_changed',
  claim: { id: string; companyId: string },
  details: Record<string, unknown> = {},
) {
  return emitWebhookEvent(tx, {
    type,
    companyId: claim.companyId,
    claimId: claim.id,
    data: async () => ({ claim: presentClaimListItem(await loadClaimRow(tx, 'all', claim.id)), ...details }),
  });
}
