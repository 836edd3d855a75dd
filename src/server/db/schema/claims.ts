import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRIORITIES } from '@shared/claims.js';
import {
  CLAIM_STATUSES,
  FINISHED_STATUSES,
  STATUS_SORT_ORDER,
  WORKFLOWS,
  type ClaimStatus,
} from '@shared/workflows.js';
import { apiTokens } from './api-tokens.js';
import { companies } from './companies.js';
import { locations, repairFacilities, vehicles } from './fleet.js';
import { outsideLinks } from './outside-links.js';
import { users } from './users.js';

/**
 * The finished statuses as SQL literals. Conditions on open claims use literals, not parameters, so that the
 * planner can match them to the partial indexes of open claims.
 */
export const FINISHED_STATUS_LIST = FINISHED_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * A value's place in `order`, 1 first, as a generated column's expression: claims sort by status in work order
 * (`STATUS_SORT_ORDER`) and by priority from low to urgent, not alphabetically. Changing either order needs a
 * migration (`npm run db:generate`); a test checks the database sorts as the constants say.
 */
const rankIn = (order: readonly string[], column: string) =>
  sql.raw(`array_position(array[${order.map((value) => `'${value}'`).join(', ')}]::text[], ${column})`);

/** One row per counter; claim numbers come from here inside the creating transaction, so they have no gaps. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/** A repair case (the routes call it "vehicle": /vehicles/{id} is a claim's page). */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Sequential, shown as CLM-000123. */
    number: bigint('number', { mode: 'number' }).notNull().unique(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    workflow: text('workflow', { enum: WORKFLOWS }).notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('reported'),
    /** Where an on-hold claim returns to. */
    statusBeforeHold: text('status_before_hold', { enum: CLAIM_STATUSES }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The status's place in work order, for sorting. */
    statusRank: integer('status_rank').notNull().generatedAlwaysAs(rankIn(STATUS_SORT_ORDER, 'status')),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('normal'),
    /** 1 (low) to 4 (urgent), for sorting. */
    priorityRank: integer('priority_rank').notNull().generatedAlwaysAs(rankIn(PRIORITIES, 'priority')),
    description: text('description').notNull(),
    lossDate: date('loss_date').notNull(),
    reportedByName: text('reported_by_name'),
    reportedByPhone: text('reported_by_phone'),
    drivable: boolean('drivable'),
    towRequired: boolean('tow_required').notNull().default(false),
    rentalNeeded: boolean('rental_needed').notNull().default(false),
    odometerAtIntake: integer('odometer_at_intake'),
    repairFacilityId: uuid('repair_facility_id').references(() => repairFacilities.id, {
      onDelete: 'set null',
    }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    insurer: text('insurer'),
    insurerClaimNumber: text('insurer_claim_number'),
    adjusterName: text('adjuster_name'),
    adjusterPhone: text('adjuster_phone'),
    adjusterEmail: text('adjuster_email'),
    policyNumber: text('policy_number'),
    deductibleCents: integer('deductible_cents'),
    estimateAmountCents: integer('estimate_amount_cents'),
    approvedAmountCents: integer('approved_amount_cents'),
    finalAmountCents: integer('final_amount_cents'),
    dropOffDate: date('drop_off_date'),
    eta: date('eta'),
    /**
     * The first ETA the claim was given, kept by a trigger (migration 0018) when `eta` is first set: the repair
     * facility scorecard's on-time rate measures completion against it, not against a later, moved ETA.
     */
    firstEta: date('first_eta'),
    /**
     * Figures of the reports kept per claim by triggers (migration 0026, decision 025), so that a report reads
     * them instead of computing them claim by claim: the original estimate's total (supplement 0), whether the
     * claim has an estimate and a supplement, whether it is a comeback (its vehicle came back within
     * COMEBACK_WINDOW_DAYS of the completion), the seconds spent in each open status over the spans its history
     * closed, and the open status it is still waiting in since when.
     */
    firstEstimateCents: integer('first_estimate_cents'),
    hasEstimate: boolean('has_estimate').notNull().default(false),
    hasSupplement: boolean('has_supplement').notNull().default(false),
    comeback: boolean('comeback').notNull().default(false),
    statusSeconds: jsonb('status_seconds')
      .$type<Partial<Record<ClaimStatus, number>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    waitingStatus: text('waiting_status', { enum: CLAIM_STATUSES }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Lower-cased claim number, VIN, unit number, plate, make, model, insurer claim number and driver, kept
     * by the service; one trigram index serves the claims search.
     */
    searchText: text('search_text').notNull().default(''),
    /** Optimistic locking: every update must carry the version it read. */
    version: integer('version').notNull().default(1),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Ascending indexes: PostgreSQL scans them backwards for ORDER BY … DESC (NULLS FIRST), which a
  // DESC NULLS LAST index cannot serve.
  (table) => [
    index('claims_company_status_idx').on(table.companyId, table.status, table.updatedAt),
    index('claims_status_updated_idx').on(table.status, table.updatedAt),
    // One status sorted by ETA (a column of the board or the dashboard, soonest first) reads in index order.
    index('claims_status_eta_idx').on(table.status, table.eta, table.id),
    // The Claim Manager's columns: one workflow's claims in a status, longest in it first. The company and
    // the last update ride along so that the counts (scoped, with the stale ones) and the first cards of each
    // column are read from the index alone.
    index('claims_board_idx').on(
      table.workflow,
      table.status,
      table.statusChangedAt,
      table.id,
      table.companyId,
      table.updatedAt,
    ),
    index('claims_updated_idx').on(table.updatedAt, table.id),
    index('claims_status_rank_idx').on(table.statusRank, table.id),
    index('claims_priority_rank_idx').on(table.priorityRank, table.id),
    index('claims_created_idx').on(table.createdAt, table.id),
    index('claims_loss_date_idx').on(table.lossDate, table.id),
    index('claims_eta_idx').on(table.eta, table.id),
    // The latest ETA first with the claims without one last, which a backward scan of the index above cannot give.
    index('claims_eta_desc_idx').on(table.eta.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('claims_vehicle_idx').on(table.vehicleId, table.createdAt),
    index('claims_assignee_idx').on(table.assigneeId, table.status),
    index('claims_facility_idx').on(table.repairFacilityId, table.status),
    index('claims_location_idx').on(table.locationId, table.status),
    index('claims_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // A search within one company (a fleet user's scope, or the company filter) reads only that company's
    // entries: btree_gin puts the company beside the trigrams in one index (migration 0020, decision 022).
    index('claims_company_search_trgm_idx').using(
      'gin',
      table.companyId,
      sql`${table.searchText} gin_trgm_ops`,
    ),
    // A search word with a digit and SEARCH_GRAM_LENGTH characters or more (src/server/db/search-grams.ts) is looked
    // up by its last gram in the grams of the search text (migration 0039): a VIN's last six are one short list, not
    // tens of thousands of trigram matches to check. The trigram indexes above serve every other word.
    index('claims_search_grams_idx').using('gin', sql`claim_search_grams(${table.searchText})`),
    // The dashboard: a company's latest moves, and the caller's open claims, most recently updated first.
    index('claims_company_moved_idx').on(table.companyId, table.statusChangedAt),
    index('claims_assignee_open_idx')
      .on(table.assigneeId, table.updatedAt, table.id)
      .where(sql.raw(`status not in (${FINISHED_STATUS_LIST})`)),
  ],
);

export const claimStatusHistory = pgTable(
  'claim_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: CLAIM_STATUSES }),
    toStatus: text('to_status', { enum: CLAIM_STATUSES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token the move came through (shown as "API: <token name>"); null from a browser. */
    apiTokenId: uuid('api_token_id').references(() => apiTokens.id),
    /** The shop link the move came through (shown as "Shop: <facility> via link"); null otherwise. */
    outsideLinkId: uuid('outside_link_id').references((): AnyPgColumn => outsideLinks.id, {
      onDelete: 'set null',
    }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Insertion order, for entries with the same `created_at`: two moves in one transaction (an automatic
     * approval) on a clock that ticks in milliseconds (PGlite's) would otherwise come back in either order.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [index('claim_status_history_claim_idx').on(table.claimId, table.createdAt, table.seq)],
);

export const claimNotes = pgTable(
  'claim_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin who wrote it while impersonating the author; null otherwise. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The shop link it was written through (no author then); null otherwise. */
    outsideLinkId: uuid('outside_link_id').references((): AnyPgColumn => outsideLinks.id, {
      onDelete: 'set null',
    }),
    body: text('body').notNull(),
    mentionedUserIds: uuid('mentioned_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('claim_notes_claim_idx').on(table.claimId, table.createdAt)],
);

/** Users told about every move of a claim (besides its assignee). */
export const claimWatchers = pgTable(
  'claim_watchers',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.claimId, table.userId] }),
    index('claim_watchers_user_idx').on(table.userId),
  ],
);
