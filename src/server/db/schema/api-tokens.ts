import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Tokens other systems call the API with (issue 33, decision 043). Only the token's SHA-256 is kept, so a leaked
 * table cannot be replayed; `hint` is its first characters, for telling tokens apart in the list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    /** The permission strings it may use; each must still be its creator's when it is used. */
    scopes: text('scopes').array().notNull(),
    /** The companies it may reach; null for every company its creator may reach. */
    companyIds: uuid('company_ids').array(),
    /** The admin it acts for. Users are deactivated, never deleted; a deactivated creator's tokens stop working. */
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Written at most once a minute per token, so a busy integration costs no write per request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (table) => [index('api_tokens_created_idx').on(table.createdAt)],
);
