import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { migratedPgliteDump } from '../db/pglite-dump.js';
import { readPgliteTemplate } from '../db/pglite-template.js';
import {
  createDatabase,
  dropDatabase,
  testDatabaseUrl,
  uniqueDatabaseName,
  withAdminClient,
  withDatabaseName,
} from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test file clones into a fresh database of its own. */
    postgresTemplate: string;
    /** A migrated PGlite data directory (a `dumpDataDir()` tarball) that each test file loads into its own PGlite. */
    pgliteSnapshot: string;
  }
}

/**
 * Migrates once per run what each test file then copies, so runs and files never share data: for PostgreSQL a
 * template database (after checking the server is reachable, failing loudly if not), for PGlite a dump of a
 * migrated data directory in a file of this run's own. A file's database then costs a copy, not the initdb and
 * the migrations (docs/architecture.md, "Test layers").
 */
export default async function setup(project: TestProject) {
  // `test.env` reaches the test workers, not this process: read the project's setting.
  const kind = project.config.env?.TEST_DATABASE;
  if (kind === 'pglite') return snapshotPglite(project);
  if (kind !== 'postgres') return;
  const url = testDatabaseUrl();
  try {
    await withAdminClient((client) => client.query('select 1'));
  } catch (error) {
    throw new Error(
      `\n\n*** PostgreSQL integration tests cannot run: ${url} is not reachable (${(error as Error).message}).\n` +
        '*** Start PostgreSQL or set TEST_DATABASE_URL. These tests are required; the run fails without them.\n',
    );
  }
  const template = uniqueDatabaseName('fc_template');
  await createDatabase(template);
  const handle = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, template), poolSize: 2 });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await dropDatabase(template);
  };
}

async function snapshotPglite(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-pglite-'));
  const file = path.join(dir, 'migrated.tgz');
  // The build's template (`npm test` builds first) is that migrated directory already, when it is current: copied,
  // so a build during the run cannot change the run's snapshot.
  const template = readPgliteTemplate();
  const snapshot = template ?? (await migratedPgliteDump());
  fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
