/**
 * How the bare server runs exactly the app's SQL for a request (issue 30): the app, built in the same process on
 * its own pool, answers the request once while that pool records each statement it is sent (text, parameters,
 * name, row mode and type parsers, as Drizzle gives them). The bare server then sends those statements itself on
 * every such request — the same ones, in the same order, those in flight together sent together — and builds the
 * JSON from their rows by hand. The session lookup and its touch are left out of the recording: the bare server
 * looks the session up itself, per request, with the app's statement.
 */
import type pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';

/** A statement as node-postgres was given it. */
type Statement = pg.QueryConfig & { rowMode?: 'array' };

/** Statements sent one after another; the statements of one step were in flight together. */
export type Recording = Statement[][];

/** What the app answered a request, and the statements it sent for it. */
export interface Recorded {
  recording: Recording;
  status: number;
  body: string;
}

/** The session's own statements, which the bare server sends itself. */
const isSessionStatement = ({ name, text }: Statement) =>
  name === 'find_session' || /^update "sessions"/i.test(text);

/** The app in this process, on its own pool of `databaseUrl`, answering requests to record their statements. */
export async function appRecorder(databaseUrl: string) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  const app = await buildApp({
    config: loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
    }),
    database,
  });
  let steps: Recording | undefined;
  let inFlight = 0;
  /** `query` that records the statements it is sent (while a request is recorded). */
  const recordingQuery =
    (query: (...args: unknown[]) => Promise<unknown>) =>
    (...args: unknown[]) => {
      // The pool's own `query` runs on a client with a callback: recorded once, by the pool.
      if (args.some((arg) => typeof arg === 'function')) return query(...args);
      const [config, values] = args;
      const statement: Statement =
        typeof config === 'string'
          ? { text: config, values: values as unknown[] }
          : {
              ...(config as Statement),
              values: (values as unknown[] | undefined) ?? (config as Statement).values,
            };
      if (steps && !isSessionStatement(statement)) {
        // A statement sent while another is in flight joins that one's step.
        if (inFlight === 0 || steps.length === 0) steps.push([statement]);
        else steps.at(-1)!.push(statement);
      }
      inFlight++;
      return query(...args).finally(() => inFlight--);
    };
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = recordingQuery(poolQuery) as typeof pool.query;
  // A client checked out (for a transaction) records too. The app's pool hands out a proxy of each client
  // (TransactionSafePool): it is wrapped, not changed.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect().then((client) => {
      const query = recordingQuery(client.query.bind(client) as (...args: unknown[]) => Promise<unknown>);
      return new Proxy(client, {
        get: (target, property) => (property === 'query' ? query : Reflect.get(target, property, target)),
      });
    });
  }) as typeof pool.connect;

  // One request recorded at a time: every statement the pool is sent meanwhile is that request's.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    app,
    record(url: string, cookie: string | undefined): Promise<Recorded> {
      const next = queue.then(async () => {
        steps = [];
        try {
          const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
          return { recording: steps, status: response.statusCode, body: response.body };
        } finally {
          steps = undefined;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

/**
 * Sends a recording's statements: a step's statements together, on the pool; a recording that opens a
 * transaction, on one client, one after another (as the app's transaction does).
 */
export async function replay(pool: pg.Pool, recording: Recording): Promise<pg.QueryResult<unknown[]>[]> {
  const inTransaction = recording.some((step) => step.some(({ text }) => /^begin/i.test(text)));
  const results: pg.QueryResult<unknown[]>[] = [];
  if (inTransaction) {
    const client = await pool.connect();
    try {
      for (const step of recording) {
        for (const statement of step) results.push(await client.query<unknown[]>(statement));
      }
    } finally {
      client.release();
    }
    return results;
  }
  for (const step of recording) {
    results.push(...(await Promise.all(step.map((statement) => pool.query<unknown[]>(statement)))));
  }
  return results;
}
