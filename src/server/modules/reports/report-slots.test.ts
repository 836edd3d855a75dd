import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestAppOnPool, testDatabaseKind } from '../../test/test-app.js';

/**
 * Reports hold their connection for their whole transaction, seconds on a large database. However many are asked
 * for at once, a process runs at most 3 on its pool of 10 and the others wait their turn without a connection,
 * so every other request (and the load balancer's `/api/ready`) still gets one. The reports are made slow by a
 * lock on the claims table held by another session: the one computing the report waits on it, and two more wait
 * for its answer (kept answers, decision 035), each holding its connection, until it is let go.
 * PostgreSQL only: the embedded database has one connection and runs one transaction at a time.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('reports asked for all at once', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close().catch(() => {});
  });

  it('take at most 3 of the 10 connections: /api/ready and other requests answer meanwhile, then every report', async () => {
    const { app, database, scratch, url, close } = await createTestAppOnPool(10);
    closing.push(close);
    const cookie = await loginAs(app, await buildUser(database.db, { role: 'admin' }));

    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    closing.push(() => locker.end());
    await locker.query('begin');
    await locker.query('lock table claims in access exclusive mode');
    // Asked outside the locker's transaction, which would see one snapshot of pg_stat_activity throughout.
    const waitingOnTheLock = async () => {
      const [row] = await queryRows<{ waiting: number }>(
        scratch.db,
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return row!.waiting;
    };

    const reports = Array.from({ length: 10 }, () =>
      app.inject({ method: 'GET', url: '/api/reports?range=last_year', headers: { cookie } }),
    );
    await expect.poll(waitingOnTheLock, { timeout: 10_000 }).toBe(3);

    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    const user = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(user.statusCode).toBe(200);
    expect(await waitingOnTheLock()).toBe(3);

    await locker.query('rollback');
    const answers = await Promise.all(reports);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
  }, 60_000);
});
