import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { KEPT_ANSWER_RETENTION_DAYS } from './kept-answers.js';

/** The hourly clean-up of kept report answers (decision 035): answers of past days, and the versions' rows. */

/** Removes the kept answers more than KEPT_ANSWER_RETENTION_DAYS older than `now` (the hourly clean-up); how many. */
export async function removeOldKeptAnswers(db: Database, now: Date): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from report_answers
        where as_of < ${now.toISOString()}::timestamptz - make_interval(days => ${KEPT_ANSWER_RETENTION_DAYS})
        returning key`,
  );
  return rows.length;
}

/**
 * Merges each scope's change rows into one with the same sum (the hourly clean-up), so that reading a version sums
 * a few rows. Readers see the rows before or after, with the same sums; a transaction still running keeps its row.
 * How many rows were merged.
 */
export async function mergeReportDataChanges(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const merged = await queryRows<{ scope: string; changes: string | number }>(
      tx,
      sql`delete from report_data_changes returning scope, changes`,
    );
    const totals = new Map<string, number>();
    for (const row of merged) totals.set(row.scope, (totals.get(row.scope) ?? 0) + Number(row.changes));
    for (const [scope, changes] of totals) {
      await tx.execute(
        sql`insert into report_data_changes as c (scope, changed_in, changes) values (${scope}, 0, ${changes})
            on conflict (scope, changed_in) do update set changes = c.changes + excluded.changes`,
      );
    }
    return merged.length;
  });
}
