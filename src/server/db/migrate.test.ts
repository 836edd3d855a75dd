import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.js';
import { runMigrations } from './migrate.js';
import {
  createDatabase,
  dropDatabase,
  testDatabaseUrl,
  uniqueDatabaseName,
  withDatabaseName,
} from '../test/database.js';
import { testDatabaseKind } from '../test/test-app.js';

async function appliedMigrations(handle: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await queryRows<{ count: number }>(
    handle.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return rows[0]!.count;
}

describe('migrations', () => {
  it.runIf(testDatabaseKind() === 'pglite')(
    'are safe to run twice on PGlite',
    async () => {
      const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
      try {
        await runMigrations(handle);
        const once = await appliedMigrations(handle);
        await runMigrations(handle);
        expect(await appliedMigrations(handle)).toBe(once);
        expect(once).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
      // Every migration from an empty database, twice: 47 s on a two-core machine at load average 20.
    },
    120_000,
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'are safe to run from two processes at once on PostgreSQL, and again afterwards, whatever the statement timeout',
    async () => {
      const name = uniqueDatabaseName('fc_migrate');
      await createDatabase(name);
      const url = withDatabaseName(testDatabaseUrl(), name);
      // A timeout every migration's statements would exceed: a migration that rewrites a large table takes minutes.
      const first = await openDatabase({ kind: 'postgres', url, poolSize: 3, statementTimeoutMs: 1 });
      const second = await openDatabase({ kind: 'postgres', url, poolSize: 3, statementTimeoutMs: 1 });
      const checker = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        await Promise.all([runMigrations(first), runMigrations(second)]);
        const count = await appliedMigrations(checker);
        expect(count).toBeGreaterThan(0);
        await runMigrations(second);
        expect(await appliedMigrations(checker)).toBe(count);
      } finally {
        await first.close();
        await second.close();
        await checker.close();
        await dropDatabase(name);
      }
    },
  );
});
