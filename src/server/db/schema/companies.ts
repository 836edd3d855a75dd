import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Fleet owners. Every claim, vehicle and location belongs to one; managers and viewers see only theirs. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    billingAddress: text('billing_address'),
    notes: text('notes'),
    /** Mechanical authorizations at or under this many cents are approved at once; null: never. */
    autoApprovalLimitCents: integer('auto_approval_limit_cents'),
    /** Days from an invoice's issue to its due date. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** Percent charged on the taxable lines of its invoices. */
    taxRatePercent: numeric('tax_rate_percent', { precision: 6, scale: 3, mode: 'number' })
      .notNull()
      .default(0),
    /** Where invoices, reminders and statements are mailed. */
    billingEmail: text('billing_email'),
    invoiceRemindersEnabled: boolean('invoice_reminders_enabled').notNull().default(true),
    /** Its statement is mailed to the billing email on the first of each month (issue 15). */
    monthlyStatementsEnabled: boolean('monthly_statements_enabled').notNull().default(false),
    /** IANA zone its days start in and its times print in; new companies get DEFAULT_TIME_ZONE (config.ts). */
    timeZone: text('time_zone').notNull().default('UTC'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('companies_code_key').on(sql`lower(${table.code})`),
    index('companies_name_idx').on(table.name),
  ],
);
