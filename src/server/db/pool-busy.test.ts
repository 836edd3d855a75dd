import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { READY_BUSY_MESSAGE } from '../modules/health/index.js';
import { deferred } from '../test/deferred.js';
import { buildUser, loginAs } from '../test/factories.js';
import { createTestAppOnPool, testDatabaseKind } from '../test/test-app.js';
import { BUSY_MESSAGE } from './availability.js';

/**
 * Every connection of the pool checked out for longer than the 5 s connect timeout is a busy server, not a
 * database that went away: requests answer 503 saying so (with a short Retry-After), `/api/ready` too, and the
 * process is ready again as soon as a connection is free. PostgreSQL only: the embedded database has no pool.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('a pool whose every connection is busy', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('answers 503 "busy", not "not reachable", and is ready again once a connection is free', async () => {
    const { app, database, close } = await createTestAppOnPool(1);
    closing.push(close);
    const cookie = await loginAs(app, await buildUser(database.db, { role: 'admin' }));

    // The pool's only connection, held by a transaction until the test lets it go.
    const holding = deferred();
    const held = deferred();
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      held.resolve();
      await holding.promise;
    });
    await held.promise;

    const [user, ready] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/user', headers: { cookie } }),
      app.inject({ method: 'GET', url: '/api/ready' }),
    ]);
    expect(user.statusCode).toBe(503);
    expect(user.json()).toMatchObject({ message: BUSY_MESSAGE });
    expect(user.headers['retry-after']).toBe('2');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: READY_BUSY_MESSAGE });
    expect(ready.headers['retry-after']).toBe('2');
    expect(database.availability.reachable).toBe(true);

    holding.resolve();
    await holder;
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
  }, 30_000);
});
