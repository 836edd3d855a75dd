import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
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
  }
}

/**
 * For the PostgreSQL run: checks the server is reachable (failing loudly if not), then migrates a template
 * database once per run; test files clone it, so runs and files never share data.
 */
export default async function setup(project: TestProject) {
  // `test.env` reaches the test workers, not this process: read the project's setting.
  if (project.config.env?.TEST_DATABASE !== 'postgres') return;
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
