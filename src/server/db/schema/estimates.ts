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
import { ESTIMATE_OPERATIONS, ESTIMATE_SOURCES, ESTIMATE_STATUSES } from '@shared/estimates.js';
import { claims } from './claims.js';
import { users } from './users.js';

/**
 * A repair estimate of a claim: the original (supplement 0) and its supplements. Totals are what the server
 * computed from the lines (src/shared/estimates.ts), stored so that lists and reports need not recompute.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ESTIMATE_SOURCES }).notNull(),
    number: text('number').notNull(),
    supplementNumber: integer('supplement_number').notNull(),
    status: text('status', { enum: ESTIMATE_STATUSES }).notNull().default('pending'),
    /** The rate the labour was priced at, and whether it came from the facility or the estimate. */
    laborRateCents: integer('labor_rate_cents'),
    laborRateSource: text('labor_rate_source', { enum: ['facility', 'estimate'] }),
    taxRatePercent: numeric('tax_rate_percent', { precision: 6, scale: 3, mode: 'number' })
      .notNull()
      .default(0),
    taxLabor: boolean('tax_labor').notNull().default(false),
    note: text('note'),
    partsCents: integer('parts_cents').notNull(),
    laborCents: integer('labor_cents').notNull(),
    paintCents: integer('paint_cents').notNull(),
    otherCents: integer('other_cents').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Optimistic locking: an edit or a decision must carry the version it read. */
    version: integer('version').notNull().default(1),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** An imported estimate: CCC's DocumentID (shared by the original and its supplements) and version. */
    externalId: text('external_id'),
    externalVersion: integer('external_version'),
    /** An in-progress CCC version: stored, shown, never counted as the claim's estimate (decision 020). */
    preliminary: boolean('preliminary').notNull().default(false),
    /** From an imported file: the deductible and the net total (gross − deductible). */
    deductibleCents: integer('deductible_cents'),
    netCents: integer('net_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also serves "the claim's latest approved estimate" (a claim has a handful of estimates).
  (table) => [
    uniqueIndex('estimates_claim_supplement_key').on(table.claimId, table.supplementNumber),
    index('estimates_external_idx').on(table.externalId),
  ],
);

export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    operation: text('operation', { enum: ESTIMATE_OPERATIONS }).notNull(),
    description: text('description').notNull(),
    partNumber: text('part_number'),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    laborHours: numeric('labor_hours', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    laborCents: integer('labor_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** An imported line's identity across versions (CCC's UniqueSequenceNum), to show what a supplement changed. */
    externalKey: text('external_key'),
    /** An imported line's labour type (LAB body, LAR refinish, LAM mechanical, LAF frame). */
    laborType: text('labor_type'),
  },
  (table) => [uniqueIndex('estimate_lines_estimate_position_key').on(table.estimateId, table.position)],
);
