import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CCC_IMPORT_RESULTS, CCC_IMPORT_SOURCES, CCC_MATCHED_BY } from '@shared/ccc.js';
import { claims } from './claims.js';
import { bytea } from './columns.js';
import { estimates } from './estimates.js';
import { repairFacilities } from './fleet.js';
import { users } from './users.js';

/**
 * The CCC import log: one row per file received (uploaded, or dropped into the inbox folder), with the
 * original file, what the importer made of it and where it landed. A retry or a manual assignment processes
 * the stored file again and updates the row (decision 020).
 */
export const cccImports = pgTable(
  'ccc_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    /** The file's size as received (bigint: a file dropped in the inbox can be any size, and is logged unread). */
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The file as received, byte for byte: "download the original". */
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    source: text('source', { enum: CCC_IMPORT_SOURCES }).notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    result: text('result', { enum: CCC_IMPORT_RESULTS }).notNull(),
    reason: text('reason'),
    warnings: jsonb('warnings')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rqUid: text('rq_uid'),
    documentId: text('document_id'),
    versionCode: text('version_code'),
    versionNumber: integer('version_number'),
    committed: boolean('committed'),
    claimNumber: text('claim_number'),
    vin: text('vin'),
    grossCents: integer('gross_cents'),
    facilityName: text('facility_name'),
    facilityShopId: text('facility_shop_id'),
    repairFacilityId: uuid('repair_facility_id').references(() => repairFacilities.id, {
      onDelete: 'set null',
    }),
    claimId: uuid('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    estimateId: uuid('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    matchedBy: text('matched_by', { enum: CCC_MATCHED_BY }),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ccc_imports_created_idx').on(table.createdAt, table.id),
    index('ccc_imports_result_created_idx').on(table.result, table.createdAt, table.id),
    index('ccc_imports_rq_uid_idx').on(table.rqUid),
    index('ccc_imports_claim_idx').on(table.claimId),
  ],
);
