import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { claims } from './claims.js';
import { repairFacilities } from './fleet.js';
import { users } from './users.js';

/**
 * Links for people outside the office, who have no account (issue 32): the claim pack an adjuster downloads (`kind`
 * 'claim_pack') and the link a repair shop updates its claim through ('shop'). Each is its own unguessable token, of which only the SHA-256 is kept (a leaked table cannot
 * be replayed), reaches one claim only, ends at `expires_at`, and is revoked by setting `revoked_at`: a revoked or
 * expired link answers 410.
 */
export const outsideLinks = pgTable(
  'outside_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** Where it was sent (an e-mail address); null for a shop link that was copied, not mailed. */
    sentTo: text('sent_to'),
    /** The repair shop a shop link is for: its actions are named "Shop: <facility> via link". */
    facilityId: uuid('facility_id').references(() => repairFacilities.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => users.id),
    /** How many times it was used (a pack downloaded, a shop's update), and when last. */
    uses: integer('uses').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('outside_links_claim_idx').on(table.claimId, table.createdAt),
    check('outside_links_kind_check', sql`${table.kind} in ('claim_pack', 'shop')`),
  ],
);
