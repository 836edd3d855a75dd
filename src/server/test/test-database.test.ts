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
