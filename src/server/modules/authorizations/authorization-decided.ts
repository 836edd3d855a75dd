import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { getAuthorization } from './authorization-read.js';

/**
 * The `authorization.decided` webhook event: the request as `GET /api/authorizations/{id}` answers it, ordered with
 * its claim's events, queued in the caller's transaction. Every decision sends it: a person's and the automatic one
 * (through `recordAuthorizationDecided`), and one made in Tekmetric (its sync keeps its own audit entry).
 */
export function emitAuthorizationDecided(
  tx: Database,
  request: { id: string; claimId: string; companyId: string },
) {
  return emitWebhookEvent(tx, {
    type: 'authorization.decided',
    companyId: request.companyId,
    claimId: request.claimId,
    data: async () => ({ authorization: await getAuthorization(tx, 'all', request.id) }),
  });
}

/**
 * What a decision made in FleetClaims leaves, a person's or the automatic one within the company's limit: the
 * `authorization.decided` audit entry and the webhook event, in the caller's transaction.
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
  await emitAuthorizationDecided(tx, request);
}
