import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { configurePgliteSession, pgliteHandle, startPglite, type DatabaseHandle } from '../db/client.js';

/**
 * The in-memory PGlite databases of one Vitest worker's integration tests (issue 29). Loading the run's migrated
 * snapshot costs about 1.4 s a database (44 MB untarred into the WebAssembly file system, PostgreSQL started, its
 * catalogs read cold); emptying a used one back to the snapshot costs about 60 ms (measured 2026-11-29, six apps
 * each way in one file). So a database a file closes goes back to the worker: every table of the app truncated,
 * identities restarted, planner statistics dropped, the session discarded (settings, prepared statements, locks)
 * and set up again — and the worker's next file gets it as a fresh one. A database whose schema a test changed (its
 * fingerprint differs from the snapshot's), or that a test closed itself, is closed, never reused. The files of a
 * worker run one after another and share this module (`isolate: false`, vitest.config.ts).
 */

/** How many emptied databases a worker keeps (a file opens up to five at once). */
const KEEP = 6;
const idle: PGlite[] = [];
let snapshot: Promise<{ fingerprint: string; truncate: string }> | undefined;

/** Every name, column, default, constraint, trigger and function body of the app's schemas, as one hash. */
const FINGERPRINT = `
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select 'r:' || c.oid::regclass || ':' || c.relkind::text as item from pg_class c
      where c.relnamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
    union all select 'a:' || attrelid::regclass || '.' || attname || ':' || format_type(atttypid, atttypmod) || ':'
      || attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all select 'x:' || conrelid::regclass || '.' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = 'public'::regnamespace
    union all select 't:' || tgrelid::regclass || '.' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'f:' || p.oid::regprocedure || ':' || md5(p.prosrc) from pg_proc p
      where p.pronamespace = 'public'::regnamespace
    union all select 'e:' || extname || ':' || extversion from pg_extension
    union all select 'm:' || count(*) from drizzle.__drizzle_migrations
  ) items`;

const loadSnapshot = (file: string) =>
  startPglite({ kind: 'pglite', dataDir: undefined, loadDataDir: new Blob([fs.readFileSync(file)]) });

/** What a database straight from the snapshot looks like, read from the worker's first one before any test. */
async function describeSnapshot(client: PGlite) {
  const [{ fingerprint }] = (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows as [
    { fingerprint: string },
  ];
  const tables = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const truncate = `truncate ${tables.rows.map((table) => table.name).join(', ')} restart identity cascade`;
  return { fingerprint, truncate };
}

/** Empties a database a file has closed back to the snapshot and keeps it, or closes it (see above). */
async function giveBack(client: PGlite) {
  if (client.closed) return;
  try {
    const expected = await snapshot!;
    const [{ fingerprint }] = (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows as [
      { fingerprint: string },
    ];
    if (fingerprint !== expected.fingerprint || idle.length >= KEEP) return void (await client.close());
    await client.exec(expected.truncate);
    await client.exec(
      `delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`,
    );
    await client.exec('discard all');
    await configurePgliteSession(client);
    idle.push(client);
  } catch {
    await client.close().catch(() => undefined);
  }
}

/** The PGlite methods that run SQL: refused once the file that had the database has closed it. */
const SQL_METHODS = new Set<PropertyKey>([
  'query',
  'exec',
  'transaction',
  'sql',
  'execProtocol',
  'execProtocolRaw',
]);

/**
 * A database as the run's migrated snapshot left it, for one file: a kept one of the worker's or a new one. Closing
 * the handle gives it back; anything of the file still running after that (work its app left behind) is refused as a
 * closed PGlite would refuse it, so nothing reaches the next file's data.
 */
export async function leasePgliteDatabase(snapshotFile: string): Promise<DatabaseHandle> {
  let client = idle.pop();
  if (!client) {
    client = await loadSnapshot(snapshotFile);
    snapshot ??= describeSnapshot(client);
    await snapshot;
  }
  const lent = client;
  let returned = false;
  const lease = new Proxy(lent, {
    get(target, property) {
      if (property === 'closed') return returned || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (returned && SQL_METHODS.has(property)) return () => Promise.reject(new Error('PGlite is closed'));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const handle = pgliteHandle(lease);
  return {
    ...handle,
    close: async () => {
      if (returned) return;
      returned = true;
      await giveBack(lent);
    },
  };
}
