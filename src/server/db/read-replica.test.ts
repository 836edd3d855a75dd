import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';
import { createClaimVia, newClaimInput } from '../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../test/factories.js';
import { startScratchCluster, startScratchReplica, type ScratchCluster } from '../test/scratch-postgres.js';
import { testConfig, testDatabaseKind } from '../test/test-app.js';

/** One SQL answer from a cluster, on a connection of its own. */
async function ask<Row>(cluster: ScratchCluster, text: string, values: unknown[] = []): Promise<Row> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows[0] as Row;
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_READ_URL: with it pointing at a streaming replica, reports and the claims export read the replica
 * while every write, and everything else, goes to DATABASE_URL. Shown by pausing the replica's replay: the report
 * keeps the replica's older count while the list, on the primary, has the new claims. On scratch clusters of its
 * own (a replica cannot be made of the shared server): PostgreSQL runs only.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('reports on a read replica (DATABASE_READ_URL)', () => {
  let primary: ScratchCluster | undefined;
  let replica: ScratchCluster | undefined;
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    primary = await startScratchCluster();
    replica = await startScratchReplica(primary);
    database = await openDatabase({ kind: 'postgres', url: primary.url, readUrl: replica.url, poolSize: 7 });
    await runMigrations(database);
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await replica?.destroy();
    await primary?.destroy();
  });

  /** Until the replica has replayed everything the primary has written so far; answers how long that took. */
  const caughtUp = async () => {
    const started = performance.now();
    const { lsn } = await ask<{ lsn: string }>(primary!, 'select pg_current_wal_lsn()::text as lsn');
    for (;;) {
      const { done } = await ask<{ done: boolean }>(
        replica!,
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [lsn],
      );
      if (done) return performance.now() - started;
    }
  };

  it('answers reports and exports from the replica, and writes on the primary', async () => {
    expect(await ask(replica!, 'select pg_is_in_recovery() as standby')).toEqual({ standby: true });
    const company = await buildCompany(database!.db);
    const manager = await buildUser(database!.db, { role: 'manager', companyIds: [company.id] });
    const cookie = await loginAs(app!, manager);
    const get = async (url: string) => {
      const response = await app!.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const reported = async () =>
      (await get(`/api/reports?range=last_30_days&companyId=${company.id}`)).json().meta.headline.claims
        .count;
    const exported = async () =>
      (await get(`/api/vehicles/export.csv?companyId=${company.id}`)).body.trim().split('\n').length - 1;
    const listed = async () => (await get(`/api/vehicles?companyId=${company.id}`)).json().total;

    // Writes succeed: they go to the primary (a standby refuses every write).
    for (let index = 0; index < 3; index++) await createClaimVia(app!, cookie, newClaimInput(company.id));
    const lagMs = await caughtUp();
    expect(await reported()).toBe(3);
    expect(await exported()).toBe(3);

    // The replica stops replaying: what it answers stays as it was.
    await ask(replica!, 'select pg_wal_replay_pause()');
    while (
      (await ask<{ state: string }>(replica!, 'select pg_get_wal_replay_pause_state() as state')).state !==
      'paused'
    );
    for (let index = 0; index < 2; index++) await createClaimVia(app!, cookie, newClaimInput(company.id));
    expect(await listed()).toBe(5);
    expect(await reported()).toBe(3);
    expect(await exported()).toBe(3);

    await ask(replica!, 'select pg_wal_replay_resume()');
    await caughtUp();
    expect(await reported()).toBe(5);
    expect(await exported()).toBe(5);
    // The figure docs/scaling.md quotes: how far behind the replica was after three claims.
    console.warn(`read replica: caught up ${lagMs.toFixed(1)} ms after the writes`);
  }, 120_000);
});
