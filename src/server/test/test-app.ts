import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import {
  createDatabase,
  dropDatabase,
  testDatabaseUrl,
  uniqueDatabaseName,
  withDatabaseName,
} from './database.js';
import { leasePgliteDatabase } from './pglite-pool.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'fleetclaims-test'),
    APP_URL: 'http://localhost:5000',
    ...overrides,
  });
}

/**
 * A fresh, migrated database of the kind this test run is for: an in-memory PGlite as the run's migrated snapshot
 * left it (loaded from it, or emptied back to it: pglite-pool.ts), or a new PostgreSQL database cloned from the
 * run's template (both made by global-setup.ts). Given back or dropped after the file's tests.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDatabaseKind() === 'pglite') {
    const snapshot = inject('pgliteSnapshot');
    if (!snapshot)
      throw new Error('no migrated PGlite snapshot: is src/server/test/global-setup.ts configured?');
    return leasePgliteDatabase(snapshot);
  }
  const template = inject('postgresTemplate');
  if (!template)
    throw new Error('no migrated PostgreSQL template: is src/server/test/global-setup.ts configured?');
  const name = uniqueDatabaseName('fc_test');
  await createDatabase(name, template);
  const url = withDatabaseName(testDatabaseUrl(), name);
  // 7 connections: 2 report slots, so a report's sections run beside its transaction (decision 052) in every test.
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 7 });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await dropDatabase(name);
    },
  };
}

/** The whole app on a fresh database, closed after the file's tests. */
export async function createTestApp(
  options: {
    webRoot?: string;
    env?: Record<string, string>;
    beforeReady?: (app: App) => void;
    /** A logger whose lines the test reads (by default the app logs nothing). */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<{
  app: App;
  database: DatabaseHandle;
}> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    webRoot: options.webRoot,
    logger: options.logger,
  });
  options.beforeReady?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}

/**
 * The whole app on a fresh PostgreSQL database through a pool of `poolSize` connections, for tests of what a pool
 * does when it is full; `scratch` is a second handle on the same database (its own small pool) for the test's own
 * queries. `close()` closes all three.
 */
export async function createTestAppOnPool(poolSize: number) {
  const scratch = await createTestDatabase();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url!, poolSize });
  const app = await buildApp({ config: testConfig(), database });
  const close = async () => {
    await Promise.allSettled([app.close()]);
    await Promise.allSettled([database.close()]);
    await scratch.close();
  };
  try {
    await app.ready();
  } catch (error) {
    await close();
    throw error;
  }
  return { app, database, scratch, url: scratch.url!, close };
}
