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
