import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client.js';
import { uniqueDatabaseName } from '../../test/database.js';
import { deferred } from '../../test/deferred.js';
import { buildCompany } from '../../test/factories.js';
import { createTestApp, createTestAppOnPool, testDatabaseKind } from '../../test/test-app.js';
import { inReportTransaction, sideBySide } from './report-transaction.js';

/**
 * A report's sections side by side (decision 052): each answer in its section's place, every section counting the
 * report's one snapshot, and on PostgreSQL two connections working at once.
 */
describe('a report’s sections side by side', async () => {
  // On PostgreSQL a pool of 10, which has 3 report slots: one for the report, one for a connection beside it.
  const postgres = testDatabaseKind() === 'postgres';
  const pooled = postgres ? await createTestAppOnPool(10) : undefined;
  afterAll(() => pooled?.close());
  const db = (pooled ?? (await createTestApp())).database.db;
  const companiesSeen = async (tx: Database) => {
    const [row] = await queryRows<{ companies: number; connection: number }>(
      tx,
      sql`select count(*)::int as companies, pg_backend_pid() as connection from companies`,
    );
    return row!;
  };

  it('answers each section in its place', async () => {
    const answers = await inReportTransaction(db, (tx) =>
      sideBySide(tx, [
        async () => 'figures',
        async (side) => (await companiesSeen(side)).companies >= 0,
        async () => 3,
      ] as const),
    );
    expect(answers).toEqual(['figures', true, 3]);
  });

  it('gives a section’s failure once every other section has settled', async () => {
    let settled = 0;
    const failing = inReportTransaction(db, (tx) =>
      sideBySide(tx, [
        async (side) => {
          await companiesSeen(side);
          settled++;
        },
        // The slow one: the transaction must not end while it still runs on a connection.
        async (side) => {
          await side.execute(sql`select pg_sleep(0.05)`);
          settled++;
        },
        async (side) => {
          await companiesSeen(side);
          throw new Error('the figures failed');
        },
      ] as const),
    );
    await expect(failing).rejects.toThrow('the figures failed');
    expect(settled).toBe(2);
  });

  it.skipIf(!postgres)(
    'counts the report’s snapshot on two connections: a company added meanwhile is in neither',
    async () => {
      await buildCompany(db);
      const secondStarted = deferred();
      const { before, first, second } = await inReportTransaction(db, async (tx) => {
        const before = await companiesSeen(tx);
        await buildCompany(db, { name: 'Added while the report runs' });
        const [first, second] = await sideBySide(tx, [
          // Waits for the second section, which therefore runs on another connection at the same time.
          async (side) => {
            await secondStarted.promise;
            return companiesSeen(side);
          },
          async (side) => {
            secondStarted.resolve();
            return companiesSeen(side);
          },
        ] as const);
        return { before, first, second };
      });
      expect(first.companies).toBe(before.companies);
      expect(second.companies).toBe(before.companies);
      expect(first.connection).toBe(before.connection);
      expect(second.connection).not.toBe(before.connection);
      expect((await companiesSeen(db)).companies).toBe(before.companies + 1);
    },
  );

  it.skipIf(!postgres)(
    'runs a section on the report’s own connection when the connection beside it is refused',
    async () => {
      // A role allowed one connection: the report's. The pool would open another, which PostgreSQL refuses.
      const role = uniqueDatabaseName('fc_one_connection');
      await db.execute(sql.raw(`create role ${role} login connection limit 1`));
      const url = new URL(pooled!.url);
      url.username = role;
      const limited = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
      try {
        const connectionOf = async (side: Database) =>
          (await queryRows<{ pid: number }>(side, sql`select pg_backend_pid() as pid`))[0]!.pid;
        const [first, second] = await inReportTransaction(limited.db, (tx) =>
          sideBySide(tx, [
            // Slow enough that the connection beside takes the second section before this one ends.
            async (side) => {
              await side.execute(sql`select pg_sleep(0.1)`);
              return connectionOf(side);
            },
            connectionOf,
          ] as const),
        );
        expect(second).toBe(first);
      } finally {
        await limited.close();
        await db.execute(sql.raw(`drop role ${role}`));
      }
    },
  );
});
