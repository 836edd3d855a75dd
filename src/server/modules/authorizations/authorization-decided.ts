import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { getAuthorization } from './authorization-read.js';

/**
 * What every decision of a request leaves, a person's or the automatic one within the company's limit: the
 * `authorization.decided` audit entry and the `authorization.decided` webhook event (the request as
 * `GET /api/authorizations/{id}` answers it, ordered with its claim's events), in the caller's transaction.
 */
export async function recordAuthorizationDecided(
  tx: Database,
  actor: Actor,
  request: { id: string; claimId: string; companyId: string },
  audit: { actorId?: null; before: Record<string, unknown>; after: Record<string, unknown> },
) {
  await recordAudit(tx, actor, {
    action: 'authorization.decided',
    entityType: 'authorization',
    entityId: request.id,
    ...audit,
  });
  await emitWebhookEvent(tx, {
    type: 'authorization.decided',
    companyId: request.companyId,
    claimId: request.claimId,
    data: async () => ({ authorization: await getAuthorization(tx, 'all', request.id) }),
  });
}
