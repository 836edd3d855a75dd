import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a report or a Fleet Dashboard reads, versioned (decision 035): one row per transaction that changed it and
 * scope (`scope` a company's id, or `'*'` for what every company's figures read: the repair facilities, a company
 * added or removed), written by the triggers of migration 0033 when a claim, its history, estimates or
 * authorizations, a vehicle, a location, a facility or a company changes. Rows are only inserted, each transaction
 * its own (no transaction waits for another's), so a scope's version is the sum of its `changes`: it grows with
 * every committed change, in whatever order they commit. The hourly clean-up merges each scope's rows into one
 * (`changed_in` 0) with the same sum.
 */
export const reportDataChanges = pgTable(
  'report_data_changes',
  {
    scope: text('scope').notNull(),
    /** The transaction (`txid_current()`), or 0 for the merged row. */
    changedIn: bigint('changed_in', { mode: 'number' }).notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.scope, table.changedIn] })],
);

/**
 * Kept report answers (decision 035): the whole answer of one report filter in one company scope on one day (or
 * one company's Fleet Dashboard), with the data versions it was computed from and the moment it is as of. Valid
 * while those versions are unchanged and for `KEPT_ANSWER_FRESH_MINUTES`; removed by the hourly clean-up after two
 * days, and a custom period's when more than `KEPT_CUSTOM_ANSWERS` newer ones of its bucket are kept.
 */
export const reportAnswers = pgTable(
  'report_answers',
  {
    key: text('key').primaryKey(),
    versions: text('versions').notNull(),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'string' }).notNull(),
    answer: jsonb('answer').notNull(),
    /**
     * The bounded group the answer belongs to (custom periods: one per kind and company scope), of which only the
     * latest `KEPT_CUSTOM_ANSWERS` are kept; null for the presets, whose number is bounded by the filters themselves.
     */
    bucket: text('bucket'),
    /**
     * What was asked (the question, its company scope and bound, `KeptQuestion`), for computing it again ahead of
     * its readers (`refreshKeptAnswers`); null for answers kept before migration 0043.
     */
    question: jsonb('question'),
    /** When a reader last asked for it (to the minute): the questions read in the last hour are kept current. */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    index('report_answers_as_of_idx').on(table.asOf),
    index('report_answers_bucket_idx').on(table.bucket, table.asOf),
    index('report_answers_read_idx').on(table.readAt),
  ],
);

/**
 * The columns of `claims` that no report and no Fleet Dashboard reads: a change to them alone leaves every kept
 * answer current (migration 0049's trigger compares the claim's row without them). A column added to `claims`
 * counts until it is listed here; one listed here must stay unread by the reports (`report-versions.test.ts`
 * changes each and compares the reports). Not listed though no report names it: `estimate_amount_cents`, from which
 * the triggers of migration 0026 derive the claim's first estimate when it has no estimate rows.
 */
export const REPORT_UNREAD_CLAIM_COLUMNS = [
  'adjuster_email',
  'adjuster_name',
  'adjuster_phone',
  'assignee_id',
  'created_by_id',
  'deductible_cents',
  'description',
  'insurer',
  'insurer_claim_number',
  'loss_date',
  'odometer_at_intake',
  'policy_number',
  'priority',
  'priority_rank',
  'rental_needed',
  'reported_by_name',
  'reported_by_phone',
  'search_text',
  'status_before_hold',
  'tags',
  'tow_required',
  'updated_at',
  'updated_by_id',
  'version',
] as const;
