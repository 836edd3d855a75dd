import {
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { apiTokens } from './api-tokens.js';
import { outsideLinks } from './outside-links.js';
import { users } from './users.js';

/** Who (and which impersonating admin) did what to which record, with before/after, when and from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    /** The admin who acted while impersonating `actorId`. Users are never deleted, so it always names one. */
    impersonatorId: uuid('impersonator_id').references(() => users.id),
    /** The API token `actorId` acted through (audited as "API: <token name>"); null for a browser session. */
    apiTokenId: uuid('api_token_id').references(() => apiTokens.id),
    /** The shop link someone outside the office acted through (no `actorId` then); null otherwise. */
    outsideLinkId: uuid('outside_link_id').references((): AnyPgColumn => outsideLinks.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
  ],
);
