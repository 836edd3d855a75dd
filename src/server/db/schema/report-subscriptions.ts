import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { REPORT_CADENCES, REPORT_DELIVERY_STATUSES } from '@shared/report-subscriptions.js';
import { bytea } from './columns.js';
import { mailOutbox } from './mail.js';
import { users } from './users.js';

/**
 * "Email me this report" (issue 14): a user's saved report filters (the date preset, not days, so each
 * delivery covers the period before it) and how often. Cancelled ones are kept with their deliveries.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The report filter (src/shared/reports.ts `reportFilterSchema`), validated again at each delivery. */
    filters: jsonb('filters').notNull(),
    cadence: text('cadence', { enum: REPORT_CADENCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    index('report_subscriptions_user_idx').on(table.userId),
    index('report_subscriptions_active_idx')
      .on(table.cadence)
      .where(sql`cancelled_at is null`),
  ],
);

/**
 * One row per subscription and period ('2026-W48', '2026-11'): the unique pair is the claim that makes a
 * period delivered once however many processes or retries try; the mail is queued in the same transaction.
 * The PDF is kept (also when nothing was sent because the report was empty) for the delivery log.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    status: text('status', { enum: REPORT_DELIVERY_STATUSES }).notNull(),
    reason: text('reason'),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    spanFrom: date('span_from', { mode: 'string' }),
    spanTo: date('span_to', { mode: 'string' }),
    claims: integer('claims'),
    pdf: bytea('pdf'),
    pdfFileName: text('pdf_file_name'),
    /** Failed attempts are tried again at the next run, up to REPORT_DELIVERY_ATTEMPTS. */
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('report_deliveries_period_key').on(table.subscriptionId, table.period)],
);
