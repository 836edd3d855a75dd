import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import { companies } from '../db/schema/index.js';
import { buildCompany } from './factories.js';
import { createTestDatabase, testDatabaseKind } from './test-app.js';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const migrationsIn = async (handle: Awaited<ReturnType<typeof createTestDatabase>>) =>
  (
    await queryRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )
  )[0]!.count;

// Each file's database is a copy of what the run migrated once (global-setup.ts): issue 29.
describe('a test file’s database', async () => {
  const first = await createTestDatabase();
  const second = await createTestDatabase();
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it.runIf(testDatabaseKind() === 'pglite')('is loaded on PGlite from the run’s migrated snapshot', () => {
    const snapshot = inject('pgliteSnapshot');
    expect(snapshot, 'global-setup.ts provides a migrated PGlite data directory').toEqual(expect.any(String));
    expect(fs.statSync(snapshot).size).toBeGreaterThan(0);
  });

  it('has every committed migration applied', async () => {
    expect(await migrationsIn(first)).toBe(journal.entries.length);
    expect(await migrationsIn(second)).toBe(journal.entries.length);
  });

  it('is its own: a row written in one copy is not in another', async () => {
    await buildCompany(first.db, { name: 'Only in the first copy' });
    const names = async (handle: typeof first) =>
      (await handle.db.select().from(companies)).map((c) => c.name);
    expect(await names(first)).toContain('Only in the first copy');
    expect(await names(second)).not.toContain('Only in the first copy');
  });
});

// A PGlite database a file has closed goes to the worker's next file emptied back to the snapshot (pglite-pool.ts).
describe.runIf(testDatabaseKind() === 'pglite')('a PGlite database given back by a file', () => {
  const countOf = async (handle: Awaited<ReturnType<typeof createTestDatabase>>, table: string) =>
    (
      await queryRows<{ count: number }>(handle.db, sql.raw(`select count(*)::int as count from ${table}`))
    )[0]!.count;

  it('comes to the next file empty, its identities restarted and its session as new', async () => {
    const used = await createTestDatabase();
    await buildCompany(used.db, { name: 'Left by an earlier file' });
    await used.db.execute(sql`insert into audit_log (action, entity_type) values ('probe', 'probe')`);
    await used.db.execute(sql`set statement_timeout = 1234`);
    await used.close();

    const next = await createTestDatabase();
    try {
      expect(await countOf(next, 'companies')).toBe(0);
      expect(await countOf(next, 'audit_log')).toBe(0);
      const [inserted] = await queryRows<{ id: number }>(
        next.db,
        sql`insert into audit_log (action, entity_type) values ('probe', 'probe') returning id`,
      );
      expect(Number(inserted!.id)).toBe(1);
      const [timeout] = await queryRows<{ value: string }>(
        next.db,
        sql`select current_setting('statement_timeout') as value`,
      );
      expect(timeout!.value).toBe('0');
      const [limit] = await queryRows<{ value: string }>(
        next.db,
        sql`select current_setting('join_collapse_limit') as value`,
      );
      expect(limit!.value).toBe('1');
      expect(await migrationsIn(next)).toBe(journal.entries.length);
    } finally {
      await next.close();
    }
  });

  it('refuses what its file still sends after closing it, so nothing reaches the next file', async () => {
    const used = await createTestDatabase();
    await used.close();
    await expect(used.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('is not reused once a test changed its schema', async () => {
    const changed = await createTestDatabase();
    await changed.db.execute(sql`create table pool_probe (id int)`);
    await changed.close();
    const next = await createTestDatabase();
    try {
      const tables = await queryRows<{ name: string }>(
        next.db,
        sql`select tablename as name from pg_tables where tablename = 'pool_probe'`,
      );
      expect(tables).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
