import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['admin', 'manager', 'viewer'] }).notNull(),
    passwordHash: text('password_hash'),
    profileImageUrl: text('profile_image_url'),
    /** Where the resized photo is kept in file storage. */
    profileImageKey: text('profile_image_key'),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Bumped whenever the user's notifications change; the 5-second poll answers 304 while it is unchanged,
     * read from the same row the session lookup already loads.
     */
    notificationsVersion: integer('notifications_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Usernames and emails are unique whatever their case.
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
  ],
);

/** Which companies' records a user may see (many to many). Admins see every company regardless. */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.companyId] }),
    index('user_companies_company_idx').on(table.companyId),
  ],
);
