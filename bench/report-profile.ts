/**
 * `npx tsx bench/report-profile.ts [--user alex.admin] [--query range=last_year] [--runs 5] [--fleet] [--explain]`
 * Computes a report (or, with --fleet, the Fleet Dashboard), never its kept answer, in this process against the database of the
 * environment (DATABASE_URL, else the PGlite directory under DATA_DIR), one request at a time, and prints how
 * long each run took and each query of the last run. This is how the PGlite figures are measured: PGlite has one
 * connection, so one request at a time is what a server on it does anyway.
 */
import { parseArgs } from 'node:util';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { reportFilterSchema } from '../src/shared/reports.js';
import { userActor } from '../src/server/actor.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, queryRows, type Database } from '../src/server/db/client.js';
import { userCompanies, users } from '../src/server/db/schema/index.js';
import { fleetCompaniesFor, fleetFiguresNow, buildReport } from '../src/server/modules/reports/index.js';

const { values } = parseArgs({
  options: {
    user: { type: 'string', default: 'alex.admin' },
    query: { type: 'string', default: 'range=last_year' },
    runs: { type: 'string', default: '5' },
    fleet: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
);
const db = database.db;
const [user] = await db.select().from(users).where(eq(users.username, values.user));
if (!user) throw new Error(`no user ${values.user}`);
const links = await db.select().from(userCompanies).where(eq(userCompanies.userId, user.id));
const actor = userActor({ user, companyIds: links.map((link) => link.companyId) });
const filter = reportFilterSchema.parse(Object.fromEntries(new URLSearchParams(values.query)));
// The dashboard the user opens first (the first company they may open); computed here, never a kept answer.
const [fleetCompany] = values.fleet ? await fleetCompaniesFor(db, actor) : [];
if (values.fleet && !fleetCompany) throw new Error(`${values.user} cannot open a Fleet Dashboard`);

// Each query of a run, with its time: `execute` is what every report query goes through (queryRows), on the
// report's transaction. With --explain, each query of the last run is also explained (EXPLAIN ANALYZE, BUFFERS).
const dialect = new PgDialect();
let timings: { ms: number; text: string; plan?: string }[] = [];
let explain = false;
const timed = (target: Database): Database['execute'] => {
  const execute = target.execute.bind(target);
  return (async (query: SQL) => {
    const started = performance.now();
    try {
      return await execute(query);
    } finally {
      const ms = performance.now() - started;
      const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ');
      const plan = explain && /^\s*(select|with)/i.test(text) ? await planOf(execute, query) : undefined;
      timings.push({ ms, text: text.slice(0, 110), plan });
    }
  }) as Database['execute'];
};
async function planOf(execute: Database['execute'], query: SQL) {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    { execute } as unknown as Database,
    sql`explain (analyze, buffers) ${query}`,
  );
  return rows.map((row) => `      ${row['QUERY PLAN']}`).join('\n');
}
const transaction = db.transaction.bind(db);
db.transaction = ((run: (tx: Database) => Promise<unknown>, config?: unknown) =>
  transaction(async (tx) => {
    tx.execute = timed(tx as unknown as Database);
    return run(tx as unknown as Database);
  }, config as never)) as typeof db.transaction;

const totals: number[] = [];
for (let run = 0; run < Number(values.runs); run++) {
  timings = [];
  explain = values.explain && run === Number(values.runs) - 1;
  const started = performance.now();
  if (fleetCompany) await fleetFiguresNow(db, fleetCompany.id);
  else await buildReport(db, actor.scope, filter);
  if (!explain) totals.push(performance.now() - started);
}
console.log(
  `${database.kind}, ${values.fleet ? 'fleet dashboard' : values.query} as ${values.user}: ${totals.map((ms) => ms.toFixed(0)).join(', ')} ms`,
);
for (const { ms, text, plan } of timings) {
  console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${text}`);
  if (plan) console.log(plan);
}
await database.close();
