import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUTHORIZATION_STATUSES } from '@shared/authorizations.js';
import { claims } from './claims.js';
import { users } from './users.js';

/** A request to authorize mechanical work on a claim, and its decision. */
export const authorizationRequests = pgTable(
  'authorization_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** 1 for the claim's first request, then 2, … */
    sequence: integer('sequence').notNull(),
    status: text('status', { enum: AUTHORIZATION_STATUSES }).notNull().default('pending'),
    requestedAmountCents: integer('requested_amount_cents').notNull(),
    approvedAmountCents: integer('approved_amount_cents'),
    note: text('note'),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAutomatically: boolean('decided_automatically').notNull().default(false),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('authorization_requests_claim_sequence_key').on(table.claimId, table.sequence),
    // At most one request awaits a decision per claim; also finds it (and the dashboard's pending ones).
    uniqueIndex('authorization_requests_pending_key')
      .on(table.claimId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export const authorizationLines = pgTable(
  'authorization_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorizationId: uuid('authorization_id')
      .notNull()
      .references(() => authorizationRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Null until decided. */
    approved: boolean('approved'),
    /** The Tekmetric job this line mirrors (the sync's key); null for a line entered in FleetClaims. */
    tekmetricJobId: text('tekmetric_job_id'),
  },
  (table) => [
    uniqueIndex('authorization_lines_authorization_position_key').on(table.authorizationId, table.position),
    uniqueIndex('authorization_lines_tekmetric_job_key')
      .on(table.tekmetricJobId)
      .where(sql`${table.tekmetricJobId} is not null`),
  ],
);
