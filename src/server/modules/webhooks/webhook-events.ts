import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '@shared/webhooks.js';
import type { Database } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

/** An event of a company's record, as the endpoints receive it under `data`. */
export interface WebhookEventInput {
  type: WebhookEvent;
  companyId: string;
  /** The claim it concerns, if one (the delivery log links it). */
  claimId: string | null;
  /** The record whose events arrive in order (the claim unless given: an invoice's events follow the invoice). */
  subjectId?: string | null;
  /** Built only when an endpoint listens (`data` is a function): the record as the API answers it. */
  data: () => Promise<unknown> | unknown;
}

const listening = (type: WebhookEvent, companyId: string) =>
  sql`${webhookEndpoints.enabled} and ${type} = any(${webhookEndpoints.events})
    and (${webhookEndpoints.companyIds} is null or ${companyId}::uuid = any(${webhookEndpoints.companyIds}))`;

/**
 * Queues the event for every enabled endpoint that chose its type and its company, in the caller's transaction (the
 * write and its deliveries commit together; the insert wakes the delivery job). Costs one indexed read of the few
 * endpoints when nobody listens; the record is built once for all endpoints.
 */
export async function emitWebhookEvent(db: Database, event: WebhookEventInput) {
  const [listener] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(listening(event.type, event.companyId))
    .limit(1);
  if (!listener) return;
  const eventId = randomUUID();
  const body = JSON.stringify({
    id: eventId,
    type: event.type,
    timestamp: new Date().toISOString(),
    data: await event.data(),
  });
  const d = webhookDeliveries;
  await db.execute(sql`
    insert into ${d} (${sql.identifier(d.endpointId.name)}, ${sql.identifier(d.eventId.name)},
      ${sql.identifier(d.eventType.name)}, ${sql.identifier(d.companyId.name)}, ${sql.identifier(d.claimId.name)},
      ${sql.identifier(d.subjectId.name)}, ${sql.identifier(d.body.name)})
    select ${webhookEndpoints.id}, ${eventId}::uuid, ${event.type}, ${event.companyId}::uuid, ${event.claimId}::uuid,
      ${event.subjectId ?? event.claimId}::uuid, ${body}
    from ${webhookEndpoints}
    where ${listening(event.type, event.companyId)}
    order by ${webhookEndpoints.id}`);
}
