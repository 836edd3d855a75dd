import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ATTACHMENT_KINDS } from '@shared/attachments.js';
import { claims } from './claims.js';
import { outsideLinks } from './outside-links.js';
import { users } from './users.js';

/**
 * A file on a claim. The bytes live in file storage under `storageKey` (named by the row's id, never by the
 * user's file name); this row is what the product knows about them. Rows go with their claim (cascade);
 * the claims service removes the stored files.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ATTACHMENT_KINDS }).notNull(),
    /** As uploaded (cleaned of paths and control characters); only ever sent back in Content-Disposition. */
    fileName: text('file_name').notNull(),
    /** Found in the bytes by the server. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin who uploaded it while impersonating the uploader; null otherwise. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The shop link it was uploaded through (no uploader then); null otherwise. */
    outsideLinkId: uuid('outside_link_id').references((): AnyPgColumn => outsideLinks.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('attachments_claim_idx').on(table.claimId, table.createdAt)],
);
