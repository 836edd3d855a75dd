import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from './client.js';
import { sqlBuiltOnce } from './built-sql.js';
import { createTestDatabase } from '../test/test-app.js';

describe('sqlBuiltOnce', async () => {
  const { db } = await createTestDatabase();
  const statement = sqlBuiltOnce<'plain' | 'doubled', { value: number; label: string }>(
    (shape) =>
      sql`select ${shape === 'doubled' ? sql`${sql.placeholder('n')}::int * 2` : sql`${sql.placeholder('n')}::int`} as value,
        ${sql.placeholder('label')}::text as label`,
  );

  it('runs each form with the values given, as db.execute runs the same SQL, on the pool and in a transaction', async () => {
    expect(await statement(db, 'plain', { n: 3, label: 'three' })).toEqual([{ value: 3, label: 'three' }]);
    expect(await statement(db, 'doubled', { n: 3, label: 'six' })).toEqual([{ value: 6, label: 'six' }]);
    // The forms written before answer other values.
    expect(await statement(db, 'plain', { n: 5, label: "it's" })).toEqual(
      await queryRows(db, sql`select ${5}::int as value, ${"it's"}::text as label`),
    );
    // A transaction's handle: the statement runs on its connection, so it sees the transaction's own settings.
    const inTransaction = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('application_name', 'built-once', true)`);
      const [row] = await sqlBuiltOnce<'one', { name: string }>(
        () =>
          sql`select current_setting('application_name') as name where ${sql.placeholder('yes')}::boolean`,
      )(tx as unknown as typeof db, 'one', { yes: true });
      return row?.name;
    });
    expect(inTransaction).toBe('built-once');
  });
});
