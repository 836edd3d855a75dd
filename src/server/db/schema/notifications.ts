import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'mention',
        'assignment',
        'status_change',
        'authorization_request',
        'authorization_decision',
        'estimate_review',
        'system',
      ],
    }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The claim the notification is about (the spec's "vehicle"), if any. */
    relatedVehicleId: uuid('related_vehicle_id'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // Serves the poll (newest first per user) and the unread filter.
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_user_unread_idx')
      .on(table.userId, table.createdAt)
      .where(sql`not ${table.isRead}`),
  ],
);
