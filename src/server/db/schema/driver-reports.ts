import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DRIVER_REPORT_KINDS, DRIVER_REPORT_STATUSES } from '@shared/driver-reports.js';
import { claims } from './claims.js';
import { companies } from './companies.js';
import { vehicles } from './fleet.js';
import { users } from './users.js';

/**
 * A vehicle's report link (issue 32, decision 048): printed as a QR code on its window tag and vehicle card, it takes
 * a driver's report without an account and reads nothing. Only the token's SHA-256 finds it; the token itself is kept
 * sealed with SECRETS_KEY (`token_sealed`), because a card is printed again long after the link was made. One link
 * per vehicle works at a time (renewing revokes the last).
 */
export const vehicleReportLinks = pgTable(
  'vehicle_report_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token sealed with SECRETS_KEY (`secret-box.ts`); null when there was no key: then it is shown once. */
    tokenSealed: text('token_sealed'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
    reports: integer('reports').notNull().default(0),
  },
  (table) => [
    uniqueIndex('vehicle_report_links_live_key')
      .on(table.vehicleId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/** What a driver sent through a vehicle's report link, until a manager opens a claim from it, attaches or dismisses it. */
export const driverReports = pgTable(
  'driver_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reference the driver's phone shows: DR-000042. */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => vehicleReportLinks.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: DRIVER_REPORT_KINDS }).notNull(),
    occurredOn: date('occurred_on').notNull(),
    occurredTime: text('occurred_time'),
    place: text('place'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    drivable: boolean('drivable').notNull(),
    injuries: boolean('injuries').notNull(),
    otherPartyName: text('other_party_name'),
    otherPartyPlate: text('other_party_plate'),
    otherPartyInsurer: text('other_party_insurer'),
    otherPartyPolicy: text('other_party_policy'),
    policeReportNumber: text('police_report_number'),
    witnesses: text('witnesses'),
    description: text('description').notNull(),
    driverName: text('driver_name').notNull(),
    driverPhone: text('driver_phone'),
    driverEmail: text('driver_email'),
    /** The SHA-256 of the key the driver's phone sends the photos with. */
    uploadKeyHash: text('upload_key_hash').notNull().unique(),
    status: text('status', { enum: DRIVER_REPORT_STATUSES }).notNull().default('new'),
    /** The claim opened from it or it was attached to. */
    claimId: uuid('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    dismissReason: text('dismiss_reason'),
    handledById: uuid('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('driver_reports_company_status_idx').on(table.companyId, table.status, table.createdAt),
    index('driver_reports_claim_idx').on(table.claimId),
    index('driver_reports_vehicle_idx').on(table.vehicleId),
    check(
      'driver_reports_kind_check',
      sql`${table.kind} in ('accident', 'damage_found', 'breakdown', 'glass', 'theft_vandalism')`,
    ),
    check(
      'driver_reports_status_check',
      sql`${table.status} in ('new', 'claim_opened', 'attached', 'dismissed')`,
    ),
  ],
);

/** A photo of a driver's report: stored like an attachment; copied to the claim's files when the report joins one. */
export const driverReportPhotos = pgTable(
  'driver_report_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => driverReports.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('driver_report_photos_report_idx').on(table.reportId, table.createdAt)],
);
