import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DatabaseAvailability } from './availability.js';
import { FairGate } from './fair-gate.js';
import { forgetNamedStatements, queryByName } from './pglite-statements.js';
import { readPgliteTemplate } from './pglite-template.js';
import { TransactionSafePool } from './transaction-safe-pool.js';
/**
 * The query builder; the same type whichever engine runs underneath. Without Drizzle's relational queries
 * (`db.query.…`), which nothing uses: given the schema, Drizzle built a query builder for each of its tables on
 * every transaction: 0.075 ms of each aging request in the profile (issue 30, decision 051).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** A streaming replica for read-only report queries (DATABASE_READ_URL); the primary when unset. */
      readUrl?: string;
      poolSize?: number;
      statementTimeoutMs?: number;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `loadDataDir`: a data directory dumped by PGlite's
   * `dumpDataDir()` to start from (the tests' migrated snapshot, src/server/test/global-setup.ts).
   */
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob };

export interface DatabaseHandle {
  kind: DatabaseTarget['kind'];
  db: Database;
  /**
   * Where read-only report queries run (reports, the fleet dashboard, exports): a second pool on DATABASE_READ_URL
   * when it is set (decision 030), else `db` itself. Never written through.
   */
  readDb: Database;
  /** The embedded database's turns between requests (decision 032); PostgreSQL runs queries in parallel. */
  gate?: FairGate;
  /** Whether the database answers, as the last connections saw it; logs an outage once. */
  availability: DatabaseAvailability;
  /** Throws when the database cannot answer a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock, so concurrent processes take turns (migrations). On PostgreSQL `fn`
   * gets the connection that holds the lock, without the requests' statement timeout (a migration that rewrites a
   * table of a million claims takes minutes); the connection is closed afterwards, not returned to the pool.
   */
  withExclusiveLock<T>(fn: (connection?: pg.PoolClient) => Promise<T>): Promise<T>;
}

/** Rows of a raw SQL query, whichever driver ran it (both answer with `{ rows }`). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** `db`'s node-postgres pool and its size; undefined for the embedded database (one connection). */
function poolOf(db: Database): { pool: pg.Pool; max: number } | undefined {
  const pool = (db as unknown as { $client?: pg.Pool & { options?: { max?: unknown } } }).$client;
  const max = pool?.options?.max;
  return pool && typeof max === 'number' ? { pool, max } : undefined;
}

/** How many connections `db` may hold at once: its pool's size (the embedded database has one). */
export function connectionsOf(db: Database): number {
  return poolOf(db)?.max ?? 1;
}

/**
 * Whether `db`'s pool would give a connection now, without waiting: an idle one, or room for a new one, and no
 * request waiting before. False for the embedded database (one connection, which its caller holds).
 */
export function hasConnectionNow(db: Database): boolean {
  const found = poolOf(db);
  if (!found) return false;
  const { pool, max } = found;
  return pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < max);
}

/**
 * A value built once per database handle and kept while the handle lives: queries built (SQL text, parameter order,
 * result mapping) once instead of on every request, and named prepared statements.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}

/**
 * A row limit written into the SQL text instead of bound as a parameter. A named statement's generic plan is made
 * without the parameters' values, and PostgreSQL plans an unknown LIMIT as a tenth of the rows: with it, a page
 * of 26 claims was planned as 5,000 and joined every vehicle. Drizzle writes any SQL given as the limit:
 * `.limit(literalLimit(25))`.
 */
export function literalLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * Joins run in the order the query writes them (decision 012): our queries start from the table the
 * filter and sort narrow down and join the rest by primary key, and planning a seven-table join exhaustively
 * took 6.4 ms against 1.2 ms this way — more than executing it.
 */
export const JOIN_COLLAPSE_LIMIT = 1;

const MIGRATION_LOCK_ID = 724_311_001;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target) : openPglite(target);
}

/**
 * Each connection's settings, run once when the pool opens it (decision 030): PgBouncer refuses connections that
 * send them as startup options (docs/scaling.md). statement_timeout: a slow statement is cancelled rather than
 * holding a pool connection for ever.
 */
const sessionSettings = (statementTimeoutMs: number) =>
  `set join_collapse_limit = ${JOIN_COLLAPSE_LIMIT}; set statement_timeout = ${Math.round(statementTimeoutMs)}`;

/** A request waits at most this long for a connection (a database that does not answer is a 503, not a hang). */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres({
  url,
  readUrl,
  poolSize = 10,
  statementTimeoutMs = 30_000,
}: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  const availability = new DatabaseAvailability({ probe: () => probeDatabase(url) });
  const pool = openPool(url, poolSize, statementTimeoutMs, availability);
  const readPool = readUrl ? openPool(readUrl, poolSize, statementTimeoutMs, availability) : undefined;
  const db = drizzlePg({ client: pool }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    readDb: readPool ? (drizzlePg({ client: readPool }) as unknown as Database) : db,
    availability,
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await Promise.all([pool.end(), readPool?.end()]);
    },
    withExclusiveLock: async (fn) => {
      const client = await pool.connect();
      try {
        // Waiting for another process's migrations may take longer than a request's timeout too.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        return await fn(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        // The connection is closed, but behind a pooler in transaction mode its setting would stay on the server
        // connection (docs/scaling.md: run migrations directly against PostgreSQL there).
        await client.query(sessionSettings(statementTimeoutMs)).catch(() => {});
        client.release(true);
      }
    },
  };
}

/** `select 1` on a connection of its own, outside the pool, within the connect timeout (db/availability.ts). */
async function probeDatabase(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    // Not awaited: ending a client whose connection never opened need not answer.
    client.end().catch(() => {});
  }
}

function openPool(
  url: string,
  poolSize: number,
  statementTimeoutMs: number,
  availability: DatabaseAvailability,
): pg.Pool {
  const pool = new TransactionSafePool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Before the connection serves a query; failing, the query that wanted it fails (a 503).
    onConnect: async (client) => {
      await client.query(sessionSettings(statementTimeoutMs));
    },
  });
  // An idle client losing its connection (the database restarting) must not crash the process: the pool drops
  // it, the outage is logged once, and the next query connects anew.
  pool.on('error', (error) => availability.failed(error));
  pool.on('connect', (client) => {
    availability.succeeded();
    // A client checked out between two statements of a transaction has no pool listener: its connection ending
    // would be an uncaught 'error' event, killing the process. The statement after fails instead (a 503), and
    // the pool drops the client when it is released.
    client.on('error', (error) => availability.failed(error));
  });
  return pool;
}

async function openPglite(target: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  return pgliteHandle(await startPglite(target));
}

/** A running PGlite with the app's extensions and session settings (also the tests' pool, pglite-pool.ts). */
export async function startPglite({
  dataDir,
  loadDataDir,
}: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<PGlite> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // A new directory starts from the build's migrated template instead of PGlite's initdb (pglite-template.ts).
  if (dataDir && !loadDataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    loadDataDir = readPgliteTemplate();
  // pg_trgm serves the claims search, as on PostgreSQL (migration 0004 creates the extension); btree_gin the
  // search within one company (migration 0020).
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, btree_gin },
  });
  await configurePgliteSession(client);
  await client.waitReady;
  return client;
}

/** The settings every PGlite session of the app runs with (again after `discard all`, src/server/test/pglite-pool.ts). */
export async function configurePgliteSession(client: PGlite) {
  forgetNamedStatements(client);
  await client.exec(`set join_collapse_limit = ${JOIN_COLLAPSE_LIMIT}`);
}

/** The app's handle on a running PGlite: its queries take the gate's turns; closing it closes the PGlite. */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const gate = new FairGate();
  const db = drizzlePglite({ client: gated(client, gate) }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    readDb: db,
    gate,
    // In the process: reachable while the process runs.
    availability: new DatabaseAvailability(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    // One process owns a PGlite directory, and PGlite runs one query at a time: nothing to coordinate.
    withExclusiveLock: (fn) => fn(),
  };
}

/** The PGlite methods that run SQL: each call is one task of the gate. */
const GATED_METHODS = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * The PGlite client with its queries and transactions run when the gate gives them their turn. PGlite itself runs
 * them one at a time, in the order asked, each blocking the event loop while it runs.
 */
function gated(client: PGlite, gate: FairGate): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!GATED_METHODS.has(property)) return method.bind(target);
      if (property === 'query')
        return (...args: Parameters<PGlite['query']>) => gate.run(() => queryByName(target, ...args));
      return (...args: unknown[]) => gate.run(() => method.apply(target, args) as Promise<unknown>);
    },
  });
}
