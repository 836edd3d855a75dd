import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The job runner's queue and run log in one table (decision 019): a row is one attempt of one run, queued,
 * running under a lease, then succeeded or failed. A retry is a new row with the next attempt number.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The registered job's name, e.g. `mail.deliver`. */
    job: text('job').notNull(),
    /** Runs of one job with one key never overlap (one shop's sync); '' when the job has no key. */
    key: text('key').notNull().default(''),
    /** The schedule's slot this run is for; null for a manual trigger. Unique per job and attempt. */
    slot: timestamp('slot', { withTimezone: true }),
    trigger: text('trigger', { enum: ['schedule', 'manual'] })
      .notNull()
      .default('manual'),
    payload: jsonb('payload'),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    attempt: integer('attempt').notNull().default(1),
    /** Not run before this time (a retry waits out its back-off). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A running row whose lease has passed belongs to a process that died; it is failed and retried. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Which runner instance holds the lease (host and process id), for the log. */
    worker: text('worker'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('job_runs_slot_key').on(table.job, table.slot, table.attempt),
    // At most one queued and one running row per job and key: triggers coalesce, runs never overlap.
    uniqueIndex('job_runs_one_queued_key')
      .on(table.job, table.key)
      .where(sql`${table.status} = 'queued'`),
    uniqueIndex('job_runs_one_running_key')
      .on(table.job, table.key)
      .where(sql`${table.status} = 'running'`),
    // The poll: one indexed look-up of due rows when nothing is due.
    index('job_runs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'queued'`),
    index('job_runs_job_created_idx').on(table.job, table.createdAt),
  ],
);

/** A job's saved position (a sync's "updated since" cursor), per job and key, written by its handler. */
export const jobStates = pgTable(
  'job_states',
  {
    job: text('job').notNull(),
    key: text('key').notNull().default(''),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.job, table.key] })],
);
