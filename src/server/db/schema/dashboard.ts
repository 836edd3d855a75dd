import { bigint, date, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { CLAIM_STATUSES, WORKFLOWS } from '@shared/workflows.js';
import { companies } from './companies.js';
import { vehicles } from './fleet.js';

/**
 * What `claim_counts` counts (decision 017). Rows are kept by triggers on `claims` (migration 0010), never by
 * the application, so every writer of claims keeps them right.
 * - `open`: open claims by workflow, status and assignee.
 * - `eta`: open claims by estimated completion day (overdue: the days before today).
 * - `down`: open claims by the first day they keep their vehicle down (`-infinity` when not drivable, else
 *   the drop-off day).
 * - `completed`: claims by workflow and completion day, with the report-to-completion seconds summed.
 * - `vehicles_down`: vehicles by the first day any of their open claims keeps them down (`vehicles_down`).
 */
export const CLAIM_COUNT_METRICS = ['open', 'eta', 'down', 'completed', 'vehicles_down'] as const;

/** The dashboard's figures, counted as claims change: reading them costs a few hundred rows, not every claim. */
export const claimCounts = pgTable(
  'claim_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    metric: text('metric', { enum: CLAIM_COUNT_METRICS }).notNull(),
    workflow: text('workflow', { enum: WORKFLOWS }),
    status: text('status', { enum: CLAIM_STATUSES }),
    assigneeId: uuid('assignee_id'),
    day: date('day'),
    claims: integer('claims').notNull().default(0),
    /** `completed`: the sum of report-to-completion times, in seconds. */
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    unique('claim_counts_key')
      .on(table.companyId, table.metric, table.workflow, table.status, table.assigneeId, table.day)
      .nullsNotDistinct(),
  ],
);

/** Vehicles with an open claim that keeps (or, from a future drop-off, will keep) them down, and since when. */
export const vehiclesDown = pgTable('vehicles_down', {
  vehicleId: uuid('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  since: date('since').notNull(),
});
