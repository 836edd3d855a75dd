import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TIMEOUT_MS,
} from '@shared/webhooks.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { defineJob } from '../../jobs/runner/index.js';
import type { Log } from '../../logger.js';
import { checkOutboundUrl, type OutboundUrlRules } from '../../outbound-url.js';
import { openSecret } from '../../secret-box.js';
import { recordAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';

/**
 * The Standard Webhooks signature (standardwebhooks.com): HMAC-SHA256, keyed with the secret's bytes (after
 * `whsec_`), over `<webhook-id>.<webhook-timestamp>.<body>`, sent as `v1,<base64>`.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export const WEBHOOK_BATCH_SIZE = 20;
/** A claimed delivery neither answered nor failed by then (the process died) is tried again. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;

type Claimed = typeof webhookDeliveries.$inferSelect & {
  url: string;
  secretSealed: string;
  failingSince: Date | null;
};

/**
 * Claims the due deliveries of endpoints that are on (SKIP LOCKED and a lease, so several processes share the queue
 * and send nothing twice), each only when no earlier delivery of its subject (claim or invoice) to its endpoint is still
 * pending: a claim's events arrive in order, and an invoice's.
 */
async function claimDue(db: Database, now: Date, batchSize: number): Promise<Claimed[]> {
  const d = webhookDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.status, 'pending'),
        sql`${d.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${d} earlier where earlier.endpoint_id = ${d.endpointId}
          and earlier.subject_id = ${d.subjectId} and earlier.status = 'pending' and earlier.seq < ${d.seq})`,
        // A turned-off endpoint's deliveries wait, and go out once it is turned on again.
        sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${d.endpointId}
          and ${webhookEndpoints.enabled})`,
      ),
    )
    .orderBy(d.seq)
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(d)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${d.attempts} + 1` })
    .where(inArray(d.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
      failingSince: webhookEndpoints.failingSince,
      enabled: webhookEndpoints.enabled,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return claimed
    .sort((a, b) => a.seq - b.seq)
    .flatMap((row) => {
      const endpoint = byId.get(row.endpointId);
      return endpoint ? [{ ...row, ...endpoint, id: row.id }] : [];
    });
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

async function send(delivery: Claimed, secret: string, rules: OutboundUrlRules, now: Date): Promise<Outcome> {
  const checked = await checkOutboundUrl(delivery.url, rules);
  if (!checked.ok) return { ok: false, statusCode: null, latencyMs: 0, error: checked.message };
  // The endpoint's own time: from the request to its answer, not the address check before it.
  const started = performance.now();
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const response = await fetch(checked.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'FleetClaims-Webhooks/1',
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secret, delivery.eventId, timestamp, delivery.body),
      },
      body: delivery.body,
      // A redirect could point anywhere (a private address): it counts as a failure, never followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const latencyMs = Math.round(performance.now() - started);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, statusCode: response.status, latencyMs, error: ok ? null : `Answered ${response.status}` };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const message =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return { ok: false, statusCode: null, latencyMs, error: message.slice(0, 500) };
  }
}

/** After a failure: the endpoint is failing since its first failure; a day of nothing but failures disables it. */
async function noteFailure(db: Database, actor: Actor, delivery: Claimed, now: Date) {
  const since = delivery.failingSince ?? now;
  if (!delivery.failingSince) {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: now })
      .where(and(eq(webhookEndpoints.id, delivery.endpointId), isNull(webhookEndpoints.failingSince)));
    return;
  }
  if (now.getTime() - since.getTime() < WEBHOOK_DISABLE_AFTER_MS) return;
  const reason = `Every delivery failed for a day (since ${since.toISOString()})`;
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
  if (!disabled) return;
  await recordAudit(db, actor, {
    action: 'webhook.disabled',
    entityType: 'webhook_endpoint',
    entityId: disabled.id,
    after: { reason },
  });
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)));
  await notify(
    db,
    actor,
    admins.map((admin) => admin.id),
    {
      type: 'system',
      title: 'Webhook endpoint disabled',
      message: `${disabled.url} failed every delivery for a day and receives no more events. Fix it, then turn it on again under System Settings → API & Webhooks.`,
    },
  );
}

/**
 * Sends the due deliveries once each: 2xx is delivered; anything else (an error answer, a timeout, a refused
 * address) is tried again on the Standard Webhooks schedule, and after the last attempt it has failed.
 */
export async function deliverDueWebhooks(
  db: Database,
  options: {
    actor: Actor;
    secretsKey: Buffer | undefined;
    rules: OutboundUrlRules;
    logger: Log;
    now: Date;
    batchSize?: number;
  },
): Promise<{ delivered: number; failed: number }> {
  const { now } = options;
  const claimed = await claimDue(db, now, options.batchSize ?? WEBHOOK_BATCH_SIZE);
  let delivered = 0;
  let failed = 0;
  for (const delivery of claimed) {
    const outcome = options.secretsKey
      ? await send(delivery, openSecret(options.secretsKey, delivery.secretSealed), options.rules, now)
      : {
          ok: false,
          statusCode: null,
          latencyMs: 0,
          error: 'SECRETS_KEY is not set: the signing secret cannot be read',
        };
    const result = {
      lastStatusCode: outcome.statusCode,
      lastLatencyMs: outcome.latencyMs,
      lastError: outcome.error,
    };
    if (outcome.ok) {
      delivered += 1;
      await db
        .update(webhookDeliveries)
        .set({ ...result, status: 'succeeded', deliveredAt: now })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (delivery.failingSince) {
        await db
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, delivery.endpointId));
      }
      continue;
    }
    failed += 1;
    const wait = WEBHOOK_RETRY_SECONDS[delivery.attempts - 1];
    const gaveUp = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS || wait === undefined;
    options.logger.warn(
      {
        endpointId: delivery.endpointId,
        eventId: delivery.eventId,
        attempts: delivery.attempts,
        err: outcome.error,
      },
      gaveUp ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
    );
    await db
      .update(webhookDeliveries)
      .set({
        ...result,
        status: gaveUp ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + (wait ?? 0) * 1000),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    await noteFailure(db, options.actor, delivery, now);
  }
  return { delivered, failed };
}

/**
 * The job that sends webhook deliveries. Queuing one wakes it in the same transaction (the
 * `webhook_deliveries_wake` trigger of migration 0041); the schedule every 5 seconds picks up retries whose wait has
 * passed. It sends batch after batch until nothing more is due.
 */
export function webhookDeliveryJob(options: {
  secretsKey: Buffer | undefined;
  integrationUrls: OutboundUrlRules;
}) {
  return defineJob({
    name: 'webhooks.deliver',
    schedule: { everyMs: 5_000 },
    // A delivery carries its own attempts and waits; a failed run is retried by the next wake or slot.
    retry: { attempts: 1, backoffMs: 0 },
    async handler({ db, actor, logger, signal, now }) {
      const total = { delivered: 0, failed: 0 };
      for (;;) {
        const batch = await deliverDueWebhooks(db, {
          actor,
          secretsKey: options.secretsKey,
          rules: options.integrationUrls,
          logger,
          now: now(),
        });
        total.delivered += batch.delivered;
        total.failed += batch.failed;
        // A full batch may leave more due; so may a short one, since each subject's next event waits for the one
        // before it (a claim created and moved at once goes out in two batches). Done when nothing more is due.
        if (batch.delivered + batch.failed === 0 || signal.aborted) return total;
      }
    },
  });
}
