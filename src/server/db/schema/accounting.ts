import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  bigint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INVOICE_LIFECYCLES, INVOICE_STATUSES, PAYMENT_METHODS } from '@shared/accounting.js';
import { claims } from './claims.js';
import { companies } from './companies.js';
import { users } from './users.js';

/**
 * An invoice to a company (issue 15). Its balance is derived: the total less the applications of unreversed
 * payments and the credit notes (accounting/invoice-balance.sql.ts). The totals are what the server computed
 * from the lines (src/shared/accounting.ts), kept for lists. What settled it is also kept, as a cache of that
 * derivation maintained by triggers (migration 0031, decision 031), so that lists and the aging read it by index.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** INV-2026-000001, given when sent (gapless per year); null while a draft. */
    number: text('number').unique(),
    lifecycle: text('lifecycle', { enum: INVOICE_LIFECYCLES }).notNull().default('draft'),
    issueDate: date('issue_date'),
    dueDate: date('due_date'),
    paymentTermsDays: integer('payment_terms_days').notNull(),
    taxRatePercent: numeric('tax_rate_percent', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    note: text('note'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The day the void takes effect, for balances as of a past date. */
    voidedOn: date('voided_on'),
    version: integer('version').notNull().default(1),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept by triggers (decision 031): applications of payments not reversed, as paidCentsSql(). */
    paidCents: integer('paid_cents').notNull().default(0),
    /** Kept by triggers: its credit notes, as creditedCentsSql(). */
    creditedCents: integer('credited_cents').notNull().default(0),
    /**
     * Kept by triggers: the latest day of anything dated that moves its balance as of a day (issue, void, a
     * payment applied or reversed, a credit note). As of that day or later its balance is the current one.
     */
    lastEntryOn: date('last_entry_on'),
    /**
     * Kept by triggers: the first day anything settled part of it (an application, reversed or not, or a credit
     * note). Before that day its balance was its whole total (decision 033).
     */
    firstSettledOn: date('first_settled_on'),
    /** What is still owed now (0 unless sent); derived from the columns above. */
    balanceCents: integer('balance_cents').generatedAlwaysAs(
      sql`case when lifecycle = 'sent' then total_cents - paid_cents - credited_cents else 0 end`,
    ),
    /** The status shown (invoiceStatus in src/shared/accounting.ts, the same rule). */
    status: text('status', { enum: INVOICE_STATUSES }).generatedAlwaysAs(
      sql`case when lifecycle <> 'sent' then lifecycle when paid_cents + credited_cents >= total_cents then 'paid' when paid_cents + credited_cents > 0 then 'partially_paid' else 'sent' end`,
    ),
  },
  (table) => [
    index('invoices_company_idx').on(table.companyId, table.issueDate),
    index('invoices_status_idx').on(table.status, table.dueDate, table.id),
    index('invoices_number_trgm_idx').using('gin', sql`${table.number} gin_trgm_ops`),
    // The invoices owing something now: the overdue filter, the balance sort and the aging read only these (the
    // aging from the index alone).
    index('invoices_open_idx')
      .on(table.lastEntryOn, table.dueDate, table.companyId, table.balanceCents)
      .where(sql`${table.balanceCents} <> 0`),
    // The invoices owing something, largest balance first: the overdue list's first page without sorting them all.
    index('invoices_owing_idx')
      .on(sql`${table.balanceCents} desc nulls last`, sql`${table.id} desc`)
      .where(sql`${table.balanceCents} > 0`),
    // The invoices whose balance as of a past day differs from today's (the aging as of that day).
    index('invoices_last_entry_idx').on(table.lastEntryOn, table.issueDate),
    index('invoices_created_idx').on(table.createdAt, table.id),
    index('invoices_due_idx').on(table.dueDate, table.id),
    index('invoices_issue_idx').on(table.issueDate, table.id),
    check('invoices_number_when_issued', sql`(${table.lifecycle} = 'draft') = (${table.number} is null)`),
  ],
);

/**
 * The invoices summed per company, status and due day (decision 033), kept by a trigger on `invoices` (migration
 * 0032) as `claim_counts` is on claims: the list's totals and the aging today read a few thousand of these rows
 * instead of every invoice. `settled_cents` is paid + credited; `open_invoices` counts those with a balance.
 */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    dueDate: date('due_date'),
    invoices: integer('invoices').notNull().default(0),
    openInvoices: integer('open_invoices').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    settledCents: bigint('settled_cents', { mode: 'number' }).notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    unique('invoice_totals_key').on(table.companyId, table.status, table.dueDate).nullsNotDistinct(),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    claimId: uuid('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    taxable: boolean('taxable').notNull().default(true),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [uniqueIndex('invoice_lines_invoice_position_key').on(table.invoiceId, table.position)],
);

/**
 * The claims an invoice bills. A claim is billed by at most one invoice that is not void: the partial unique
 * index refuses the second, also when two admins invoice the same claim at the same moment.
 */
export const invoiceClaims = pgTable(
  'invoice_claims',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'restrict' }),
    /** False once the invoice is void: the claim may be invoiced again. */
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.claimId] }),
    uniqueIndex('invoice_claims_active_claim_key')
      .on(table.claimId)
      .where(sql`${table.active}`),
  ],
);

/** Money received from a company; applied to its invoices by `payment_applications`, the rest is its credit. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    note: text('note'),
    /** A reversed payment settles nothing from `reversed_on` on. */
    reversedOn: date('reversed_on'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept by triggers (decision 031): what it applied, as paymentAppliedCentsSql(). */
    appliedCents: integer('applied_cents').notNull().default(0),
    /** Kept by triggers: the latest of its receipt, reversal and applications' days. */
    lastEntryOn: date('last_entry_on'),
    /** The company's credit from it now (0 once reversed); derived from the columns above. */
    unappliedCents: integer('unapplied_cents').generatedAlwaysAs(
      sql`case when reversed_at is null then amount_cents - applied_cents else 0 end`,
    ),
  },
  (table) => [
    index('payments_company_idx').on(table.companyId, table.receivedOn),
    // The payments leaving a credit now, and those whose credit as of a past day differs from today's (the aging).
    index('payments_unapplied_idx')
      .on(table.lastEntryOn)
      .where(sql`${table.unappliedCents} <> 0`),
    index('payments_last_entry_idx').on(table.lastEntryOn, table.receivedOn),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** Which payment settled how much of which invoice, from which day. */
export const paymentApplications = pgTable(
  'payment_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    appliedOn: date('applied_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_applications_invoice_idx').on(table.invoiceId),
    index('payment_applications_payment_idx').on(table.paymentId),
    check('payment_applications_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** A correction after sending: reduces the invoice's balance. Numbered CN-2026-000001 when issued. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    issuedOn: date('issued_on').notNull(),
    reason: text('reason').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_notes_invoice_idx').on(table.invoiceId),
    check('credit_notes_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * The overdue reminders sent (issue 15): one row per invoice and stage (days past due: 7, 30, 60 …), written in
 * the transaction that queues the mail, so each goes out once however many processes or retries try.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    /** Days past due on the day it was sent (the stage, or more when the job ran late). */
    daysPastDue: integer('days_past_due').notNull(),
    sentTo: text('sent_to').notNull(),
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.stage] })],
);

/**
 * The monthly statements mailed (issue 15): one row per company and statement day, written in the transaction
 * that queues the mail, so each company gets one statement a month however many processes or retries try.
 */
export const companyStatements = pgTable(
  'company_statements',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The day the statement stands at: the last day of the month before the mail. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    openCents: integer('open_cents').notNull(),
    creditCents: integer('credit_cents').notNull(),
    sentTo: text('sent_to').notNull(),
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.asOf] })],
);
