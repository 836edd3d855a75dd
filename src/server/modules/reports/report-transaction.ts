import { sql } from 'drizzle-orm';
import { connectionsOf, hasConnectionNow, perDatabase, queryRows, type Database } from '../../db/client.js';
import { ReportSlots } from './report-slots.js';

/**
 * A report's transaction: one repeatable-read snapshot that every section counts (a claim moved meanwhile cannot be
 * in one section and not another), in a bounded number of report slots per pool, and its sections run side by side
 * on more than one connection in that same snapshot when a slot is free (decision 052).
 */

/** The memory each sort or hash of a report may use before it spills to disk (PostgreSQL's default is 4 MB). */
const REPORT_WORK_MEM = '32MB';

/**
 * JIT compilation is off in a report: PostgreSQL compiles a query it expects to be expensive, which cost these short
 * aggregations 100–150 ms each (measured on the 100,000-claim demo database) for nothing. Sorts get
 * `REPORT_WORK_MEM`: the medians sort every span of the period, which spilled to disk at the default 4 MB (time in
 * status: 130 → 100 ms for a manager's year on the demo database, and more with more claims).
 */
const reportSettingsSql = sql`select set_config('jit', 'off', true), set_config('work_mem', ${REPORT_WORK_MEM}, true)`;

/**
 * How many report transactions one process runs at once on one pool: 3 of its 10 connections (at least one). A
 * report holds its connection for its whole transaction (seconds on a large database), so without a bound a few
 * managers opening reports took every connection: the other requests then waited out the 5 s connect timeout and
 * answered 503, and `/api/ready` failed, so a load balancer took a healthy process out (seen at 8 concurrent
 * reports on 1,000,000 claims). The rest wait in this process, in arrival order, holding no connection, for at
 * most 30 s (`ReportSlots`). The report mail job passes its own transaction, so its reports (one at a time) run
 * outside this bound. A connection that runs a report's sections beside it (`sideBySide`) takes a slot too.
 */
const reportTransactionsMax = (db: Database) => Math.max(1, Math.floor(connectionsOf(db) * 0.3));
const reportSlots = perDatabase((db) => new ReportSlots(reportTransactionsMax(db)));

/** Runs `run` in one of `db`'s report slots: for what holds a connection as long as a report (waiting for one). */
export const inReportSlot = <T>(db: Database, run: () => Promise<T>): Promise<T> => reportSlots(db).run(run);

/**
 * How many connections beside its own one report may run its sections on, when report slots are free. The 2-core
 * machine of decision 052 has no core for a third.
 */
const SIDE_CONNECTIONS = 1;

/** A report transaction's pool, and its snapshot's name once exported for the connections beside it. */
interface Sides {
  pool: Database;
  snapshot?: string;
}
const sidesOf = new WeakMap<Database, Sides>();

/**
 * Runs `run` in a report transaction of `db`: repeatable read, read-only but for a kept answer's computation, which
 * keeps it in the same snapshot (kept-answers.ts), in one of `db`'s report slots.
 */
export function inReportTransaction<T>(
  db: Database,
  run: (tx: Database) => Promise<T>,
  { write = false }: { write?: boolean } = {},
): Promise<T> {
  return reportSlots(db).run(() =>
    db.transaction(
      async (tx) => {
        await tx.execute(reportSettingsSql);
        const report = tx as unknown as Database;
        // The embedded database has one connection: its sections run one after another.
        if (connectionsOf(db) > 1) sidesOf.set(report, { pool: db });
        return run(report);
      },
      { isolationLevel: 'repeatable read', accessMode: write ? 'read write' : 'read only' },
    ),
  );
}

type Sections<T extends readonly unknown[]> = { [K in keyof T]: (db: Database) => Promise<T[K]> };

/** A snapshot's name as `pg_export_snapshot` gives it (`00000003-0000001B-1`): written into SET TRANSACTION as is. */
const SNAPSHOT_NAME = /^[0-9A-F]+(-[0-9A-F]+)+$/i;

/**
 * The answers of `sections`, in their order, each run on `tx` or on a connection beside it in `tx`'s snapshot.
 * Within a report transaction of PostgreSQL with a report slot free, the snapshot is exported and a second
 * connection imports it (`SET TRANSACTION SNAPSHOT`) and takes sections from the same queue as `tx`: both count
 * exactly the same rows, and PostgreSQL works on two sections at once. Otherwise (the embedded database, a
 * transaction that is not a report's, every slot taken, no connection free in the pool) they run on `tx`, one
 * after another. A connection beside
 * takes its first section before it imports the snapshot, so `tx` (which waits for every section) is still open
 * when it does; one that gets its slot after the queue is empty does nothing, and a section it took but could not
 * start (no connection, no snapshot) runs on `tx` at the end.
 */
export async function sideBySide<T extends readonly unknown[]>(
  tx: Database,
  sections: Sections<T>,
): Promise<T> {
  const answers: unknown[] = [];
  let next = 0;
  // After a failure no connection takes another section: the report fails as soon as the running ones settle.
  let failed = false;
  const run = async (db: Database, index: number) => {
    try {
      answers[index] = await sections[index]!(db);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const work = async (db: Database) => {
    while (!failed && next < sections.length) await run(db, next++);
  };
  const sides = sidesOf.get(tx);
  const slots = sides && sections.length > 1 ? reportSlots(sides.pool) : undefined;
  // Only a connection the pool gives at once: waiting for one (other requests hold them all) would hold the
  // report's own connection longer than running its sections on it.
  if (!sides || !slots?.free() || !hasConnectionNow(sides.pool)) {
    await work(tx);
    return answers as unknown as T;
  }
  sides.snapshot ??= (
    await queryRows<{ name: string }>(tx, sql`select pg_export_snapshot() as name`)
  )[0]!.name;
  const { snapshot, pool } = sides;
  if (!SNAPSHOT_NAME.test(snapshot)) throw new Error(`unexpected snapshot name ${snapshot}`);
  // Sections a connection beside took but could not run: no connection came, or the snapshot could not be imported
  // (a replica address that leads to another standby than the one that exported it). `tx` runs them at the end.
  const givenBack: number[] = [];
  const beside = () =>
    slots.tryRun(async () => {
      if (failed || next >= sections.length || !hasConnectionNow(pool)) return;
      const first = next++;
      let imported = false;
      try {
        await pool.transaction(
          async (side) => {
            await side.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
            await side.execute(reportSettingsSql);
            imported = true;
            const db = side as unknown as Database;
            await run(db, first);
            await work(db);
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
      } catch (error) {
        if (imported) throw error;
        givenBack.push(first);
      }
    });
  // Every section settles before the answer (or the first failure) is given: the transaction must not end while a
  // section still runs on it.
  const settled = await Promise.allSettled([
    work(tx),
    ...Array.from({ length: Math.min(SIDE_CONNECTIONS, sections.length - 1) }, beside),
  ]);
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  for (const index of givenBack) await run(tx, index);
  return answers as unknown as T;
}
