import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/error-handler.js';
import { deferred } from '../test/deferred.js';
import { createTestDatabase, testDatabaseKind } from '../test/test-app.js';
import { CONTENTION_MESSAGE, databaseFailureOf } from './availability.js';
import { openDatabase, type DatabaseHandle } from './client.js';

/**
 * Two transactions that lock the same two rows in opposite orders: PostgreSQL rolls one back (deadlock_detected).
 * The request whose transaction it was gets a 503 saying nothing was saved and to try again, not a 500.
 * PostgreSQL runs only: the embedded database runs one transaction at a time.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('a transaction rolled back by a deadlock', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles.reverse()) await handle.close();
  });

  it('is answered 503 with Retry-After and a message to try again', async () => {
    const scratch = await createTestDatabase();
    handles.push(scratch);
    const database = await openDatabase({ kind: 'postgres', url: scratch.url!, poolSize: 2 });
    handles.push(database);
    await database.db.execute(sql`create table contention_probe (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into contention_probe values (1, 0), (2, 0)`);
    const bump = (id: number) => sql`update contention_probe set n = n + 1 where id = ${id}`;

    // Each transaction tells the other when it holds its row.
    const first = deferred();
    const second = deferred();
    const outcomes = await Promise.allSettled([
      database.db.transaction(async (tx) => {
        await tx.execute(bump(1));
        first.resolve();
        await second.promise;
        await tx.execute(bump(2));
      }),
      database.db.transaction(async (tx) => {
        await first.promise;
        await tx.execute(bump(2));
        second.resolve();
        await tx.execute(bump(1));
      }),
    ]);
    const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failures).toHaveLength(1);
    const error = (failures[0] as PromiseRejectedResult).reason as unknown;
    expect(databaseFailureOf(error)).toBe('contention');

    // The same error thrown by a route, through the app's one error handler.
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/change', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'POST', url: '/change' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ message: CONTENTION_MESSAGE, code: 'unavailable' });
    await app.close();
  });
});
