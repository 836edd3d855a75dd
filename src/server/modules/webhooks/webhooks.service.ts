import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type updateWebhookEndpointSchema,
  type webhookEndpointRequestSchema,
} from '@shared/webhooks.js';
import type { z } from 'zod';
import type { UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { companies, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { checkOutboundUrl, type OutboundUrlRules } from '../../outbound-url.js';
import { sealSecret } from '../../secret-box.js';
import { recordAudit } from '../audit/index.js';

type EndpointInput = z.output<typeof webhookEndpointRequestSchema>;
type EndpointPatch = z.output<typeof updateWebhookEndpointSchema>;
type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface WebhookSettings {
  secretsKey: Buffer | undefined;
  rules: OutboundUrlRules;
}

const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { fieldErrors: { [field]: [message] } });

/** The URL by the outbound rules (https, a public address unless the operator allows more), and the companies exist. */
async function checkTarget(db: Database, settings: WebhookSettings, input: Partial<EndpointInput>) {
  if (input.url !== undefined) {
    const checked = await checkOutboundUrl(input.url, settings.rules);
    if (!checked.ok) throw fieldError('url', checked.message);
  }
  if (input.companyIds) {
    const wanted = [...new Set(input.companyIds)];
    const [found] = await db.select({ n: count() }).from(companies).where(inArray(companies.id, wanted));
    if (found!.n !== wanted.length) throw fieldError('companyIds', 'Choose companies that exist');
  }
}

async function present(db: Database, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
  const ids = [...new Set(rows.flatMap((row) => row.companyIds ?? []))];
  const names = ids.length
    ? await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, ids))
    : [];
  const nameOf = new Map(names.map((company) => [company.id, company.name]));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((event): event is WebhookEvent =>
      WEBHOOK_EVENTS.includes(event as WebhookEvent),
    ),
    companies: row.companyIds?.map((id) => ({ id, name: nameOf.get(id) ?? 'Removed company' })) ?? null,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function endpointRow(db: Database, id: string): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function listWebhookEndpoints(db: Database): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return present(db, rows);
}

/** Registers an endpoint and answers its signing secret, shown this once (kept sealed with SECRETS_KEY). */
export async function createWebhookEndpoint(
  db: Database,
  actor: UserActor,
  settings: WebhookSettings,
  input: EndpointInput,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  if (!settings.secretsKey)
    throw new AppError('conflict', 'Set SECRETS_KEY before registering a webhook endpoint');
  await checkTarget(db, settings, input);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      description: input.description,
      events: input.events,
      companyIds: input.companyIds && [...new Set(input.companyIds)],
      secretSealed: sealSecret(settings.secretsKey, secret),
      createdById: actor.user.id,
    })
    .returning();
  await recordAudit(db, actor, {
    action: 'webhook.created',
    entityType: 'webhook_endpoint',
    entityId: row!.id,
    after: { url: input.url, events: input.events, companyIds: input.companyIds },
  });
  const [endpoint] = await present(db, [row!]);
  return { endpoint: endpoint!, secret };
}

/** Changes what an endpoint receives; turning it on again forgets its failures. */
export async function updateWebhookEndpoint(
  db: Database,
  actor: UserActor,
  settings: WebhookSettings,
  id: string,
  patch: EndpointPatch,
): Promise<WebhookEndpoint> {
  const before = await endpointRow(db, id);
  await checkTarget(db, settings, patch);
  const reenabled = patch.enabled === true && !before.enabled;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...patch,
      ...(patch.companyIds !== undefined
        ? { companyIds: patch.companyIds && [...new Set(patch.companyIds)] }
        : {}),
      ...(reenabled ? { disabledReason: null, failingSince: null } : {}),
      ...(patch.enabled === false ? { disabledReason: 'Turned off by an administrator' } : {}),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  await recordAudit(db, actor, {
    action: 'webhook.updated',
    entityType: 'webhook_endpoint',
    entityId: id,
    before: {
      url: before.url,
      events: before.events,
      companyIds: before.companyIds,
      enabled: before.enabled,
    },
    after: patch,
  });
  const [endpoint] = await present(db, [row!]);
  return endpoint!;
}

export async function deleteWebhookEndpoint(db: Database, actor: UserActor, id: string) {
  const before = await endpointRow(db, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  await recordAudit(db, actor, {
    action: 'webhook.deleted',
    entityType: 'webhook_endpoint',
    entityId: id,
    before: { url: before.url, events: before.events },
  });
}

function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEvent,
    claimId: row.claimId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastLatencyMs: row.lastLatencyMs,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** An endpoint's delivery log, newest first, a page at a time. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  page: { page: number; pageSize: number },
) {
  await endpointRow(db, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.seq))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items: rows.map(presentDelivery), total: total!.n, page: page.page, pageSize: page.pageSize };
}

/**
 * Sends a delivery again: the same event (the same `webhook-id`, so a receiver that has it can ignore it) queued
 * anew, now, behind nothing of its claim or invoice.
 */
export async function resendDelivery(
  db: Database,
  actor: UserActor,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [original] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!original) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  const [copy] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId,
      eventId: original.eventId,
      eventType: original.eventType,
      companyId: original.companyId,
      claimId: original.claimId,
      // Behind nothing: a resend goes out now, whatever else of its subject waits.
      subjectId: null,
      body: original.body,
    })
    .returning();
  await recordAudit(db, actor, {
    action: 'webhook.resent',
    entityType: 'webhook_endpoint',
    entityId: endpointId,
    after: { eventId: original.eventId, deliveryId: copy!.id },
  });
  return presentDelivery(copy!);
}
