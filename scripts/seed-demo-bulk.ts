import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../src/server/db/client.js';

/*
 * How seed:demo writes a large data set fast: rows in batches of JSON, secondary indexes built once after the
 * load, and the triggers that keep counts and caches off during it, each cache rebuilt once at the end.
 */

/**
 * Inserts rows in batches of `size`, each batch as one JSON parameter that `jsonb_to_recordset` turns into
 * rows: one value to send and parse instead of one parameter per field, which keeps the load in the database
 * rather than in building statements. Values go through JSON (dates as ISO strings, which every column type
 * here reads; arrays of an array column as its text form, `{"a","b"}`); columns the rows leave out keep their
 * defaults.
 */
export async function insertInBatches<T extends Record<string, unknown>>(
  db: Database,
  table: PgTable,
  rows: T[],
  size = 5000,
) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const key in row) keys.add(key);
  const fields = [...keys].map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, name: column.name, type: column.getSQLType() };
  });
  const names = sql.raw(fields.map(({ name }) => `"${name}"`).join(', '));
  const definitions = sql.raw(fields.map(({ name, type }) => `"${name}" ${type}`).join(', '));
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size).map((row) => {
      const record: Record<string, unknown> = {};
      for (const { key, name, type } of fields) {
        const value = row[key] ?? null;
        record[name] =
          Array.isArray(value) && type.endsWith('[]')
            ? `{${value.map((item) => JSON.stringify(String(item))).join(',')}}`
            : value;
      }
      return record;
    });
    await db.execute(sql`
      insert into ${table} (${names})
      select ${names} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(${definitions})`);
  }
}

/** Tables the bulk load fills with many rows: their secondary indexes are built once, after the load. */
const BULK_TABLES = [
  'claims',
  'claim_status_history',
  'claim_watchers',
  'claim_notes',
  'estimates',
  'estimate_lines',
  'authorization_requests',
  'authorization_lines',
  'invoices',
  'invoice_lines',
  'invoice_claims',
  'payments',
  'payment_applications',
  'credit_notes',
  'audit_log',
];

/**
 * Runs `load` without the secondary indexes of BULK_TABLES (those not behind a primary key or unique
 * constraint), then creates them again from their own definitions: building an index once over all rows is
 * far cheaper than keeping it up to date row by row (the claims' trigram index above all).
 */
async function withIndexesBuiltAfter(db: Database, load: () => Promise<void>) {
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename in (${sql.join(
        BULK_TABLES.map((table) => sql`${table}`),
        sql`, `,
      )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const { name } of rows) await db.execute(sql.raw(`drop index "${name}"`));
  await load();
  // Building an index over a million claims can outlast the app's statement timeout too.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    for (const { definition } of rows) await tx.execute(sql.raw(definition));
  });
}

/**
 * The triggers that count claims as they change (migrations 0010, 0026 and 0034) and keep what settled each invoice and
 * what each payment applied (migration 0031) and sum the invoices (migration 0032), off during the bulk load.
 */
const COUNTING_TRIGGERS = [
  ['claims', 'claims_count_changes'],
  ['claims', 'claim_facts_of_claims'],
  ['claims', 'claim_facts_of_estimate_amount'],
  ['claim_status_history', 'claim_facts_of_history'],
  ['estimates', 'claim_facts_of_estimates'],
  ['invoices', 'invoice_balance_of_invoices'],
  ['payments', 'invoice_balance_of_payments'],
  ['payment_applications', 'invoice_balance_of_applications'],
  ['credit_notes', 'invoice_balance_of_credit_notes'],
  ['payments', 'payment_credit_of_payments'],
  ['payment_applications', 'payment_credit_of_applications'],
  ['invoices', 'invoice_totals_changes'],
] as const;

/**
 * The triggers that version what reports read (migrations 0033 and 0049), off until the counts above are rebuilt
 * (which update every claim): one bump of every scope then says every kept report answer is out of date.
 */
const VERSION_TRIGGERS = [
  ['claims', 'report_version_of_claims'],
  ['claims', 'report_version_of_claim_updates'],
  ['vehicles', 'report_version_of_vehicles'],
  ['locations', 'report_version_of_locations'],
  ['claim_status_history', 'report_version_of_history'],
  ['estimates', 'report_version_of_estimates'],
  ['authorization_requests', 'report_version_of_authorizations'],
] as const;

/**
 * Runs `load` in one transaction with the COUNTING_TRIGGERS off and the BULK_TABLES' secondary indexes dropped,
 * then rebuilds what the triggers keep (in that transaction, so a failure cannot leave a trigger off) and the
 * indexes.
 */
export async function bulkLoad(db: Database, load: (tx: Database) => Promise<void>) {
  await withIndexesBuiltAfter(db, async () => {
    await db.transaction(async (tx) => {
      // The app's statement timeout (30 s) guards requests; rebuilding the counts of a million claims takes longer.
      await tx.execute(sql`set local statement_timeout = 0`);
      for (const [table, trigger] of [...COUNTING_TRIGGERS, ...VERSION_TRIGGERS]) {
        await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
      }
      await load(tx);
      await tx.execute(sql`select rebuild_invoice_balances()`);
      for (const [table, trigger] of COUNTING_TRIGGERS) {
        await tx.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
      }
      await tx.execute(sql`select rebuild_claim_counts()`);
      await tx.execute(sql`select rebuild_claim_facts()`);
      // After the balances: the invoices' sums read them (and the balances' rebuild, done with this trigger
      // off, queued nothing for it).
      await tx.execute(sql`select rebuild_invoice_totals()`);
      for (const [table, trigger] of VERSION_TRIGGERS) {
        await tx.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
      }
      // Every kept report answer is out of date (decision 035).
      await tx.execute(sql`select bump_report_version(null)`);
    });
  });
}
