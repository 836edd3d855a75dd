import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TEKMETRIC_ENVIRONMENTS } from '@shared/tekmetric.js';
import { authorizationRequests } from './authorizations.js';
import { claims } from './claims.js';
import { repairFacilities } from './fleet.js';

/**
 * The Tekmetric connection: one row (id 1). The client secret is stored only encrypted with SECRETS_KEY
 * (AES-256-GCM, `src/server/secret-box.ts`) and never leaves the server.
 */
export const tekmetricConnection = pgTable('tekmetric_connection', {
  id: integer('id').primaryKey().default(1),
  environment: text('environment', { enum: TEKMETRIC_ENVIRONMENTS }).notNull().default('sandbox'),
  baseUrl: text('base_url').notNull(),
  clientId: text('client_id'),
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url; null when no secret is stored. */
  clientSecretEncrypted: text('client_secret_encrypted'),
  syncEveryMinutes: integer('sync_every_minutes').notNull().default(15),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One Tekmetric repair order synced into a mechanical claim: the idempotency key (RO id) and what was seen last. */
export const tekmetricRepairOrders = pgTable(
  'tekmetric_repair_orders',
  {
    roId: text('ro_id').primaryKey(),
    shopId: text('shop_id').notNull(),
    roNumber: text('ro_number'),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    authorizationId: uuid('authorization_id').references(() => authorizationRequests.id, {
      onDelete: 'set null',
    }),
    /** A hash of the RO's synced fields: an unchanged RO changes nothing. */
    fingerprint: text('fingerprint').notNull(),
    roUpdatedAt: timestamp('ro_updated_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tekmetric_repair_orders_claim_idx').on(table.claimId)],
);

/** The sync log: one row per run and shop. */
export const tekmetricSyncLog = pgTable(
  'tekmetric_sync_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The job run (job_runs.id) it belongs to; job runs are forgotten after a while, the log is not. */
    jobRunId: uuid('job_run_id'),
    shopId: text('shop_id').notNull(),
    facilityId: uuid('facility_id').references(() => repairFacilities.id, { onDelete: 'set null' }),
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    updatedSince: timestamp('updated_since', { withTimezone: true }),
    rosFetched: integer('ros_fetched').notNull().default(0),
    claimsCreated: integer('claims_created').notNull().default(0),
    claimsUpdated: integer('claims_updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: jsonb('skipped')
      .notNull()
      .default(sql`'[]'::jsonb`),
    errors: jsonb('errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Insertion order, for two rows started in the same millisecond. */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [index('tekmetric_sync_log_started_idx').on(table.startedAt, table.seq)],
);
