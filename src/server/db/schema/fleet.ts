import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/** Where a company's vehicles are based. */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    address: text('address'),
    phone: text('phone'),
    contactName: text('contact_name'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('locations_company_code_key').on(table.companyId, sql`lower(${table.code})`),
    index('locations_company_name_idx').on(table.companyId, table.name),
  ],
);

/** Body shops and mechanical shops that repair vehicles; shared across companies. */
export const repairFacilities = pgTable(
  'repair_facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['collision', 'mechanical', 'both'] }).notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    contactName: text('contact_name'),
    /** Labour rate in cents per hour. */
    laborRateCents: integer('labor_rate_cents'),
    cccShopId: text('ccc_shop_id'),
    tekmetricShopId: text('tekmetric_shop_id'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('repair_facilities_name_idx').on(table.name)],
);

/** The fleet asset; a vehicle has many claims over its life. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    unitNumber: text('unit_number').notNull(),
    vin: text('vin').notNull(),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    plate: text('plate'),
    plateState: text('plate_state'),
    color: text('color'),
    odometer: integer('odometer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vehicles_company_vin_key').on(table.companyId, table.vin),
    index('vehicles_company_unit_idx').on(table.companyId, table.unitNumber),
    index('vehicles_vin_idx').on(table.vin),
  ],
);
