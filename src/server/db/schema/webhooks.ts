import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES } from '@shared/webhooks.js';
import { users } from './users.js';

/** Where other systems receive events (issue 33, decision 044). The signing secret is sealed with SECRETS_KEY. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  /** The companies whose events it receives; null for every company. */
  companyIds: uuid('company_ids').array(),
  secretSealed: text('secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  /** The first failure since the last success; a day of failures disables the endpoint. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdById: uuid('created_by_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for one endpoint: the body exactly as signed, and where its delivery stands. Queued in the transaction of
 * the write that caused it; sent by the `webhooks.deliver` job, in `seq` order per endpoint and subject (claim or invoice).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    companyId: uuid('company_id'),
    claimId: uuid('claim_id'),
    /** The record whose events reach an endpoint in order: the claim (its moves, notes, estimates), or the invoice. */
    subjectId: uuid('subject_id'),
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Queue order: a subject's events reach an endpoint in the order they happened. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_subject_order_idx')
      .on(table.endpointId, table.subjectId, table.seq)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);
