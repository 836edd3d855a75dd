import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The outcome of each creating request sent with an `Idempotency-Key` header, per user, kept a day
 * (plugins/idempotency.ts, decision 040): a retry with the same key is answered from here instead of creating
 * again. `status` null: the first request is still running (or its outcome is not known yet).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the route, its parameters and the body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Which run of the request holds the key: a run whose key was taken over (abandoned) cannot complete it. */
    attempt: uuid('attempt').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
