import pg from 'pg';

const BEGIN = /^\s*begin\b/i;

function statementText(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * A client for one checkout: when its first statement is a `begin` that fails, it goes back to the pool with the
 * error (pg-pool then drops it), and a later `release()` of this checkout does nothing. Its statements run one after
 * another in the order they were sent: a transaction's code that asks two things at once (`Promise.all` over the
 * transaction) waits here, not in pg's own queue, which pg 8 warns is deprecated and pg 9 removes.
 */
function releasedWhenBeginFails(client: pg.PoolClient): pg.PoolClient {
  let released = false;
  let first = true;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  // The last statement sent: the next one starts when it has settled.
  let previous: Promise<unknown> = Promise.resolve();
  const send = (args: unknown[]) => (client.query as (...a: unknown[]) => unknown)(...args);
  const query = (...args: unknown[]) => {
    const begins = first && BEGIN.test(statementText(args[0]));
    first = false;
    // A callback or a submittable (a cursor, a stream) keeps pg's own handling.
    const promised =
      typeof args.at(-1) !== 'function' && typeof (args[0] as { submit?: unknown })?.submit !== 'function';
    if (!promised) return send(args);
    const result = previous.then(() => send(args));
    previous = result.catch(() => undefined);
    if (!begins) return result;
    return result.catch((error: unknown) => {
      release(error instanceof Error ? error : true);
      throw error;
    });
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'release') return release;
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A pg.Pool that does not lose a connection when a transaction cannot begin. Drizzle's node-postgres
 * `transaction()` checks a client out and runs `begin` before the try/finally that releases it (drizzle-orm 0.45.4,
 * drizzle-team/drizzle-orm#6023 and #6241, open): when `begin` fails — the connection died between checkout and
 * `begin`, as when the database restarts under load — the client is never released. The pool is one connection
 * smaller for the life of the process (a few outages and every request waits for a connection that never comes),
 * and `pool.end()` waits for it for ever. Here a checkout whose `begin` fails releases its client itself.
 * The callback form of `connect` (pool.query's) releases its clients already and is left as it is.
 */
export class TransactionSafePool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    const connect = this.connect.bind(this) as (callback?: unknown) => unknown;
    this.connect = ((callback?: unknown) =>
      callback === undefined
        ? (connect() as Promise<pg.PoolClient>).then(releasedWhenBeginFails)
        : connect(callback)) as pg.Pool['connect'];
  }
}
