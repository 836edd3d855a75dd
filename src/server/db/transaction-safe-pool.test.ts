import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { createTestDatabase, testDatabaseKind } from '../test/test-app.js';

/**
 * A transaction whose `begin` fails gives its connection back (drizzle's own transaction() would keep it checked
 * out for ever: transaction-safe-pool.ts). With a pool of one connection, the next statement would otherwise wait
 * for a connection until the connect timeout, and closing the pool would never end. PostgreSQL runs only: the
 * embedded database has no pool.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('a transaction that cannot begin', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.allSettled(handles.reverse().map((handle) => handle.close()));
  });

  it('gives its connection back to the pool, so the next statement runs and the pool closes', async () => {
    const scratch = await createTestDatabase();
    handles.push(scratch);
    const database = await openDatabase({ kind: 'postgres', url: scratch.url!, poolSize: 1 });
    handles.push(database);
    // A `begin` PostgreSQL refuses: the same path as a connection lost between checkout and `begin`.
    const refused = await database.db
      .transaction(async () => 'ran', { isolationLevel: 'no such level' as never })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(Error);
    for (let round = 0; round < 3; round++) {
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      expect(await database.db.transaction(async (tx) => queryRows(tx, sql`select 2 as two`))).toEqual([
        { two: 2 },
      ]);
    }
    // Every connection was given back: end() resolves (it waits for checked-out clients).
    handles.splice(handles.indexOf(database), 1);
    await database.close();
  });
});

/**
 * Three statements sent at once inside one transaction run one after the other, in the order sent, without pg's
 * warning that its own queue for them is deprecated (pg 9 removes it; pg warns from the second one waiting).
 * PostgreSQL runs only, as above.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('a transaction that asks three things at once', () => {
  it('gets all three answers, in order, with no deprecation warning', async () => {
    const database = await createTestDatabase();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const order: string[] = [];
      const answers = await database.db.transaction(async (tx) =>
        Promise.all([
          queryRows<{ slow: number }>(tx, sql`select pg_sleep(0.05), 1 as slow`).then((rows) => {
            order.push('slow');
            return rows[0]!.slow;
          }),
          queryRows<{ quick: number }>(tx, sql`select 2 as quick`).then((rows) => {
            order.push('quick');
            return rows[0]!.quick;
          }),
          queryRows<{ last: number }>(tx, sql`select 3 as last`).then((rows) => {
            order.push('last');
            return rows[0]!.last;
          }),
        ]),
      );
      expect(answers).toEqual([1, 2, 3]);
      expect(order).toEqual(['slow', 'quick', 'last']);
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await database.close();
    }
  });
});
