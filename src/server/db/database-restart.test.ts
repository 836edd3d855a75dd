import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  WRITE_OUTCOME_UNKNOWN_MESSAGE,
  databaseFailureOf,
} from './availability.js';
import { sql } from 'drizzle-orm';
import { newClaimInput } from '../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../test/factories.js';
import { startScratchCluster, type ScratchCluster } from '../test/scratch-postgres.js';
import { testConfig, testDatabaseKind } from '../test/test-app.js';

/** No request may take longer than this, database up or down (the pool's connect timeout is 5 s). */
const ANSWER_WITHIN_MS = 10_000;
const WORKERS = 4;

interface Outcome {
  kind: 'write' | 'read';
  status: number;
  ms: number;
  at: number;
  marker?: string;
  body: string;
  retryAfter?: string;
}

/**
 * The app survives its PostgreSQL restarting under a steady mixed load: while the database is down every
 * request answers 503 with a message and Retry-After (no 500, no hang), /api/ready says so, the app recovers by
 * itself once the database is back, and no acknowledged write is lost or applied twice. On a PostgreSQL
 * cluster of its own (never the shared one): PostgreSQL runs only; the embedded database cannot be restarted.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('the database restarting under load', () => {
  let cluster: ScratchCluster | undefined;
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  afterAll(async () => {
    // Each step whatever the one before did (a pool already closed rejects), so the cluster is always destroyed.
    await Promise.allSettled([app?.close()]);
    await Promise.allSettled([database?.close()]);
    await cluster?.destroy();
  });

  it('answers 503 while it is down, recovers by itself, and loses or doubles no write', async () => {
    cluster = await startScratchCluster();
    database = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 5 });
    await runMigrations(database);
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
    const company = await buildCompany(database.db);
    const cookie = await loginAs(
      app,
      await buildUser(database.db, { role: 'admin', companyIds: [company.id] }),
    );

    const outcomes: Outcome[] = [];
    let stopLoad = false;
    let sequence = 0;
    const call = async (kind: Outcome['kind']) => {
      const marker = kind === 'write' ? `restart-${++sequence}` : undefined;
      const started = performance.now();
      const response = await app!.inject(
        kind === 'write'
          ? {
              method: 'POST',
              url: '/api/vehicles',
              // One key per write, as the web app sends (decision 040): a 503 says trying again is safe.
              headers: { cookie, 'idempotency-key': marker! },
              payload: newClaimInput(company.id, { description: `Load ${marker}` }),
            }
          : { method: 'GET', url: '/api/vehicles?pageSize=5', headers: { cookie } },
      );
      outcomes.push({
        kind,
        status: response.statusCode,
        ms: performance.now() - started,
        at: performance.now(),
        marker,
        body: response.body,
        retryAfter: response.headers['retry-after'] as string | undefined,
      });
    };
    const workers = Array.from({ length: WORKERS }, async (_, index) => {
      for (let round = 0; !stopLoad; round++) await call((round + index) % 2 ? 'read' : 'write');
    });
    const until = async (condition: () => boolean | Promise<boolean>) => {
      while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
    };
    const acknowledged = () => outcomes.filter((o) => o.kind === 'write' && o.status === 201).length;

    await until(() => acknowledged() >= 20);
    const stoppedAt = performance.now();
    await cluster.stop();
    // What a user sees while it is down: a 503 for their next request, and the readiness check failing.
    await until(() => outcomes.some((o) => o.at > stoppedAt && o.status === 503));
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    await until(() => outcomes.filter((o) => o.at > stoppedAt && o.status === 503).length >= 20);

    await cluster.start();
    const startedAt = performance.now();
    const before = acknowledged();
    await until(() => acknowledged() >= before + 20);
    stopLoad = true;
    await Promise.all(workers);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    // Every answer was a success or a clear 503; none took longer than the bound.
    const statuses = [...new Set(outcomes.map((o) => o.status))].sort();
    expect(
      statuses.every((status) => [200, 201, 503].includes(status)),
      `statuses ${statuses}`,
    ).toBe(true);
    for (const outcome of outcomes.filter((o) => o.status === 503)) {
      expect(JSON.parse(outcome.body)).toEqual({
        message: outcome.kind === 'write' ? WRITE_OUTCOME_UNKNOWN_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE,
        code: 'unavailable',
      });
      expect(outcome.retryAfter).toBe('5');
    }
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(ANSWER_WITHIN_MS);

    // No acknowledged write lost, none applied twice (an unanswered one may or may not have committed: once at most).
    const rows = await queryRows<{ description: string; n: number }>(
      database.db,
      sql`select description, count(*)::int as n from claims where description like 'Load restart-%' group by description`,
    );
    const stored = new Map(rows.map((row) => [row.description.replace('Load ', ''), row.n]));
    const acknowledgedMarkers = outcomes
      .filter((o) => o.kind === 'write' && o.status === 201)
      .map((o) => o.marker!);
    const lost = acknowledgedMarkers.filter((marker) => stored.get(marker) !== 1);
    expect(lost).toEqual([]);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    const [numbers] = await queryRows<{ claims: number; distinct: number }>(
      database.db,
      sql`select count(*)::int as claims, count(distinct number)::int as distinct from claims`,
    );
    expect(numbers!.distinct).toBe(numbers!.claims);

    const firstFailure = Math.min(...outcomes.filter((o) => o.status === 503).map((o) => o.at));
    const firstSuccessAfter = Math.min(
      ...outcomes.filter((o) => o.at > startedAt && o.status < 300).map((o) => o.at),
    );
    const figures = {
      requests: outcomes.length,
      acknowledgedWrites: acknowledgedMarkers.length,
      writesLost: lost.length,
      answered503: outcomes.filter((o) => o.status === 503).length,
      downtimeSeconds: Number(((firstSuccessAfter - firstFailure) / 1000).toFixed(2)),
      recoverySecondsAfterDatabaseBack: Number(((firstSuccessAfter - startedAt) / 1000).toFixed(2)),
      slowestAnswerMs: Math.round(Math.max(...outcomes.map((o) => o.ms))),
    };
    // The figures the issue asks for, in the test output.
    console.warn(`database restart: ${JSON.stringify(figures)}`);
    expect(figures.recoverySecondsAfterDatabaseBack).toBeLessThan(10);

    // Every connection came back to the pool through the outage: closing it waits for checked-out connections,
    // and a transaction whose `begin` met the dead connection used to keep one for ever (transaction-safe-pool.ts).
    await app.close();
    app = undefined;
    await database.close();
    database = undefined;
  }, 240_000);

  it('cancels a statement past statement_timeout, which the app answers as a 503', async () => {
    const short = await openDatabase({
      kind: 'postgres',
      url: cluster!.url,
      poolSize: 1,
      statementTimeoutMs: 200,
    });
    try {
      const error = await short.db.execute(sql`select pg_sleep(2)`).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(databaseFailureOf(error)).toBe('statement_timeout');
      // The connection is not lost with the statement: the next one runs.
      expect(await queryRows(short.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await short.close();
    }
  });
});
