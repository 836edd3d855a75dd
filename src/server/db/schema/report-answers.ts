import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a report or a Fleet Dashboard reads, versioned (decision 035): one row per company (`scope` is its id) and
 * one for what every company's figures read (`'*'`: the repair facilities, a company added or removed). Bumped by
 * the triggers of migration 0033 when a claim, its history, estimates or authorizations, a vehicle, a location, a
 * facility or a company changes, once per transaction and scope.
 */
export const reportDataVersions = pgTable('report_data_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** The transaction that last bumped it (`txid_current()`), so that one transaction bumps it once. */
  changedIn: bigint('changed_in', { mode: 'number' }),
});

/**
 * Kept report answers (decision 035): the whole answer of one report filter in one company scope on one day (or
 * one company's Fleet Dashboard), with the data versions it was computed from and the moment it is as of. Valid
 * while those versions are unchanged and for `KEPT_ANSWER_FRESH_MINUTES`; removed by the hourly clean-up after two
 * days.
 */
export const reportAnswers = pgTable(
  'report_answers',
  {
    key: text('key').primaryKey(),
    versions: text('versions').notNull(),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'string' }).notNull(),
    answer: jsonb('answer').notNull(),
  },
  (table) => [index('report_answers_as_of_idx').on(table.asOf)],
);
