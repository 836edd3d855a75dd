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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INVOICE_LIFECYCLES, PAYMENT_METHODS } from '@shared/accounting.js';
import { claims } from './claims.js';
import { companies } from './companies.js';
import { users } from './users.js';

/**
 * An invoice to a company (issue 15). Its balance is never stored: it is the total less the applications of
 * unreversed payments and the credit notes (accounting/invoice-balance.sql.ts). The totals are what the
 * server computed from the lines (src/shared/accounting.ts), kept for lists.
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
  },
  (table) => [
    index('invoices_company_idx').on(table.companyId, table.issueDate),
    index('invoices_created_idx').on(table.createdAt, table.id),
    index('invoices_due_idx').on(table.dueDate, table.id),
    index('invoices_issue_idx').on(table.issueDate, table.id),
    check('invoices_number_when_issued', sql`(${table.lifecycle} = 'draft') = (${table.number} is null)`),
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
  },
  (table) => [
    index('payments_company_idx').on(table.companyId, table.receivedOn),
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
