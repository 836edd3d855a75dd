import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** System-wide settings an admin changes at run time (e.g. the fleet-dashboard company). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
